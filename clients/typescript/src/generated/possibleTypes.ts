
      export type PossibleTypesResultData = {
  "possibleTypes": {
    "GameView": [
      "BoulderBluffView",
      "CactusView",
      "CliffsNCactusesView",
      "DaredevilRockView",
      "RacesmackView"
    ],
    "SubmitMoveResult": [
      "MoveAccepted",
      "MoveRejected"
    ]
  }
};
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "GameView": [
      "BoulderBluffView",
      "CactusView",
      "CliffsNCactusesView",
      "DaredevilRockView",
      "RacesmackView"
    ],
    "SubmitMoveResult": [
      "MoveAccepted",
      "MoveRejected"
    ]
  }
};
      export default result;
    