export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Date with time (isoformat) */
  DateTime: { input: string; output: string; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](https://ecma-international.org/wp-content/uploads/ECMA-404_2nd_edition_december_2017.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** A MoveInput value as JSON (one member: the match's game's move). Sent back unchanged as $move, it is a valid MoveInput. */
  MoveInputValue: { input: MoveInput; output: MoveInput; }
};

/** The moves of Boulder Bluff, by name. */
export type BoulderBluffAction =
  | 'CANCEL_NOTHING'
  | 'CANCEL_VALUE'
  | 'CHALK_UP'
  | 'CLIMB_BOULDER'
  | 'JOIN'
  | 'PLACE_INJURY'
  | 'PLAY_CARD'
  | 'PREP'
  | 'STAY'
  | 'STAY_OFF'
  | 'WITHDRAW';

export type BoulderBluffAnimal =
  | 'ANGRY_BEAR'
  | 'ANNOYING_ANTS'
  | 'BOAR_ASSAULT'
  | 'BORING_BADGER'
  | 'CRAZY_CHAMELEON'
  | 'CUTE_SQUIRREL'
  | 'HOWLY_WOLVES'
  | 'LUCKY_DEER'
  | 'MESSY_MEERKAT'
  | 'RARE_RABBIT'
  | 'SNEAKY_SNAKE'
  | 'TACTICAL_TROUT';

/** ``points`` at the end; climbed with cards of any of ``colours``; ``title`` is its fatigue colour. */
export type BoulderBluffBoulder = {
  __typename?: 'BoulderBluffBoulder';
  colours: Array<Colour>;
  number: Scalars['Int']['output'];
  points: Scalars['Int']['output'];
  title: Colour;
};

/** A climb card: a plain card has a value, colours and a title colour; an animal has none. */
export type BoulderBluffCard = {
  __typename?: 'BoulderBluffCard';
  animal: Maybe<BoulderBluffAnimal>;
  colours: Array<Colour>;
  name: Scalars['String']['output'];
  number: Scalars['Int']['output'];
  title: Maybe<Colour>;
  value: Maybe<Scalars['Int']['output']>;
};

export type BoulderBluffClaim = {
  __typename?: 'BoulderBluffClaim';
  boulder: BoulderBluffBoulder;
  injury: Maybe<Scalars['String']['output']>;
};

export type BoulderBluffClimbView = {
  __typename?: 'BoulderBluffClimbView';
  boulder: BoulderBluffBoulder;
  cancelled: Array<Scalars['Int']['output']>;
  climbers: Array<BoulderBluffClimberView>;
  final: Scalars['Boolean']['output'];
  number: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
};

export type BoulderBluffClimberView = {
  __typename?: 'BoulderBluffClimberView';
  added: Array<BoulderBluffCard>;
  chalk: Array<Scalars['Int']['output']>;
  faceDownCount: Scalars['Int']['output'];
  faceUp: Array<BoulderBluffCard>;
  hidden: Maybe<Array<BoulderBluffCard>>;
  seat: Scalars['Int']['output'];
};

/** One move of Boulder Bluff: the action and the fields it takes (see the game's rules). */
export type BoulderBluffMove = {
  action: BoulderBluffAction;
  boulder?: InputMaybe<Scalars['Int']['input']>;
  card?: InputMaybe<Scalars['Int']['input']>;
  faceDown?: InputMaybe<Scalars['Boolean']['input']>;
};

export type BoulderBluffPlayerView = {
  __typename?: 'BoulderBluffPlayerView';
  claimed: Array<BoulderBluffClaim>;
  hand: Maybe<Array<BoulderBluffCard>>;
  handSize: Scalars['Int']['output'];
  resigned: Scalars['Boolean']['output'];
  score: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
};

/** A climber's tally; ``animals``: Angry Bears' -1s. */
export type BoulderBluffStrength = {
  __typename?: 'BoulderBluffStrength';
  animals: Scalars['Int']['output'];
  chalk: Scalars['Int']['output'];
  fatigue: Scalars['Int']['output'];
  raw: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
  technique: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
};

/** The Boulder Bluff table as the caller may see it. */
export type BoulderBluffView = GameView & {
  __typename?: 'BoulderBluffView';
  active: Maybe<Scalars['Int']['output']>;
  animalKingdom: Scalars['Boolean']['output'];
  boarOptions: Array<Scalars['Int']['output']>;
  bouldersLeft: Scalars['Int']['output'];
  chalkInBag: Scalars['Int']['output'];
  climb: Maybe<BoulderBluffClimbView>;
  deadline: Maybe<Scalars['DateTime']['output']>;
  deckSize: Scalars['Int']['output'];
  discardPileSize: Scalars['Int']['output'];
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  hand: Array<BoulderBluffCard>;
  injuriesAffectClimbing: Scalars['Boolean']['output'];
  over: Scalars['Boolean']['output'];
  players: Array<BoulderBluffPlayerView>;
  reason: Maybe<Scalars['String']['output']>;
  row: Array<BoulderBluffBoulder>;
  seat: Maybe<Scalars['Int']['output']>;
  started: Scalars['Boolean']['output'];
  step: Scalars['String']['output'];
  tally: Array<BoulderBluffStrength>;
  turn: Scalars['Int']['output'];
  /** The match version (number of events) this view shows. */
  version: Scalars['Int']['output'];
  waitingOn: Array<Scalars['Int']['output']>;
};

/** The moves of The Cactus Card Game, by name. */
export type CactusAction =
  | 'DRAW_CARD'
  | 'LET_IT_STAND'
  | 'PICK_CARD'
  | 'PLAY_DRAW_THREE'
  | 'PLAY_FREE_POINT'
  | 'PLAY_REQUEST_A_CARD'
  | 'PLAY_SEE_AND_STEAL'
  | 'PLAY_SET'
  | 'PLAY_STEAL_A_CARD'
  | 'PLAY_STEAL_A_POINT'
  | 'PLAY_SWAP_HANDS'
  | 'STOP'
  | 'TAKE_CARD';

/** The action card waiting on its STOP window. */
export type CactusActionView = {
  __typename?: 'CactusActionView';
  kind: CactusKind;
  requested: Maybe<CactusKind>;
  seat: Scalars['Int']['output'];
  targets: Array<Scalars['Int']['output']>;
};

/** A card as the table sees it: its kind, never which copy it is (Ruling 1). */
export type CactusCardView = {
  __typename?: 'CactusCardView';
  kind: CactusKind;
  name: Scalars['String']['output'];
};

/** See and Steal or Steal a Card, waiting on the choosing seat's pick. */
export type CactusChoiceView = {
  __typename?: 'CactusChoiceView';
  deadline: Maybe<Scalars['DateTime']['output']>;
  fan: Maybe<Array<CactusKind>>;
  kind: Scalars['String']['output'];
  kinds: Maybe<Array<CactusKind>>;
  options: Maybe<Array<Scalars['Int']['output']>>;
  seat: Scalars['Int']['output'];
  victim: Scalars['Int']['output'];
};

/** What a card is, as the rulebook names it. */
export type CactusKind =
  | 'CHARLIE'
  | 'DRAW_3'
  | 'FREE_POINT'
  | 'REQUEST_A_CARD'
  | 'SEE_AND_STEAL'
  | 'SPIKE'
  | 'STEAL_A_CARD'
  | 'STEAL_A_POINT'
  | 'STOP'
  | 'SWAP_HANDS'
  | 'WALTER'
  | 'WILD';

/** One move of The Cactus Card Game: the action and the fields it takes (see the game's rules). */
export type CactusMove = {
  action: CactusAction;
  answers?: InputMaybe<Scalars['Int']['input']>;
  character?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  kind?: InputMaybe<Scalars['String']['input']>;
  position?: InputMaybe<Scalars['Int']['input']>;
  second?: InputMaybe<Scalars['Int']['input']>;
  victim?: InputMaybe<Scalars['Int']['input']>;
  wilds?: InputMaybe<Scalars['Int']['input']>;
};

export type CactusPlayerView = {
  __typename?: 'CactusPlayerView';
  hand: Maybe<Array<CactusCardView>>;
  handSize: Scalars['Int']['output'];
  playing: Scalars['Boolean']['output'];
  points: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
  turns: Scalars['Int']['output'];
};

/** What See and Steal showed you: the victim's hand, while you pick the card to take. */
export type CactusSeenHand = {
  __typename?: 'CactusSeenHand';
  cards: Array<CactusCardView>;
  victim: Scalars['Int']['output'];
};

/** The card See and Steal or Steal a Card last took from your hand, and who took it. */
export type CactusTakenView = {
  __typename?: 'CactusTakenView';
  by: Scalars['Int']['output'];
  kind: CactusKind;
};

/** The Cactus table as the caller may see it: your own hand, everyone's hand size and points, the discard pile, an open STOP window and who may still react. Nobody sees another player's hand or the draw pile's order until the match's full log is revealed. */
export type CactusView = GameView & {
  __typename?: 'CactusView';
  active: Maybe<Scalars['Int']['output']>;
  choice: Maybe<CactusChoiceView>;
  clockLeft: Maybe<Scalars['Int']['output']>;
  deadline: Maybe<Scalars['DateTime']['output']>;
  discards: Array<CactusCardView>;
  drawPileSize: Scalars['Int']['output'];
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  goal: Scalars['Int']['output'];
  hand: Array<CactusCardView>;
  over: Scalars['Boolean']['output'];
  players: Array<CactusPlayerView>;
  pointPileSize: Scalars['Int']['output'];
  reason: Maybe<Scalars['String']['output']>;
  seat: Maybe<Scalars['Int']['output']>;
  seen: Maybe<CactusSeenHand>;
  started: Scalars['Boolean']['output'];
  taken: Maybe<CactusTakenView>;
  turn: Scalars['Int']['output'];
  turnLimit: Maybe<Scalars['Int']['output']>;
  /** The match version (number of events) this view shows. */
  version: Scalars['Int']['output'];
  window: Maybe<CactusWindowView>;
  winner: Maybe<Scalars['Int']['output']>;
  winners: Array<Scalars['Int']['output']>;
};

/** An open STOP window. To STOP, send the STOP move with this window's answers. */
export type CactusWindowView = {
  __typename?: 'CactusWindowView';
  action: CactusActionView;
  answers: Scalars['Int']['output'];
  deadline: Maybe<Scalars['DateTime']['output']>;
  stands: Scalars['Boolean']['output'];
  stops: Array<Scalars['Int']['output']>;
  waitingOn: Array<Scalars['Int']['output']>;
};

/** The moves of Cliffs n' Cactuses, by name. */
export type CliffsNCactusesAction =
  | 'CHOOSE_TARGET'
  | 'DRAW'
  | 'KEEP_LARRY'
  | 'PLAY_CARD'
  | 'PLAY_LARRY'
  | 'THROW';

/** Where one trigger of a special acts: the card it acts on (in the revealer's queue, or any queue for an ANY Vaporize or Flip), the racer it names, and that racer's card. */
export type CliffsNCactusesAim = {
  __typename?: 'CliffsNCactusesAim';
  card: Maybe<CliffsNCactusesSpot>;
  racer: Maybe<Scalars['Int']['output']>;
  their: Maybe<CliffsNCactusesSpot>;
};

export type CliffsNCactusesCard = {
  __typename?: 'CliffsNCactusesCard';
  id: Scalars['Int']['output'];
  printed: CliffsNCactusesFace;
};

export type CliffsNCactusesCardTarget =
  | 'ANY'
  | 'LEFT'
  | 'LEFT_MOST'
  | 'RIGHT'
  | 'RIGHT_MOST';

/** What a card says. Fields a kind does not use stay at their defaults. - Bonus, Sabotage: ``name`` and ``metres`` (down for a Bonus, up for a Sabotage). - Multiplier: ``card``, the card it doubles, in the queue it lies in. - Vaporize, Flip: ``card``, the card of the revealer's queue it discards or flips. - Gift: ``card`` of the revealer's queue goes to the end of ``racer``'s queue. - Swap: ``card`` of the revealer's queue changes places with ``racer``'s ``their_card``. - Steal: ``racer``'s ``their_card`` goes to the end of the revealer's queue. - Draw: ``count`` cards from ``racer``'s hand, or from the deck when ``racer`` is None (the rulebook: "If there is no target racer, draw from the deck"). */
export type CliffsNCactusesFace = {
  __typename?: 'CliffsNCactusesFace';
  card: Maybe<CliffsNCactusesCardTarget>;
  count: Scalars['Int']['output'];
  fromDeck: Scalars['Boolean']['output'];
  kind: CliffsNCactusesKind;
  metres: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  racer: Maybe<CliffsNCactusesRacerTarget>;
  theirCard: Maybe<CliffsNCactusesCardTarget>;
};

/** The four card types, with the six types of special each its own kind. */
export type CliffsNCactusesKind =
  | 'BONUS'
  | 'DRAW'
  | 'FLIP'
  | 'GIFT'
  | 'MULTIPLIER'
  | 'SABOTAGE'
  | 'STEAL'
  | 'SWAP'
  | 'VAPORIZE';

/** The special being resolved, lifted out of ``seat``'s queue at ``index``; it acts ``triggers`` times, ``done`` of them so far. ``card`` has id 0 when other cards bear its face (Ruling 14). */
export type CliffsNCactusesLiftedView = {
  __typename?: 'CliffsNCactusesLiftedView';
  card: CliffsNCactusesCard;
  done: Scalars['Int']['output'];
  flipped: Scalars['Boolean']['output'];
  index: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
  triggers: Scalars['Int']['output'];
};

/** One move of Cliffs n' Cactuses: the action and the fields it takes (see the game's rules). */
export type CliffsNCactusesMove = {
  action: CliffsNCactusesAction;
  card?: InputMaybe<Scalars['Int']['input']>;
  option?: InputMaybe<Scalars['Int']['input']>;
  racer?: InputMaybe<Scalars['Int']['input']>;
  shape?: InputMaybe<Scalars['String']['input']>;
};

/** ``seat`` picks where the special acts: answer ``CHOOSE_TARGET`` with an index into ``aims``. */
export type CliffsNCactusesQuestionView = {
  __typename?: 'CliffsNCactusesQuestionView';
  aims: Array<CliffsNCactusesAim>;
  deadline: Maybe<Scalars['DateTime']['output']>;
  default: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
};

/** A card in a queue: ``card`` once revealed (id 0 when other cards bear its face: no copy's), or face down to the racer who played it (None to anyone else), whether it lies upside down, and who put it there face down (``larry``: by their Last-Ditch Larry, whose card nobody saw) - all of which the table watched (Ruling 14). */
export type CliffsNCactusesQueueCardView = {
  __typename?: 'CliffsNCactusesQueueCardView';
  card: Maybe<CliffsNCactusesCard>;
  flipped: Scalars['Boolean']['output'];
  larry: Scalars['Boolean']['output'];
  playedBy: Maybe<Scalars['Int']['output']>;
  revealed: Scalars['Boolean']['output'];
};

export type CliffsNCactusesRacerTarget =
  | 'ANY'
  | 'LEFT'
  | 'RIGHT';

export type CliffsNCactusesRacerView = {
  __typename?: 'CliffsNCactusesRacerView';
  done: Scalars['Boolean']['output'];
  hand: Maybe<Array<CliffsNCactusesCard>>;
  handSize: Scalars['Int']['output'];
  known: Array<CliffsNCactusesCard>;
  larry: Scalars['Boolean']['output'];
  moved: Maybe<Scalars['Int']['output']>;
  playing: Scalars['Boolean']['output'];
  playsLeft: Scalars['Int']['output'];
  position: Scalars['Int']['output'];
  queue: Array<CliffsNCactusesQueueCardView>;
  seat: Scalars['Int']['output'];
};

/** A card of a queue, by the queue's seat and its index; ``index`` None is the empty queue's "empty card" (FOUND: it can be targeted). */
export type CliffsNCactusesSpot = {
  __typename?: 'CliffsNCactusesSpot';
  index: Maybe<Scalars['Int']['output']>;
  seat: Scalars['Int']['output'];
};

export type CliffsNCactusesStageView = {
  __typename?: 'CliffsNCactusesStageView';
  defaultMovement: Scalars['Int']['output'];
  number: Scalars['Int']['output'];
  plays: Scalars['Int']['output'];
};

export type CliffsNCactusesTiebreakView = {
  __typename?: 'CliffsNCactusesTiebreakView';
  bestOf: Scalars['Int']['output'];
  contenders: Array<Scalars['Int']['output']>;
  entrants: Array<Scalars['Int']['output']>;
  pairs: Array<Array<Scalars['Int']['output']>>;
  purpose: Scalars['String']['output'];
  through: Array<Scalars['Int']['output']>;
  thrown: Array<Scalars['Int']['output']>;
  wins: Array<Scalars['Int']['output']>;
};

/** The cliff as the caller may see it: positions, the stage, the phase and its deadline, every queue, your hand, and what Resolution is doing. */
export type CliffsNCactusesView = GameView & {
  __typename?: 'CliffsNCactusesView';
  deadline: Maybe<Scalars['DateTime']['output']>;
  deckSize: Scalars['Int']['output'];
  discards: Array<CliffsNCactusesCard>;
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  hand: Array<CliffsNCactusesCard>;
  lastCall: Array<Scalars['Int']['output']>;
  leader: Maybe<Scalars['Int']['output']>;
  lifted: Maybe<CliffsNCactusesLiftedView>;
  order: Array<Scalars['Int']['output']>;
  phase: Scalars['String']['output'];
  question: Maybe<CliffsNCactusesQuestionView>;
  racers: Array<CliffsNCactusesRacerView>;
  reason: Maybe<Scalars['String']['output']>;
  revealing: Maybe<Scalars['Int']['output']>;
  round: Scalars['Int']['output'];
  seat: Maybe<Scalars['Int']['output']>;
  stack: Scalars['Boolean']['output'];
  stage: Maybe<CliffsNCactusesStageView>;
  tiebreak: Maybe<CliffsNCactusesTiebreakView>;
  /** The match version (number of events) this view shows. */
  version: Scalars['Int']['output'];
  winners: Array<Scalars['Int']['output']>;
};

/** A colour printed on a card: each game prints some of them. */
export type Colour =
  | 'BLUE'
  | 'GREEN'
  | 'ORANGE'
  | 'PURPLE'
  | 'RED';

/** The moves of Daredevil Rock, by name. */
export type DaredevilRockAction =
  | 'CLIMB'
  | 'END_TURN'
  | 'EXAMINE'
  | 'FREE_CLIMB'
  | 'HANG'
  | 'PROBE'
  | 'REPEL'
  | 'RETRIEVE_CAM'
  | 'SET_CAM';

/** A playing card. Jokers have no rank; copy tells the two Jokers apart (0 on every other card). */
export type DaredevilRockCard = {
  __typename?: 'DaredevilRockCard';
  copy: Scalars['Int']['output'];
  isJoker: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  rank: Maybe<Scalars['Int']['output']>;
  suit: Scalars['String']['output'];
};

export type DaredevilRockClimberView = {
  __typename?: 'DaredevilRockClimberView';
  actions: Scalars['Int']['output'];
  cams: Array<DaredevilRockSpot>;
  column: Maybe<Scalars['Int']['output']>;
  eliminated: Scalars['Boolean']['output'];
  level: Scalars['Int']['output'];
  mustExamine: Scalars['Boolean']['output'];
  reserve: Scalars['Int']['output'];
  seat: Scalars['Int']['output'];
  turns: Scalars['Int']['output'];
};

/** One move of Daredevil Rock: the action and the fields it takes (see the game's rules). */
export type DaredevilRockMove = {
  action: DaredevilRockAction;
  column?: InputMaybe<Scalars['Int']['input']>;
  level?: InputMaybe<Scalars['Int']['input']>;
};

export type DaredevilRockSpaceView = {
  __typename?: 'DaredevilRockSpaceView';
  cams: Array<Scalars['Int']['output']>;
  card: Maybe<DaredevilRockCard>;
  climber: Maybe<Scalars['Int']['output']>;
  column: Scalars['Int']['output'];
  faceUp: Scalars['Boolean']['output'];
  level: Scalars['Int']['output'];
};

/** A card's place on the cliff: level 1 is the bottom row, column 0 the left. */
export type DaredevilRockSpot = {
  __typename?: 'DaredevilRockSpot';
  column: Scalars['Int']['output'];
  level: Scalars['Int']['output'];
};

/** The Daredevil Rock table as the caller may see it: face-down cards have card null (the draw deck's order is shown only once the match's full log is revealed). */
export type DaredevilRockView = GameView & {
  __typename?: 'DaredevilRockView';
  actionsLeft: Scalars['Int']['output'];
  active: Maybe<Scalars['Int']['output']>;
  blindMansBluff: Scalars['Boolean']['output'];
  climbers: Array<DaredevilRockClimberView>;
  columns: Scalars['Int']['output'];
  deadline: Maybe<Scalars['DateTime']['output']>;
  deck: Maybe<Array<DaredevilRockCard>>;
  deckSize: Scalars['Int']['output'];
  discards: Array<DaredevilRockCard>;
  freeClimb: Maybe<DaredevilRockSpot>;
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  levels: Scalars['Int']['output'];
  limitedCams: Maybe<Scalars['Int']['output']>;
  mustExamine: Scalars['Boolean']['output'];
  over: Scalars['Boolean']['output'];
  seat: Maybe<Scalars['Int']['output']>;
  spaces: Array<DaredevilRockSpaceView>;
  started: Scalars['Boolean']['output'];
  turn: Scalars['Int']['output'];
  turnLimit: Maybe<Scalars['Int']['output']>;
  /** The match version (number of events) this view shows. */
  version: Scalars['Int']['output'];
  winner: Maybe<Scalars['Int']['output']>;
};

/** The next timer of the match: when it passes, the game applies a timeout. */
export type Deadline = {
  __typename?: 'Deadline';
  at: Scalars['DateTime']['output'];
  id: Scalars['String']['output'];
  /** What passing it ends, in the game's words: "turn", ... */
  kind: Scalars['String']['output'];
};

/** A game this server hosts. */
export type GameInfo = {
  __typename?: 'GameInfo';
  /** Bot levels addBot(level:) takes. */
  bots: Array<Scalars['String']['output']>;
  designer: Scalars['String']['output'];
  /** What createMatch(game:) takes, e.g. daredevil-rock. */
  key: Scalars['String']['output'];
  maxPlayers: Scalars['Int']['output'];
  minPlayers: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  /** JSON Schema of createMatch(options:). */
  optionsSchema: Scalars['JSON']['output'];
  /** The version of the rules this server plays, raised by one whenever they change; each match records the one it was created under (Match.rulesVersion). */
  rulesVersion: Scalars['Int']['output'];
  summary: Scalars['String']['output'];
};

/** What one caller may see of a match at one version, typed per game. */
export type GameView = {
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  /** The match version (number of events) this view shows. */
  version: Scalars['Int']['output'];
};

/** Ratings on one board of one game, best first (openskill Plackett-Luce). */
export type LeaderboardConnection = {
  __typename?: 'LeaderboardConnection';
  edges: Array<LeaderboardEdge>;
  /** The caller's own entry on this board with its rank, even when it is not on this page; null for an anonymous caller, one without a rating here, or one hidden from the board. */
  me: Maybe<LeaderboardEntry>;
  pageInfo: PageInfo;
  /** The board's season; null: the all-time board. */
  season: Maybe<Season>;
};

export type LeaderboardEdge = {
  __typename?: 'LeaderboardEdge';
  cursor: Scalars['String']['output'];
  node: LeaderboardEntry;
};

/** One player's standing on one board. */
export type LeaderboardEntry = {
  __typename?: 'LeaderboardEntry';
  matches: Scalars['Int']['output'];
  mu: Scalars['Float']['output'];
  /** mu - 3 sigma: what the board is sorted by (= rating). */
  ordinal: Scalars['Float']['output'];
  player: Player;
  /** Too few rated matches on this board to mean much yet. */
  provisional: Scalars['Boolean']['output'];
  /** 1 for the best rating; equal ratings share a rank. */
  rank: Scalars['Int']['output'];
  /** The displayed rating: the ordinal, mu - 3 sigma. */
  rating: Scalars['Float']['output'];
  sigma: Scalars['Float']['output'];
  wins: Scalars['Int']['output'];
};

/** A move the caller may make now. */
export type LegalMove = {
  __typename?: 'LegalMove';
  /** A valid MoveInput value: send it back unchanged as $move. */
  input: Scalars['MoveInputValue']['output'];
  /** A short sentence for people. */
  label: Scalars['String']['output'];
};

/** A match: its seats, its log and, for the caller, its view and legal moves. */
export type Match = {
  __typename?: 'Match';
  createdAt: Scalars['DateTime']['output'];
  /** The next timer that ends a turn, round or window, if any. */
  deadline: Maybe<Deadline>;
  /** Why the match was aborted, in a short sentence (an admin stopped it, it reached its log limit, ...); null unless the match is ABORTED with a reason. */
  endReason: Maybe<Scalars['String']['output']>;
  /** The log after event `after` (default: from the start), redacted for the caller, one page at a time: `first` defaults to and is capped at the server's page limit (GRAPHQL_EVENTS_PAGE_MAX, 200 unless configured). For the next page, pass the last `seq` you received as `after`. */
  events: Array<MatchEvent>;
  finishedAt: Maybe<Scalars['DateTime']['output']>;
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  /** The player who created the match: only they may add bots and start it. */
  host: Maybe<Player>;
  id: Scalars['ID']['output'];
  /** What the caller may do now; empty when it is not the caller's turn. */
  legalMoves: Array<LegalMove>;
  /** The caller's seat index, or null for a spectator. */
  mySeat: Maybe<Scalars['Int']['output']>;
  /** The options the match was created with, defaults filled in. */
  options: Scalars['JSON']['output'];
  /** Ranks and scores, once the match is finished. */
  outcome: Maybe<Outcome>;
  /** The rules version of its game when the match was created (GameInfo.rulesVersion then); a match older than its game's current version replays as it was played. */
  rulesVersion: Scalars['Int']['output'];
  seats: Array<Seat>;
  /** The match seed, shown once everyone may see the full log (after the end). */
  seed: Maybe<Scalars['String']['output']>;
  /** SHA-256("cliffside-seed-v1:<seed>:<salt>") as lowercase hex: published from the lobby on, before any card is dealt, so the seed cannot be chosen after. seed and seedSalt open it once the full log is revealed. */
  seedCommitment: Scalars['String']['output'];
  /** The salt of seedCommitment, shown with the seed (after the end). */
  seedSalt: Maybe<Scalars['String']['output']>;
  status: MatchStatus;
  /** Whether the revealed seed opens seedCommitment and the engine, from it, gives exactly the logged events; null until the full log is revealed (a finished match with revealAfterEnd). */
  verification: Maybe<SeedVerification>;
  /** The number of events in the log. */
  version: Scalars['Int']['output'];
  /** The match at `atVersion` (default: now) as the caller may see it: a seat sees its own secrets, a spectator none; once a match is over with revealAfterEnd, everyone sees all. Null in a lobby with fewer seats than the game deals for. */
  view: Maybe<GameView>;
  /** The seats the match waits on now: it moves on when they act, or when its deadline passes. A seat whose only moves are optional (a reaction nobody has to make) is not listed, though its legalMoves are not empty. Empty unless the match is ACTIVE. */
  waitingOn: Array<Scalars['Int']['output']>;
};


/** A match: its seats, its log and, for the caller, its view and legal moves. */
export type MatchEventsArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  asSeat?: InputMaybe<Scalars['Int']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** A match: its seats, its log and, for the caller, its view and legal moves. */
export type MatchViewArgs = {
  asSeat?: InputMaybe<Scalars['Int']['input']>;
  atVersion?: InputMaybe<Scalars['Int']['input']>;
};

/** Matches, newest first. */
export type MatchConnection = {
  __typename?: 'MatchConnection';
  edges: Array<MatchEdge>;
  pageInfo: PageInfo;
};

export type MatchEdge = {
  __typename?: 'MatchEdge';
  cursor: Scalars['String']['output'];
  node: Match;
};

/** One event of the match log, redacted for the caller. */
export type MatchEvent = {
  __typename?: 'MatchEvent';
  at: Scalars['DateTime']['output'];
  /** The move of a bot standing in for the seat's absent player. */
  byStandIn: Scalars['Boolean']['output'];
  data: Maybe<Scalars['JSON']['output']>;
  /** The seat whose move produced it; null for the server. */
  seat: Maybe<Scalars['Int']['output']>;
  /** 1-based; the match version right after this event. */
  seq: Scalars['Int']['output'];
  type: Scalars['String']['output'];
};

/** The match a mutation acted on, or the error that refused it (match null). */
export type MatchPayload = {
  __typename?: 'MatchPayload';
  error: Maybe<UserError>;
  match: Maybe<Match>;
};

/** Where a match is in its life. */
export type MatchStatus =
  | 'ABORTED'
  | 'ACTIVE'
  | 'FINISHED'
  | 'LOBBY';

/** What changed in a match since the previous update (or since afterVersion). */
export type MatchUpdate = {
  __typename?: 'MatchUpdate';
  /** The events after the previous update's version, up to `version`, redacted. */
  events: Array<MatchEvent>;
  /** What the caller may do at `version` (as Match.legalMoves): a live client needs no query per update. Empty for a spectator and when it is not the caller's turn. */
  legalMoves: Array<LegalMove>;
  outcome: Maybe<Outcome>;
  /** The seats: who is connected and who is stood in for. An update comes when a player arrives or leaves, even if the match did not move (then with no events). */
  seats: Array<Seat>;
  status: MatchStatus;
  /** The match version this update brings the client to. */
  version: Scalars['Int']['output'];
  /** The caller's view at `version`. */
  view: Maybe<GameView>;
};

/** The move was applied. */
export type MoveAccepted = {
  __typename?: 'MoveAccepted';
  /** The events this move appended (overdue timeouts applied first included), redacted for the caller. */
  events: Array<MatchEvent>;
  match: Match;
  /** The match version after the move. */
  version: Scalars['Int']['output'];
};

/** One move, as exactly one member: the member of the match's game. A LegalMove.input is a valid MoveInput value. */
export type MoveInput =
  { boulderBluff: BoulderBluffMove; cactusCardGame?: never; cliffsNCactuses?: never; daredevilRock?: never; racesmack?: never; }
  |  { boulderBluff?: never; cactusCardGame: CactusMove; cliffsNCactuses?: never; daredevilRock?: never; racesmack?: never; }
  |  { boulderBluff?: never; cactusCardGame?: never; cliffsNCactuses: CliffsNCactusesMove; daredevilRock?: never; racesmack?: never; }
  |  { boulderBluff?: never; cactusCardGame?: never; cliffsNCactuses?: never; daredevilRock: DaredevilRockMove; racesmack?: never; }
  |  { boulderBluff?: never; cactusCardGame?: never; cliffsNCactuses?: never; daredevilRock?: never; racesmack: RacesmackMove; };

/** The move was refused and nothing changed: a stable code and a sentence. */
export type MoveRejected = {
  __typename?: 'MoveRejected';
  /** E.g. NOT_YOUR_TURN, INVALID_MOVE, VERSION_MISMATCH, AUTH_REQUIRED, NOT_SEATED. */
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** Seconds to wait before trying again (RATE_LIMITED), else null. */
  retryAfter: Maybe<Scalars['Float']['output']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Host only: seat a bot (level: one of GameInfo.bots; default heuristic). */
  addBot: MatchPayload;
  /** A new match in its lobby, hosted by the caller in seat 0. */
  createMatch: MatchPayload;
  /** Take the next free seat of a match in its lobby. */
  joinMatch: MatchPayload;
  /** Give up your seat in a lobby. When the host leaves, the lobby closes (ABORTED). */
  leaveMatch: MatchPayload;
  /** Leave a quick-match table still waiting; the last to leave closes it. */
  leaveQuickMatch: QuickMatchPayload;
  /** Sit at a waiting quick-match table of this game, seat count (default 2, or the game's minimum) and options that fits the caller's rating, or open one. The table starts when full; after QUICK_MATCH_WAIT_SECONDS bots take its empty seats. Follow it with quickMatchUpdates. */
  quickMatch: QuickMatchPayload;
  /** Take your seat back from the bot that stood in for you while you were away (Seat.standIn), from the match's next decision on. A move of your own does the same. NOT_STOOD_IN when nobody stands in for your seat. */
  reclaimSeat: MatchPayload;
  /** A new player. Keep the token: it is shown this once. */
  registerPlayer: RegisterPlayerPayload;
  /** Host only, before the start: free another seat (a player or a bot). Later seats move down one. */
  removeSeat: MatchPayload;
  /** Leave a match you are seated in; your climber is out of the game. */
  resign: MatchPayload;
  /** A new token for the caller, shown this once. The token sent stops working at once and the caller's open WebSockets close (4401 TOKEN_REVOKED): connect again with the new one. */
  rotateToken: RotateTokenPayload;
  /** Host only: deal and start with the seats as they are. */
  startMatch: MatchPayload;
  /** Play a move from the caller's seat. expectedVersion: the version the move was chosen at. If the match has moved on since, the move is still played when what the caller may do is unchanged (no new turn, round, window or question began, no move opened that was not open); otherwise it is refused: with the game's own code when the move is no longer legal (TARGET_TAKEN, TIME_UP...), else VERSION_MISMATCH. idempotencyKey: a retry with the same key returns the first result and plays nothing. */
  submitMove: SubmitMoveResult;
};


export type MutationAddBotArgs = {
  level?: InputMaybe<Scalars['String']['input']>;
  matchId: Scalars['ID']['input'];
};


export type MutationCreateMatchArgs = {
  game: Scalars['String']['input'];
  options?: InputMaybe<Scalars['JSON']['input']>;
};


export type MutationJoinMatchArgs = {
  matchId: Scalars['ID']['input'];
};


export type MutationLeaveMatchArgs = {
  matchId: Scalars['ID']['input'];
};


export type MutationLeaveQuickMatchArgs = {
  matchId: Scalars['ID']['input'];
};


export type MutationQuickMatchArgs = {
  game: Scalars['String']['input'];
  options?: InputMaybe<Scalars['JSON']['input']>;
  seats?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationReclaimSeatArgs = {
  matchId: Scalars['ID']['input'];
};


export type MutationRegisterPlayerArgs = {
  name: Scalars['String']['input'];
};


export type MutationRemoveSeatArgs = {
  matchId: Scalars['ID']['input'];
  seat: Scalars['Int']['input'];
};


export type MutationResignArgs = {
  matchId: Scalars['ID']['input'];
};


export type MutationStartMatchArgs = {
  matchId: Scalars['ID']['input'];
};


export type MutationSubmitMoveArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  matchId: Scalars['ID']['input'];
  move: MoveInput;
};

/** How a finished match ranked its seats (indexed by seat). */
export type Outcome = {
  __typename?: 'Outcome';
  /** Per seat; 1 is first, tied seats share a rank. */
  ranks: Array<Scalars['Int']['output']>;
  /** What the match did to its players' ratings, board by board (all time first); empty when it was not rated. */
  ratingChanges: Array<RatingChange>;
  reason: Scalars['String']['output'];
  /** Per seat, game-defined; may be null. */
  scores: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  /** The seats ranked first. */
  winners: Array<Scalars['Int']['output']>;
};

export type PageInfo = {
  __typename?: 'PageInfo';
  /** Pass it as `after` for the next page. */
  endCursor: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** A registered player. */
export type Player = {
  __typename?: 'Player';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** The player's ratings: per game, the all-time board first, then each season's, newest first. */
  ratings: Array<PlayerRating>;
};

/** A player's rating on one board of one game. */
export type PlayerRating = {
  __typename?: 'PlayerRating';
  game: Scalars['String']['output'];
  matches: Scalars['Int']['output'];
  mu: Scalars['Float']['output'];
  /** Too few rated matches on this board to mean much yet. */
  provisional: Scalars['Boolean']['output'];
  /** On that board; null while the player is hidden from it. */
  rank: Maybe<Scalars['Int']['output']>;
  /** The ordinal (mu - 3 sigma): what boards are sorted by. */
  rating: Scalars['Float']['output'];
  /** Null: the all-time board. */
  season: Maybe<Season>;
  sigma: Scalars['Float']['output'];
  wins: Scalars['Int']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** The games this server hosts. */
  games: Array<GameInfo>;
  /** A game's ratings on one board, best first: `season` null is the all-time board. An unknown game or season is an error (UNKNOWN_GAME, UNKNOWN_SEASON). */
  leaderboard: LeaderboardConnection;
  /** One match by id, or null. */
  match: Maybe<Match>;
  /** Matches, newest first, optionally of one game, status or player. */
  matches: MatchConnection;
  /** The player of the bearer token, or null without one. */
  me: Maybe<Player>;
  /** One player by id (with their ratings), or null. */
  player: Maybe<Player>;
  /** A game's seasons, newest first. An unknown game is UNKNOWN_GAME. */
  seasons: Array<Season>;
  /** A game's solitaire bests on one board (`season` null: all time), fewest actions first. An unknown game or season is an error (UNKNOWN_GAME, UNKNOWN_SEASON). */
  solitaireBoard: SolitaireBoardConnection;
};


export type QueryLeaderboardArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  game: Scalars['String']['input'];
  season?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryMatchArgs = {
  id: Scalars['ID']['input'];
};


export type QueryMatchesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  game?: InputMaybe<Scalars['String']['input']>;
  player?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<MatchStatus>;
};


export type QueryPlayerArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySeasonsArgs = {
  game: Scalars['String']['input'];
};


export type QuerySolitaireBoardArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  game: Scalars['String']['input'];
  season?: InputMaybe<Scalars['ID']['input']>;
};

/** The quick-match table the caller sits at (match and queue), or the error. */
export type QuickMatchPayload = {
  __typename?: 'QuickMatchPayload';
  error: Maybe<UserError>;
  match: Maybe<Match>;
  queue: Maybe<QuickMatchUpdate>;
};

/** Where a player stands at a quick-match table. */
export type QuickMatchState =
  | 'CANCELLED'
  | 'MATCHED'
  | 'WAITING';

/** A quick-match table as its player sees it: WAITING (seated of seats, since openedAt; bots take the empty seats at fillAt), MATCHED (the match, matchId, has started with the caller seated) or CANCELLED (the caller left, or the table closed). */
export type QuickMatchUpdate = {
  __typename?: 'QuickMatchUpdate';
  /** When bots take the empty seats and the match starts. */
  fillAt: Scalars['DateTime']['output'];
  matchId: Scalars['ID']['output'];
  openedAt: Scalars['DateTime']['output'];
  /** Seats taken, people and bots. */
  seated: Scalars['Int']['output'];
  seats: Scalars['Int']['output'];
  state: QuickMatchState;
  /** How long the table has waited, when this was sent. */
  waitedSeconds: Scalars['Float']['output'];
};

/** The moves of Racesmack, by name. */
export type RacesmackAction =
  | 'CHOOSE_PENALTY'
  | 'LOSE_CARD'
  | 'LOSE_RACE_CARD'
  | 'PLACE_CARD'
  | 'PLACE_CARDS'
  | 'PLAY_CARD'
  | 'REVEAL_CARD'
  | 'TAP';

/** A question to ``seat``: "place" (the end for ``cards``), "lose" (``count`` cards of its Race, or hand) or "penalty"; ``options`` as the answering move takes them, for the seat asked only (for "place": "1 LEFT" lays ``cards[1]`` at the left end, "RIGHT" lays all the rest at the right end; for "lose": a Race card's position, 0 the left end, or with ``hand`` a hand card's id). */
export type RacesmackAskView = {
  __typename?: 'RacesmackAskView';
  cards: Array<RacesmackCard>;
  count: Scalars['Int']['output'];
  deadline: Maybe<Scalars['DateTime']['output']>;
  hand: Scalars['Boolean']['output'];
  kind: Scalars['String']['output'];
  options: Maybe<Array<Scalars['String']['output']>>;
  seat: Scalars['Int']['output'];
};

export type RacesmackCard = {
  __typename?: 'RacesmackCard';
  colours: Array<Colour>;
  display: RacesmackDisplay;
  icons: Array<RacesmackIcon>;
  id: Scalars['Int']['output'];
  number: Scalars['Int']['output'];
  rules: Maybe<Scalars['Int']['output']>;
  shapes: Array<RacesmackShape>;
};

/** How a card shows how many icons it has: the icons themselves, or a Shifting Gears kind. */
export type RacesmackDisplay =
  | 'DICE'
  | 'HAND'
  | 'ICONS'
  | 'NUMBER'
  | 'ROMAN';

export type RacesmackIcon = {
  __typename?: 'RacesmackIcon';
  colour: Colour;
  shape: RacesmackShape;
};

/** One move of Racesmack: the action and the fields it takes (see the game's rules). */
export type RacesmackMove = {
  action: RacesmackAction;
  card?: InputMaybe<Scalars['Int']['input']>;
  end?: InputMaybe<Scalars['String']['input']>;
  penalty?: InputMaybe<Scalars['String']['input']>;
  position?: InputMaybe<Scalars['Int']['input']>;
  seat?: InputMaybe<Scalars['Int']['input']>;
};

export type RacesmackPlayedCard = {
  __typename?: 'RacesmackPlayedCard';
  card: RacesmackCard;
  seat: Scalars['Int']['output'];
};

export type RacesmackPlayerView = {
  __typename?: 'RacesmackPlayerView';
  hand: Maybe<Array<RacesmackCard>>;
  handSize: Scalars['Int']['output'];
  pile: Array<RacesmackCard>;
  playing: Scalars['Boolean']['output'];
  race: Array<RacesmackCard>;
  ready: Scalars['Boolean']['output'];
  seat: Scalars['Int']['output'];
};

export type RacesmackRulesCardView = {
  __typename?: 'RacesmackRulesCardView';
  number: Scalars['Int']['output'];
  says: Scalars['String']['output'];
};

export type RacesmackShape =
  | 'CIRCLE'
  | 'RECTANGLE'
  | 'STAR'
  | 'TRIANGLE';

/** ``seat`` tapped the card ``played_by`` played (None: an older match's card no longer on the table); taps are listed fastest first. */
export type RacesmackTapView = {
  __typename?: 'RacesmackTapView';
  playedBy: Maybe<Scalars['Int']['output']>;
  seat: Scalars['Int']['output'];
};

/** The Racesmack table as the caller may see it: your hand, every Race, the round under way (played cards once revealed, taps as they arrive) and what the last taps were judged. */
export type RacesmackView = GameView & {
  __typename?: 'RacesmackView';
  active: Maybe<Scalars['Int']['output']>;
  asks: Array<RacesmackAskView>;
  correctSeats: Array<Scalars['Int']['output']>;
  deadline: Maybe<Scalars['DateTime']['output']>;
  drawPileSize: Scalars['Int']['output'];
  faceDown: Array<RacesmackCard>;
  /** The game's key, e.g. daredevil-rock. */
  game: Scalars['String']['output'];
  hand: Array<RacesmackCard>;
  over: Scalars['Boolean']['output'];
  played: Maybe<RacesmackCard>;
  players: Array<RacesmackPlayerView>;
  racingRule: Maybe<RacesmackCard>;
  reason: Maybe<Scalars['String']['output']>;
  right: Array<Scalars['Int']['output']>;
  round: Scalars['Int']['output'];
  row: Array<RacesmackPlayedCard>;
  rule: Maybe<Scalars['Int']['output']>;
  rulesCards: Array<RacesmackRulesCardView>;
  seat: Maybe<Scalars['Int']['output']>;
  started: Scalars['Boolean']['output'];
  step: Scalars['String']['output'];
  taps: Array<RacesmackTapView>;
  variants: Array<Scalars['String']['output']>;
  /** The match version (number of events) this view shows. */
  version: Scalars['Int']['output'];
  winners: Array<Scalars['Int']['output']>;
};

/** What one finished match did to one player's rating on one board. */
export type RatingChange = {
  __typename?: 'RatingChange';
  /** ratingAfter - ratingBefore. */
  delta: Scalars['Float']['output'];
  muAfter: Scalars['Float']['output'];
  muBefore: Scalars['Float']['output'];
  player: Player;
  /** The player's rank in the match. */
  rank: Scalars['Int']['output'];
  ratingAfter: Scalars['Float']['output'];
  /** The ordinal before the match. */
  ratingBefore: Scalars['Float']['output'];
  /** Null: the all-time board. */
  season: Maybe<Season>;
  sigmaAfter: Scalars['Float']['output'];
  sigmaBefore: Scalars['Float']['output'];
};

/** A new player and its bearer token. The token is shown this once only. */
export type RegisterPlayerPayload = {
  __typename?: 'RegisterPlayerPayload';
  player: Player;
  /** Send it as `Authorization: Bearer <token>`. */
  token: Scalars['String']['output'];
};

/** The caller's new bearer token, shown this once; or the error that refused the rotation (player and token null). */
export type RotateTokenPayload = {
  __typename?: 'RotateTokenPayload';
  error: Maybe<UserError>;
  player: Maybe<Player>;
  /** Send it as `Authorization: Bearer <token>` from now on: the old one no longer works. */
  token: Maybe<Scalars['String']['output']>;
};

/** A season of a game: matches that end within it count on its own board. */
export type Season = {
  __typename?: 'Season';
  /** Once closed, its board no longer changes. */
  closedAt: Maybe<Scalars['DateTime']['output']>;
  /** Null: open-ended. */
  endsAt: Maybe<Scalars['DateTime']['output']>;
  game: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  open: Scalars['Boolean']['output'];
  startsAt: Scalars['DateTime']['output'];
};

/** A taken seat: a player (player set) or a bot (isBot, botLevel). */
export type Seat = {
  __typename?: 'Seat';
  /** The bot's name when isBot, e.g. heuristic. */
  botLevel: Maybe<Scalars['String']['output']>;
  /** The seat's player has a live matchUpdates subscription to this match (on any server). Always false for a bot seat. */
  connected: Scalars['Boolean']['output'];
  index: Scalars['Int']['output'];
  isBot: Scalars['Boolean']['output'];
  player: Maybe<Player>;
  /** A bot plays this seat while its player is away (they missed STAND_IN_AFTER_MISSED_DEADLINES deadlines with no live connection); they take it back by moving or with reclaimSeat. */
  standIn: Scalars['Boolean']['output'];
};

/** The check of a finished match's shuffles against the seed it committed to. */
export type SeedVerification = {
  __typename?: 'SeedVerification';
  /** Whether SHA-256("cliffside-seed-v1:<seed>:<salt>") equals seedCommitment. */
  commitmentMatches: Scalars['Boolean']['output'];
  /** The events in the log. */
  events: Scalars['Int']['output'];
  /** Whether the engine, deciding from the seed, gives exactly every logged event. */
  eventsReproduced: Scalars['Boolean']['output'];
  /** What failed, in a sentence (seed or salt vs the commitment; the first event that differs, expected vs got); null when the match is verified. */
  problem: Maybe<Scalars['String']['output']>;
  /** Both checks hold. */
  verified: Scalars['Boolean']['output'];
};

/** Solitaire bests of one game on one board, fewest actions first. */
export type SolitaireBoardConnection = {
  __typename?: 'SolitaireBoardConnection';
  edges: Array<SolitaireEdge>;
  pageInfo: PageInfo;
  /** The board's season; null: the all-time board. */
  season: Maybe<Season>;
};

export type SolitaireEdge = {
  __typename?: 'SolitaireEdge';
  cursor: Scalars['String']['output'];
  node: SolitaireEntry;
};

/** A player's best solitaire score on one board: the fewest actions. */
export type SolitaireEntry = {
  __typename?: 'SolitaireEntry';
  endedAt: Scalars['DateTime']['output'];
  /** The match of that score: replay it. */
  matchId: Scalars['ID']['output'];
  player: Player;
  /** 1 for the fewest actions; equal scores share a rank. */
  rank: Scalars['Int']['output'];
  /** Actions taken: fewer is better. */
  score: Scalars['Float']['output'];
};

/** What submitMove did. */
export type SubmitMoveResult = MoveAccepted | MoveRejected;

export type Subscription = {
  __typename?: 'Subscription';
  /** Updates of one match, redacted for the connection's player (see connection_init). Reconnect with afterVersion = the last version received to get exactly what was missed. Completes after the update that brings the match to FINISHED or ABORTED. */
  matchUpdates: MatchUpdate;
  /** Where the caller stands at a quick-match table (the matchId quickMatch gave): now, then at every change, until MATCHED or CANCELLED. */
  quickMatchUpdates: QuickMatchUpdate;
};


export type SubscriptionMatchUpdatesArgs = {
  afterVersion?: InputMaybe<Scalars['Int']['input']>;
  matchId: Scalars['ID']['input'];
};


export type SubscriptionQuickMatchUpdatesArgs = {
  matchId: Scalars['ID']['input'];
};

/** Why a request was refused: a stable machine-readable code and a sentence. */
export type UserError = {
  __typename?: 'UserError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** Seconds to wait before trying again (RATE_LIMITED), else null. */
  retryAfter: Maybe<Scalars['Float']['output']>;
};

export type GamesQueryVariables = Exact<{ [key: string]: never; }>;


export type GamesQuery = { __typename?: 'Query', games: Array<{ __typename?: 'GameInfo', key: string, name: string, minPlayers: number, maxPlayers: number }> };

export type RotateTokenMutationVariables = Exact<{ [key: string]: never; }>;


export type RotateTokenMutation = { __typename?: 'Mutation', rotateToken: { __typename?: 'RotateTokenPayload', token: string | null, player: { __typename?: 'Player', id: string, name: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type RegisterAdaMutationVariables = Exact<{ [key: string]: never; }>;


export type RegisterAdaMutation = { __typename?: 'Mutation', registerPlayer: { __typename?: 'RegisterPlayerPayload', token: string, player: { __typename?: 'Player', id: string, name: string } } };

export type RegisterBobMutationVariables = Exact<{ [key: string]: never; }>;


export type RegisterBobMutation = { __typename?: 'Mutation', registerPlayer: { __typename?: 'RegisterPlayerPayload', token: string, player: { __typename?: 'Player', id: string, name: string } } };

export type CreateMatchMutationVariables = Exact<{ [key: string]: never; }>;


export type CreateMatchMutation = { __typename?: 'Mutation', createMatch: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string, status: MatchStatus, seats: Array<{ __typename?: 'Seat', index: number, isBot: boolean, player: { __typename?: 'Player', name: string } | null }> } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type AddBotMutationVariables = Exact<{ [key: string]: never; }>;


export type AddBotMutation = { __typename?: 'Mutation', addBot: { __typename?: 'MatchPayload', match: { __typename?: 'Match', seats: Array<{ __typename?: 'Seat', index: number, isBot: boolean }> } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type StartMatchMutationVariables = Exact<{ [key: string]: never; }>;


export type StartMatchMutation = { __typename?: 'Mutation', startMatch: { __typename?: 'MatchPayload', match: { __typename?: 'Match', status: MatchStatus, version: number } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type GameOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type GameOptionsQuery = { __typename?: 'Query', games: Array<{ __typename?: 'GameInfo', key: string, name: string, minPlayers: number, maxPlayers: number, optionsSchema: unknown }> };

export type MatchViewQueryVariables = Exact<{ [key: string]: never; }>;


export type MatchViewQuery = { __typename?: 'Query', match: { __typename?: 'Match', version: number, status: MatchStatus, deadline: { __typename?: 'Deadline', id: string, at: string, kind: string } | null, view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView', active: number | null, turn: number, actionsLeft: number, freeClimb: { __typename?: 'DaredevilRockSpot', level: number, column: number } | null, spaces: Array<{ __typename?: 'DaredevilRockSpaceView', level: number, column: number, faceUp: boolean, climber: number | null, cams: Array<number>, card: { __typename?: 'DaredevilRockCard', name: string, rank: number | null, suit: string } | null }>, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, column: number | null, eliminated: boolean, reserve: number }> }
      | { __typename?: 'RacesmackView' }
     | null, legalMoves: Array<{ __typename?: 'LegalMove', label: string, input: MoveInput }> } | null };

export type MoveMutationVariables = Exact<{
  move: MoveInput;
}>;


export type MoveMutation = { __typename?: 'Mutation', submitMove:
    | { __typename?: 'MoveAccepted', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> }
    | { __typename?: 'MoveRejected', code: string, message: string }
   };

export type MatchUpdatesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MatchUpdatesSubscription = { __typename?: 'Subscription', matchUpdates: { __typename?: 'MatchUpdate', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> } };

export type ReplayQueryVariables = Exact<{ [key: string]: never; }>;


export type ReplayQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView', version: number }
      | { __typename?: 'CactusView', version: number }
      | { __typename?: 'CliffsNCactusesView', version: number }
      | { __typename?: 'DaredevilRockView', active: number | null, turn: number, version: number }
      | { __typename?: 'RacesmackView', version: number }
     | null, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, seat: number | null, data: unknown | null }> } | null };

export type CactusWindowQueryVariables = Exact<{ [key: string]: never; }>;


export type CactusWindowQuery = { __typename?: 'Query', match: { __typename?: 'Match', waitingOn: Array<number>, view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView', active: number | null, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, taken: { __typename?: 'CactusTakenView', by: number, kind: CactusKind } | null, window: { __typename?: 'CactusWindowView', stops: Array<number>, waitingOn: Array<number>, answers: number, stands: boolean, deadline: string | null, action: { __typename?: 'CactusActionView', kind: CactusKind, seat: number, targets: Array<number>, requested: CactusKind | null } } | null, choice: { __typename?: 'CactusChoiceView', seat: number, kind: string, options: Array<number> | null, deadline: string | null } | null, players: Array<{ __typename?: 'CactusPlayerView', seat: number, handSize: number, points: number }> }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView' }
     | null, legalMoves: Array<{ __typename?: 'LegalMove', label: string, input: MoveInput }> } | null };

export type RacesmackRoundQueryVariables = Exact<{ [key: string]: never; }>;


export type RacesmackRoundQuery = { __typename?: 'Query', match: { __typename?: 'Match', waitingOn: Array<number>, view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView', step: string, deadline: string | null, rule: number | null, correctSeats: Array<number>, right: Array<number>, hand: Array<{ __typename?: 'RacesmackCard', id: number }>, row: Array<{ __typename?: 'RacesmackPlayedCard', seat: number, card: { __typename?: 'RacesmackCard', id: number } }>, taps: Array<{ __typename?: 'RacesmackTapView', seat: number, playedBy: number | null }>, faceDown: Array<{ __typename?: 'RacesmackCard', id: number }>, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, handSize: number, ready: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number }> }> }
     | null, legalMoves: Array<{ __typename?: 'LegalMove', label: string, input: MoveInput }> } | null };

export type CliffsNCactusesRaceQueryVariables = Exact<{ [key: string]: never; }>;


export type CliffsNCactusesRaceQuery = { __typename?: 'Query', match: { __typename?: 'Match', waitingOn: Array<number>, view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView', phase: string, deadline: string | null, round: number, leader: number | null, order: Array<number>, revealing: number | null, lastCall: Array<number>, stage: { __typename?: 'CliffsNCactusesStageView', number: number, plays: number, defaultMovement: number } | null, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number } }>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, handSize: number, larry: boolean, playsLeft: number, done: boolean, known: Array<{ __typename?: 'CliffsNCactusesCard', id: number }>, queue: Array<{ __typename?: 'CliffsNCactusesQueueCardView', revealed: boolean, flipped: boolean, playedBy: number | null, card: { __typename?: 'CliffsNCactusesCard', id: number } | null }> }>, lifted: { __typename?: 'CliffsNCactusesLiftedView', seat: number, triggers: number, done: number, card: { __typename?: 'CliffsNCactusesCard', id: number } } | null, question: { __typename?: 'CliffsNCactusesQuestionView', seat: number, default: number, aims: Array<{ __typename?: 'CliffsNCactusesAim', racer: number | null, card: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null, their: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null }> } | null, tiebreak: { __typename?: 'CliffsNCactusesTiebreakView', purpose: string, contenders: Array<number>, wins: Array<number>, thrown: Array<number>, pairs: Array<Array<number>>, through: Array<number> } | null }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView' }
     | null, legalMoves: Array<{ __typename?: 'LegalMove', label: string, input: MoveInput }> } | null };

export type LeaderboardQueryVariables = Exact<{ [key: string]: never; }>;


export type LeaderboardQuery = { __typename?: 'Query', leaderboard: { __typename?: 'LeaderboardConnection', edges: Array<{ __typename?: 'LeaderboardEdge', node: { __typename?: 'LeaderboardEntry', rank: number, rating: number, provisional: boolean, matches: number, wins: number, player: { __typename?: 'Player', name: string } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor: string | null }, me: { __typename?: 'LeaderboardEntry', rank: number, rating: number } | null } };

export type FollowMatchSubscriptionVariables = Exact<{
  matchId: Scalars['ID']['input'];
  afterVersion: InputMaybe<Scalars['Int']['input']>;
}>;


export type FollowMatchSubscription = { __typename?: 'Subscription', matchUpdates: { __typename?: 'MatchUpdate', version: number, status: MatchStatus, outcome: { __typename?: 'Outcome', winners: Array<number>, reason: string } | null, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, seat: number | null, data: unknown | null, byStandIn: boolean }>, seats: Array<{ __typename?: 'Seat', index: number, connected: boolean, standIn: boolean }>, view:
      | { __typename?: 'BoulderBluffView', version: number }
      | { __typename?: 'CactusView', version: number }
      | { __typename?: 'CliffsNCactusesView', version: number }
      | { __typename?: 'DaredevilRockView', active: number | null, turn: number, actionsLeft: number, version: number }
      | { __typename?: 'RacesmackView', version: number }
     | null, legalMoves: Array<{ __typename?: 'LegalMove', label: string, input: MoveInput }> } };

export type QuickMatchMutationVariables = Exact<{ [key: string]: never; }>;


export type QuickMatchMutation = { __typename?: 'Mutation', quickMatch: { __typename?: 'QuickMatchPayload', match: { __typename?: 'Match', id: string, status: MatchStatus } | null, queue: { __typename?: 'QuickMatchUpdate', state: QuickMatchState, seated: number, seats: number, fillAt: string } | null, error: { __typename?: 'UserError', code: string, message: string, retryAfter: number | null } | null } };

export type QuickMatchUpdatesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type QuickMatchUpdatesSubscription = { __typename?: 'Subscription', quickMatchUpdates: { __typename?: 'QuickMatchUpdate', state: QuickMatchState, matchId: string, seated: number, seats: number, waitedSeconds: number, fillAt: string } };

export type LeaveQuickMatchMutationVariables = Exact<{ [key: string]: never; }>;


export type LeaveQuickMatchMutation = { __typename?: 'Mutation', leaveQuickMatch: { __typename?: 'QuickMatchPayload', queue: { __typename?: 'QuickMatchUpdate', state: QuickMatchState } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type DaredevilRockTableQueryVariables = Exact<{
  matchId: Scalars['ID']['input'];
}>;


export type DaredevilRockTableQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView', game: string, version: number, seat: number | null, started: boolean, columns: number, levels: number, deckSize: number, active: number | null, turn: number, actionsLeft: number, mustExamine: boolean, deadline: string | null, over: boolean, winner: number | null, limitedCams: number | null, blindMansBluff: boolean, turnLimit: number | null, spaces: Array<{ __typename?: 'DaredevilRockSpaceView', level: number, column: number, faceUp: boolean, climber: number | null, cams: Array<number>, card: { __typename?: 'DaredevilRockCard', rank: number | null, suit: string, copy: number, isJoker: boolean, name: string } | null }>, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, column: number | null, eliminated: boolean, reserve: number, actions: number, turns: number, mustExamine: boolean, cams: Array<{ __typename?: 'DaredevilRockSpot', level: number, column: number }> }>, deck: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, copy: number, isJoker: boolean, name: string }> | null, discards: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, copy: number, isJoker: boolean, name: string }>, freeClimb: { __typename?: 'DaredevilRockSpot', level: number, column: number } | null }
      | { __typename?: 'RacesmackView' }
     | null } | null };

export type DaredevilRockCardFieldsFragment = { __typename?: 'DaredevilRockCard', rank: number | null, suit: string, copy: number, isJoker: boolean, name: string };

export type DaredevilRockExamineMutationVariables = Exact<{
  matchId: Scalars['ID']['input'];
  expectedVersion: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey: InputMaybe<Scalars['String']['input']>;
}>;


export type DaredevilRockExamineMutation = { __typename?: 'Mutation', submitMove:
    | { __typename?: 'MoveAccepted', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> }
    | { __typename?: 'MoveRejected', code: string, message: string }
   };

export type CactusTableQueryVariables = Exact<{
  matchId: Scalars['ID']['input'];
}>;


export type CactusTableQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView', game: string, version: number, seat: number | null, started: boolean, drawPileSize: number, pointPileSize: number, goal: number, active: number | null, turn: number, deadline: string | null, over: boolean, winner: number | null, reason: string | null, turnLimit: number | null, clockLeft: number | null, winners: Array<number>, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, players: Array<{ __typename?: 'CactusPlayerView', seat: number, handSize: number, points: number, playing: boolean, turns: number, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> | null }>, discards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, window: { __typename?: 'CactusWindowView', stops: Array<number>, waitingOn: Array<number>, answers: number, stands: boolean, deadline: string | null, action: { __typename?: 'CactusActionView', kind: CactusKind, seat: number, targets: Array<number>, requested: CactusKind | null } } | null, choice: { __typename?: 'CactusChoiceView', seat: number, kind: string, victim: number, options: Array<number> | null, deadline: string | null, kinds: Array<CactusKind> | null, fan: Array<CactusKind> | null } | null, seen: { __typename?: 'CactusSeenHand', victim: number, cards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> } | null, taken: { __typename?: 'CactusTakenView', by: number, kind: CactusKind } | null }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView' }
     | null } | null };

export type CactusCardFieldsFragment = { __typename?: 'CactusCardView', kind: CactusKind, name: string };

export type CactusStopMutationVariables = Exact<{
  matchId: Scalars['ID']['input'];
  expectedVersion: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey: InputMaybe<Scalars['String']['input']>;
}>;


export type CactusStopMutation = { __typename?: 'Mutation', submitMove:
    | { __typename?: 'MoveAccepted', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> }
    | { __typename?: 'MoveRejected', code: string, message: string }
   };

export type RacesmackTableQueryVariables = Exact<{
  matchId: Scalars['ID']['input'];
}>;


export type RacesmackTableQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView', game: string, version: number, seat: number | null, started: boolean, variants: Array<string>, round: number, active: number | null, step: string, deadline: string | null, rule: number | null, correctSeats: Array<number>, right: Array<number>, drawPileSize: number, over: boolean, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, played: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, faceDown: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, handSize: number, playing: boolean, ready: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> | null, pile: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, row: Array<{ __typename?: 'RacesmackPlayedCard', seat: number, card: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } }>, taps: Array<{ __typename?: 'RacesmackTapView', seat: number, playedBy: number | null }>, racingRule: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, asks: Array<{ __typename?: 'RacesmackAskView', seat: number, kind: string, count: number, hand: boolean, options: Array<string> | null, deadline: string | null, cards: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, rulesCards: Array<{ __typename?: 'RacesmackRulesCardView', number: number, says: string }> }
     | null } | null };

export type RacesmackCardFieldsFragment = { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, number: number, shapes: Array<RacesmackShape>, colours: Array<Colour>, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> };

export type RacesmackTapMutationVariables = Exact<{
  matchId: Scalars['ID']['input'];
  expectedVersion: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey: InputMaybe<Scalars['String']['input']>;
}>;


export type RacesmackTapMutation = { __typename?: 'Mutation', submitMove:
    | { __typename?: 'MoveAccepted', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> }
    | { __typename?: 'MoveRejected', code: string, message: string }
   };

export type BoulderBluffTableQueryVariables = Exact<{
  matchId: Scalars['ID']['input'];
}>;


export type BoulderBluffTableQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView', game: string, version: number, seat: number | null, started: boolean, animalKingdom: boolean, injuriesAffectClimbing: boolean, bouldersLeft: number, deckSize: number, discardPileSize: number, chalkInBag: number, active: number | null, turn: number, step: string, waitingOn: Array<number>, boarOptions: Array<number>, deadline: string | null, over: boolean, reason: string | null, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, players: Array<{ __typename?: 'BoulderBluffPlayerView', seat: number, handSize: number, score: number, resigned: boolean, claimed: Array<{ __typename?: 'BoulderBluffClaim', injury: string | null, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour } }>, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null }>, row: Array<{ __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }>, climb: { __typename?: 'BoulderBluffClimbView', number: number, seat: number, final: boolean, cancelled: Array<number>, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }, climbers: Array<{ __typename?: 'BoulderBluffClimberView', seat: number, faceDownCount: number, chalk: Array<number>, faceUp: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, hidden: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, added: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> }> } | null, tally: Array<{ __typename?: 'BoulderBluffStrength', seat: number, chalk: number, raw: number, technique: number, fatigue: number, animals: number, total: number }> }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView' }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView' }
     | null } | null };

export type BoulderBluffCardFieldsFragment = { __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null };

export type BoulderBluffBoulderFieldsFragment = { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour };

export type BoulderBluffClimbMutationVariables = Exact<{
  matchId: Scalars['ID']['input'];
  expectedVersion: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey: InputMaybe<Scalars['String']['input']>;
}>;


export type BoulderBluffClimbMutation = { __typename?: 'Mutation', submitMove:
    | { __typename?: 'MoveAccepted', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> }
    | { __typename?: 'MoveRejected', code: string, message: string }
   };

export type CliffsNCactusesTableQueryVariables = Exact<{
  matchId: Scalars['ID']['input'];
}>;


export type CliffsNCactusesTableQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView' }
      | { __typename?: 'CactusView' }
      | { __typename?: 'CliffsNCactusesView', game: string, version: number, seat: number | null, phase: string, stack: boolean, round: number, leader: number | null, order: Array<number>, revealing: number | null, deadline: string | null, deckSize: number, lastCall: Array<number>, winners: Array<number>, reason: string | null, stage: { __typename?: 'CliffsNCactusesStageView', number: number, plays: number, defaultMovement: number } | null, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } }>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, handSize: number, larry: boolean, playing: boolean, playsLeft: number, done: boolean, moved: number | null, queue: Array<{ __typename?: 'CliffsNCactusesQueueCardView', revealed: boolean, flipped: boolean, playedBy: number | null, larry: boolean, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } } | null }>, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } }> | null, known: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } }> }>, discards: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } }>, lifted: { __typename?: 'CliffsNCactusesLiftedView', seat: number, flipped: boolean, index: number, triggers: number, done: number, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } } } | null, question: { __typename?: 'CliffsNCactusesQuestionView', seat: number, default: number, deadline: string | null, aims: Array<{ __typename?: 'CliffsNCactusesAim', racer: number | null, card: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null, their: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null }> } | null, tiebreak: { __typename?: 'CliffsNCactusesTiebreakView', purpose: string, entrants: Array<number>, contenders: Array<number>, bestOf: number, wins: Array<number>, thrown: Array<number>, pairs: Array<Array<number>>, through: Array<number> } | null }
      | { __typename?: 'DaredevilRockView' }
      | { __typename?: 'RacesmackView' }
     | null } | null };

export type CliffsNCactusesCardFieldsFragment = { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number, fromDeck: boolean } };

export type CliffsNCactusesSpotFieldsFragment = { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null };

export type CliffsNCactusesPlayCardMutationVariables = Exact<{
  matchId: Scalars['ID']['input'];
  expectedVersion: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey: InputMaybe<Scalars['String']['input']>;
}>;


export type CliffsNCactusesPlayCardMutation = { __typename?: 'Mutation', submitMove:
    | { __typename?: 'MoveAccepted', version: number, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, data: unknown | null }> }
    | { __typename?: 'MoveRejected', code: string, message: string }
   };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me: { __typename?: 'Player', id: string, name: string } | null };

export type RegisterMutationVariables = Exact<{
  name: Scalars['String']['input'];
}>;


export type RegisterMutation = { __typename?: 'Mutation', registerPlayer: { __typename?: 'RegisterPlayerPayload', token: string, player: { __typename?: 'Player', id: string, name: string } } };

export type GameCatalogQueryVariables = Exact<{ [key: string]: never; }>;


export type GameCatalogQuery = { __typename?: 'Query', games: Array<{ __typename?: 'GameInfo', key: string, name: string, designer: string, minPlayers: number, maxPlayers: number, summary: string, optionsSchema: unknown, bots: Array<string> }> };

export type CreateMutationVariables = Exact<{
  game: Scalars['String']['input'];
  options: InputMaybe<Scalars['JSON']['input']>;
}>;


export type CreateMutation = { __typename?: 'Mutation', createMatch: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type MatchesQueryVariables = Exact<{
  status: InputMaybe<MatchStatus>;
  player: InputMaybe<Scalars['ID']['input']>;
}>;


export type MatchesQuery = { __typename?: 'Query', matches: { __typename?: 'MatchConnection', edges: Array<{ __typename?: 'MatchEdge', node: { __typename?: 'Match', id: string, game: string, status: MatchStatus, createdAt: string, host: { __typename?: 'Player', name: string } | null, seats: Array<{ __typename?: 'Seat', index: number, isBot: boolean, botLevel: string | null, player: { __typename?: 'Player', id: string, name: string } | null }> } }> } };

export type JoinMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type JoinMutation = { __typename?: 'Mutation', joinMatch: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type LobbyLeaveMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type LobbyLeaveMutation = { __typename?: 'Mutation', leaveMatch: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type LobbyAddBotMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  level: InputMaybe<Scalars['String']['input']>;
}>;


export type LobbyAddBotMutation = { __typename?: 'Mutation', addBot: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type LobbyStartMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type LobbyStartMutation = { __typename?: 'Mutation', startMatch: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type LobbyRemoveSeatMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  seat: Scalars['Int']['input'];
}>;


export type LobbyRemoveSeatMutation = { __typename?: 'Mutation', removeSeat: { __typename?: 'MatchPayload', match: { __typename?: 'Match', id: string } | null, error: { __typename?: 'UserError', code: string, message: string } | null } };

export type MatchQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type MatchQuery = { __typename?: 'Query', match: { __typename?: 'Match', id: string, game: string, status: MatchStatus, version: number, mySeat: number | null, host: { __typename?: 'Player', id: string, name: string } | null, seats: Array<{ __typename?: 'Seat', index: number, isBot: boolean, botLevel: string | null, player: { __typename?: 'Player', id: string, name: string } | null }> } | null };

export type LiveSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  afterVersion: InputMaybe<Scalars['Int']['input']>;
}>;


export type LiveSubscription = { __typename?: 'Subscription', matchUpdates: { __typename?: 'MatchUpdate', version: number, status: MatchStatus, outcome: { __typename?: 'Outcome', ranks: Array<number>, scores: Array<number | null> | null, reason: string, winners: Array<number> } | null, seats: Array<{ __typename?: 'Seat', index: number, connected: boolean, standIn: boolean }>, events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, seat: number | null, data: unknown | null }>, legalMoves: Array<{ __typename?: 'LegalMove', label: string, input: MoveInput }>, view:
      | { __typename?: 'BoulderBluffView', game: string, version: number, seat: number | null, started: boolean, animalKingdom: boolean, injuriesAffectClimbing: boolean, bouldersLeft: number, deckSize: number, discardPileSize: number, chalkInBag: number, active: number | null, turn: number, step: string, waitingOn: Array<number>, boarOptions: Array<number>, deadline: string | null, over: boolean, reason: string | null, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, players: Array<{ __typename?: 'BoulderBluffPlayerView', seat: number, handSize: number, score: number, resigned: boolean, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, claimed: Array<{ __typename?: 'BoulderBluffClaim', injury: string | null, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour } }> }>, row: Array<{ __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }>, climb: { __typename?: 'BoulderBluffClimbView', number: number, seat: number, final: boolean, cancelled: Array<number>, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }, climbers: Array<{ __typename?: 'BoulderBluffClimberView', seat: number, faceDownCount: number, chalk: Array<number>, faceUp: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, hidden: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, added: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> }> } | null, tally: Array<{ __typename?: 'BoulderBluffStrength', seat: number, chalk: number, raw: number, technique: number, fatigue: number, animals: number, total: number }> }
      | { __typename?: 'CactusView', game: string, version: number, seat: number | null, started: boolean, goal: number, turn: number, active: number | null, deadline: string | null, clockLeft: number | null, turnLimit: number | null, drawPileSize: number, pointPileSize: number, over: boolean, winner: number | null, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, players: Array<{ __typename?: 'CactusPlayerView', seat: number, handSize: number, points: number, playing: boolean, turns: number, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> | null }>, discards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, window: { __typename?: 'CactusWindowView', stops: Array<number>, waitingOn: Array<number>, answers: number, stands: boolean, deadline: string | null, action: { __typename?: 'CactusActionView', kind: CactusKind, seat: number, targets: Array<number>, requested: CactusKind | null } } | null, choice: { __typename?: 'CactusChoiceView', seat: number, kind: string, victim: number, options: Array<number> | null, deadline: string | null, kinds: Array<CactusKind> | null, fan: Array<CactusKind> | null } | null, seen: { __typename?: 'CactusSeenHand', victim: number, cards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> } | null, taken: { __typename?: 'CactusTakenView', by: number, kind: CactusKind } | null }
      | { __typename?: 'CliffsNCactusesView', game: string, version: number, seat: number | null, phase: string, stack: boolean, round: number, leader: number | null, order: Array<number>, revealing: number | null, deadline: string | null, deckSize: number, lastCall: Array<number>, winners: Array<number>, reason: string | null, stage: { __typename?: 'CliffsNCactusesStageView', number: number, plays: number, defaultMovement: number } | null, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, handSize: number, larry: boolean, playing: boolean, playsLeft: number, done: boolean, moved: number | null, queue: Array<{ __typename?: 'CliffsNCactusesQueueCardView', revealed: boolean, flipped: boolean, playedBy: number | null, larry: boolean, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } } | null }>, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }> | null, known: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }> }>, discards: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }>, lifted: { __typename?: 'CliffsNCactusesLiftedView', seat: number, flipped: boolean, index: number, triggers: number, done: number, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } } } | null, question: { __typename?: 'CliffsNCactusesQuestionView', seat: number, default: number, deadline: string | null, aims: Array<{ __typename?: 'CliffsNCactusesAim', racer: number | null, card: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null, their: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null }> } | null, tiebreak: { __typename?: 'CliffsNCactusesTiebreakView', purpose: string, entrants: Array<number>, contenders: Array<number>, bestOf: number, wins: Array<number>, thrown: Array<number>, pairs: Array<Array<number>>, through: Array<number> } | null }
      | { __typename?: 'DaredevilRockView', game: string, version: number, seat: number | null, started: boolean, columns: number, levels: number, deckSize: number, active: number | null, turn: number, actionsLeft: number, mustExamine: boolean, deadline: string | null, over: boolean, winner: number | null, limitedCams: number | null, blindMansBluff: boolean, turnLimit: number | null, spaces: Array<{ __typename?: 'DaredevilRockSpaceView', level: number, column: number, faceUp: boolean, climber: number | null, cams: Array<number>, card: { __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string } | null }>, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, column: number | null, eliminated: boolean, reserve: number, actions: number, turns: number, mustExamine: boolean, cams: Array<{ __typename?: 'DaredevilRockSpot', level: number, column: number }> }>, deck: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string }> | null, discards: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string }>, freeClimb: { __typename?: 'DaredevilRockSpot', level: number, column: number } | null }
      | { __typename?: 'RacesmackView', game: string, version: number, seat: number | null, started: boolean, variants: Array<string>, round: number, active: number | null, step: string, drawPileSize: number, rule: number | null, correctSeats: Array<number>, right: Array<number>, over: boolean, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, played: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, faceDown: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, handSize: number, playing: boolean, ready: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> | null, pile: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, row: Array<{ __typename?: 'RacesmackPlayedCard', seat: number, card: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } }>, taps: Array<{ __typename?: 'RacesmackTapView', seat: number, playedBy: number | null }>, racingRule: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, asks: Array<{ __typename?: 'RacesmackAskView', seat: number, kind: string, count: number, hand: boolean, options: Array<string> | null, deadline: string | null, cards: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, rulesCards: Array<{ __typename?: 'RacesmackRulesCardView', number: number, says: string }> }
     | null } };

export type ClockQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ClockQuery = { __typename?: 'Query', match: { __typename?: 'Match', version: number, waitingOn: Array<number>, deadline: { __typename?: 'Deadline', at: string, kind: string } | null } | null };

export type ReclaimMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReclaimMutation = { __typename?: 'Mutation', reclaimSeat: { __typename?: 'MatchPayload', error: { __typename?: 'UserError', code: string, message: string } | null } };

export type SubmitMoveMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  move: MoveInput;
  version: InputMaybe<Scalars['Int']['input']>;
}>;


export type SubmitMoveMutation = { __typename?: 'Mutation', submitMove:
    | { __typename: 'MoveAccepted', version: number }
    | { __typename: 'MoveRejected', code: string, message: string, retryAfter: number | null }
   };

export type ReplayMatchQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReplayMatchQuery = { __typename?: 'Query', match: { __typename?: 'Match', id: string, game: string, status: MatchStatus, version: number, createdAt: string, finishedAt: string | null, seats: Array<{ __typename?: 'Seat', index: number, isBot: boolean, botLevel: string | null, player: { __typename?: 'Player', id: string, name: string } | null }>, outcome: { __typename?: 'Outcome', ranks: Array<number>, scores: Array<number | null> | null, reason: string, winners: Array<number> } | null } | null };

export type FairnessQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type FairnessQuery = { __typename?: 'Query', match: { __typename?: 'Match', seedCommitment: string, seed: string | null, seedSalt: string | null, verification: { __typename?: 'SeedVerification', verified: boolean, commitmentMatches: boolean, eventsReproduced: boolean, events: number, problem: string | null } | null } | null };

export type EventsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  after: InputMaybe<Scalars['Int']['input']>;
  seat: InputMaybe<Scalars['Int']['input']>;
}>;


export type EventsQuery = { __typename?: 'Query', match: { __typename?: 'Match', events: Array<{ __typename?: 'MatchEvent', seq: number, type: string, seat: number | null, data: unknown | null, at: string }> } | null };

export type ViewQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  v: InputMaybe<Scalars['Int']['input']>;
  seat: InputMaybe<Scalars['Int']['input']>;
}>;


export type ViewQuery = { __typename?: 'Query', match: { __typename?: 'Match', view:
      | { __typename?: 'BoulderBluffView', game: string, version: number, seat: number | null, started: boolean, animalKingdom: boolean, injuriesAffectClimbing: boolean, bouldersLeft: number, deckSize: number, discardPileSize: number, chalkInBag: number, active: number | null, turn: number, step: string, waitingOn: Array<number>, boarOptions: Array<number>, deadline: string | null, over: boolean, reason: string | null, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, players: Array<{ __typename?: 'BoulderBluffPlayerView', seat: number, handSize: number, score: number, resigned: boolean, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, claimed: Array<{ __typename?: 'BoulderBluffClaim', injury: string | null, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour } }> }>, row: Array<{ __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }>, climb: { __typename?: 'BoulderBluffClimbView', number: number, seat: number, final: boolean, cancelled: Array<number>, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }, climbers: Array<{ __typename?: 'BoulderBluffClimberView', seat: number, faceDownCount: number, chalk: Array<number>, faceUp: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, hidden: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, added: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> }> } | null, tally: Array<{ __typename?: 'BoulderBluffStrength', seat: number, chalk: number, raw: number, technique: number, fatigue: number, animals: number, total: number }> }
      | { __typename?: 'CactusView', game: string, version: number, seat: number | null, started: boolean, goal: number, turn: number, active: number | null, deadline: string | null, clockLeft: number | null, turnLimit: number | null, drawPileSize: number, pointPileSize: number, over: boolean, winner: number | null, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, players: Array<{ __typename?: 'CactusPlayerView', seat: number, handSize: number, points: number, playing: boolean, turns: number, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> | null }>, discards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, window: { __typename?: 'CactusWindowView', stops: Array<number>, waitingOn: Array<number>, answers: number, stands: boolean, deadline: string | null, action: { __typename?: 'CactusActionView', kind: CactusKind, seat: number, targets: Array<number>, requested: CactusKind | null } } | null, choice: { __typename?: 'CactusChoiceView', seat: number, kind: string, victim: number, options: Array<number> | null, deadline: string | null, kinds: Array<CactusKind> | null, fan: Array<CactusKind> | null } | null, seen: { __typename?: 'CactusSeenHand', victim: number, cards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> } | null, taken: { __typename?: 'CactusTakenView', by: number, kind: CactusKind } | null }
      | { __typename?: 'CliffsNCactusesView', game: string, version: number, seat: number | null, phase: string, stack: boolean, round: number, leader: number | null, order: Array<number>, revealing: number | null, deadline: string | null, deckSize: number, lastCall: Array<number>, winners: Array<number>, reason: string | null, stage: { __typename?: 'CliffsNCactusesStageView', number: number, plays: number, defaultMovement: number } | null, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, handSize: number, larry: boolean, playing: boolean, playsLeft: number, done: boolean, moved: number | null, queue: Array<{ __typename?: 'CliffsNCactusesQueueCardView', revealed: boolean, flipped: boolean, playedBy: number | null, larry: boolean, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } } | null }>, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }> | null, known: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }> }>, discards: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }>, lifted: { __typename?: 'CliffsNCactusesLiftedView', seat: number, flipped: boolean, index: number, triggers: number, done: number, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } } } | null, question: { __typename?: 'CliffsNCactusesQuestionView', seat: number, default: number, deadline: string | null, aims: Array<{ __typename?: 'CliffsNCactusesAim', racer: number | null, card: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null, their: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null }> } | null, tiebreak: { __typename?: 'CliffsNCactusesTiebreakView', purpose: string, entrants: Array<number>, contenders: Array<number>, bestOf: number, wins: Array<number>, thrown: Array<number>, pairs: Array<Array<number>>, through: Array<number> } | null }
      | { __typename?: 'DaredevilRockView', game: string, version: number, seat: number | null, started: boolean, columns: number, levels: number, deckSize: number, active: number | null, turn: number, actionsLeft: number, mustExamine: boolean, deadline: string | null, over: boolean, winner: number | null, limitedCams: number | null, blindMansBluff: boolean, turnLimit: number | null, spaces: Array<{ __typename?: 'DaredevilRockSpaceView', level: number, column: number, faceUp: boolean, climber: number | null, cams: Array<number>, card: { __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string } | null }>, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, column: number | null, eliminated: boolean, reserve: number, actions: number, turns: number, mustExamine: boolean, cams: Array<{ __typename?: 'DaredevilRockSpot', level: number, column: number }> }>, deck: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string }> | null, discards: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string }>, freeClimb: { __typename?: 'DaredevilRockSpot', level: number, column: number } | null }
      | { __typename?: 'RacesmackView', game: string, version: number, seat: number | null, started: boolean, variants: Array<string>, round: number, active: number | null, step: string, drawPileSize: number, rule: number | null, correctSeats: Array<number>, right: Array<number>, over: boolean, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, played: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, faceDown: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, handSize: number, playing: boolean, ready: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> | null, pile: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, row: Array<{ __typename?: 'RacesmackPlayedCard', seat: number, card: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } }>, taps: Array<{ __typename?: 'RacesmackTapView', seat: number, playedBy: number | null }>, racingRule: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, asks: Array<{ __typename?: 'RacesmackAskView', seat: number, kind: string, count: number, hand: boolean, options: Array<string> | null, deadline: string | null, cards: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, rulesCards: Array<{ __typename?: 'RacesmackRulesCardView', number: number, says: string }> }
     | null } | null };

export type ReplaysQueryVariables = Exact<{
  game: InputMaybe<Scalars['String']['input']>;
  player: InputMaybe<Scalars['ID']['input']>;
  after: InputMaybe<Scalars['String']['input']>;
  first: InputMaybe<Scalars['Int']['input']>;
}>;


export type ReplaysQuery = { __typename?: 'Query', matches: { __typename?: 'MatchConnection', edges: Array<{ __typename?: 'MatchEdge', node: { __typename?: 'Match', id: string, game: string, createdAt: string, finishedAt: string | null, seats: Array<{ __typename?: 'Seat', index: number, isBot: boolean, botLevel: string | null, player: { __typename?: 'Player', id: string, name: string } | null }>, outcome: { __typename?: 'Outcome', ranks: Array<number>, scores: Array<number | null> | null, reason: string, winners: Array<number> } | null, view:
          | { __typename: 'BoulderBluffView', reason: string | null, players: Array<{ __typename?: 'BoulderBluffPlayerView', seat: number, score: number, resigned: boolean, claimed: Array<{ __typename?: 'BoulderBluffClaim', boulder: { __typename?: 'BoulderBluffBoulder', points: number } }> }> }
          | { __typename: 'CactusView', goal: number, winners: Array<number>, reason: string | null, players: Array<{ __typename?: 'CactusPlayerView', seat: number, points: number, playing: boolean }> }
          | { __typename: 'CliffsNCactusesView', round: number, winners: Array<number>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, playing: boolean }> }
          | { __typename: 'DaredevilRockView', over: boolean, winner: number | null, levels: number, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, eliminated: boolean, actions: number }> }
          | { __typename: 'RacesmackView', over: boolean, winners: Array<number>, reason: string | null, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, playing: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number }> }> }
         | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor: string | null } } };

export type PlayerNameQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PlayerNameQuery = { __typename?: 'Query', player: { __typename?: 'Player', id: string, name: string } | null };

export type BoulderBluffTableFragment = { __typename?: 'BoulderBluffView', seat: number | null, started: boolean, animalKingdom: boolean, injuriesAffectClimbing: boolean, bouldersLeft: number, deckSize: number, discardPileSize: number, chalkInBag: number, active: number | null, turn: number, step: string, waitingOn: Array<number>, boarOptions: Array<number>, deadline: string | null, over: boolean, reason: string | null, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, players: Array<{ __typename?: 'BoulderBluffPlayerView', seat: number, handSize: number, score: number, resigned: boolean, hand: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, claimed: Array<{ __typename?: 'BoulderBluffClaim', injury: string | null, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour } }> }>, row: Array<{ __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }>, climb: { __typename?: 'BoulderBluffClimbView', number: number, seat: number, final: boolean, cancelled: Array<number>, boulder: { __typename?: 'BoulderBluffBoulder', number: number, points: number, colours: Array<Colour>, title: Colour }, climbers: Array<{ __typename?: 'BoulderBluffClimberView', seat: number, faceDownCount: number, chalk: Array<number>, faceUp: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }>, hidden: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> | null, added: Array<{ __typename?: 'BoulderBluffCard', number: number, name: string, value: number | null, colours: Array<Colour>, title: Colour | null, animal: BoulderBluffAnimal | null }> }> } | null, tally: Array<{ __typename?: 'BoulderBluffStrength', seat: number, chalk: number, raw: number, technique: number, fatigue: number, animals: number, total: number }> };

export type BoulderBluffSummaryFragment = { __typename?: 'BoulderBluffView', reason: string | null, players: Array<{ __typename?: 'BoulderBluffPlayerView', seat: number, score: number, resigned: boolean, claimed: Array<{ __typename?: 'BoulderBluffClaim', boulder: { __typename?: 'BoulderBluffBoulder', points: number } }> }> };

export type CactusTableFragment = { __typename?: 'CactusView', version: number, seat: number | null, started: boolean, goal: number, turn: number, active: number | null, deadline: string | null, clockLeft: number | null, turnLimit: number | null, drawPileSize: number, pointPileSize: number, over: boolean, winner: number | null, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, players: Array<{ __typename?: 'CactusPlayerView', seat: number, handSize: number, points: number, playing: boolean, turns: number, hand: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> | null }>, discards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }>, window: { __typename?: 'CactusWindowView', stops: Array<number>, waitingOn: Array<number>, answers: number, stands: boolean, deadline: string | null, action: { __typename?: 'CactusActionView', kind: CactusKind, seat: number, targets: Array<number>, requested: CactusKind | null } } | null, choice: { __typename?: 'CactusChoiceView', seat: number, kind: string, victim: number, options: Array<number> | null, deadline: string | null, kinds: Array<CactusKind> | null, fan: Array<CactusKind> | null } | null, seen: { __typename?: 'CactusSeenHand', victim: number, cards: Array<{ __typename?: 'CactusCardView', kind: CactusKind, name: string }> } | null, taken: { __typename?: 'CactusTakenView', by: number, kind: CactusKind } | null };

export type CactusSummaryFragment = { __typename?: 'CactusView', goal: number, winners: Array<number>, reason: string | null, players: Array<{ __typename?: 'CactusPlayerView', seat: number, points: number, playing: boolean }> };

export type CliffsNCactusesTableFragment = { __typename?: 'CliffsNCactusesView', seat: number | null, phase: string, stack: boolean, round: number, leader: number | null, order: Array<number>, revealing: number | null, deadline: string | null, deckSize: number, lastCall: Array<number>, winners: Array<number>, reason: string | null, stage: { __typename?: 'CliffsNCactusesStageView', number: number, plays: number, defaultMovement: number } | null, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, handSize: number, larry: boolean, playing: boolean, playsLeft: number, done: boolean, moved: number | null, queue: Array<{ __typename?: 'CliffsNCactusesQueueCardView', revealed: boolean, flipped: boolean, playedBy: number | null, larry: boolean, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } } | null }>, hand: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }> | null, known: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }> }>, discards: Array<{ __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } }>, lifted: { __typename?: 'CliffsNCactusesLiftedView', seat: number, flipped: boolean, index: number, triggers: number, done: number, card: { __typename?: 'CliffsNCactusesCard', id: number, printed: { __typename?: 'CliffsNCactusesFace', kind: CliffsNCactusesKind, name: string, metres: number, card: CliffsNCactusesCardTarget | null, racer: CliffsNCactusesRacerTarget | null, theirCard: CliffsNCactusesCardTarget | null, count: number } } } | null, question: { __typename?: 'CliffsNCactusesQuestionView', seat: number, default: number, deadline: string | null, aims: Array<{ __typename?: 'CliffsNCactusesAim', racer: number | null, card: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null, their: { __typename?: 'CliffsNCactusesSpot', seat: number, index: number | null } | null }> } | null, tiebreak: { __typename?: 'CliffsNCactusesTiebreakView', purpose: string, entrants: Array<number>, contenders: Array<number>, bestOf: number, wins: Array<number>, thrown: Array<number>, pairs: Array<Array<number>>, through: Array<number> } | null };

export type CliffsNCactusesSummaryFragment = { __typename?: 'CliffsNCactusesView', round: number, winners: Array<number>, racers: Array<{ __typename?: 'CliffsNCactusesRacerView', seat: number, position: number, playing: boolean }> };

export type DaredevilRockTableFragment = { __typename?: 'DaredevilRockView', seat: number | null, started: boolean, columns: number, levels: number, deckSize: number, active: number | null, turn: number, actionsLeft: number, mustExamine: boolean, deadline: string | null, over: boolean, winner: number | null, limitedCams: number | null, blindMansBluff: boolean, turnLimit: number | null, spaces: Array<{ __typename?: 'DaredevilRockSpaceView', level: number, column: number, faceUp: boolean, climber: number | null, cams: Array<number>, card: { __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string } | null }>, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, column: number | null, eliminated: boolean, reserve: number, actions: number, turns: number, mustExamine: boolean, cams: Array<{ __typename?: 'DaredevilRockSpot', level: number, column: number }> }>, deck: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string }> | null, discards: Array<{ __typename?: 'DaredevilRockCard', rank: number | null, suit: string, isJoker: boolean, name: string }>, freeClimb: { __typename?: 'DaredevilRockSpot', level: number, column: number } | null };

export type DaredevilRockSummaryFragment = { __typename?: 'DaredevilRockView', over: boolean, winner: number | null, levels: number, climbers: Array<{ __typename?: 'DaredevilRockClimberView', seat: number, level: number, eliminated: boolean, actions: number }> };

export type RacesmackTableFragment = { __typename?: 'RacesmackView', seat: number | null, started: boolean, variants: Array<string>, round: number, active: number | null, step: string, drawPileSize: number, rule: number | null, correctSeats: Array<number>, right: Array<number>, over: boolean, winners: Array<number>, reason: string | null, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, played: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, faceDown: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, handSize: number, playing: boolean, ready: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }>, hand: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> | null, pile: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, row: Array<{ __typename?: 'RacesmackPlayedCard', seat: number, card: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } }>, taps: Array<{ __typename?: 'RacesmackTapView', seat: number, playedBy: number | null }>, racingRule: { __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> } | null, asks: Array<{ __typename?: 'RacesmackAskView', seat: number, kind: string, count: number, hand: boolean, options: Array<string> | null, deadline: string | null, cards: Array<{ __typename?: 'RacesmackCard', id: number, rules: number | null, display: RacesmackDisplay, icons: Array<{ __typename?: 'RacesmackIcon', shape: RacesmackShape, colour: Colour }> }> }>, rulesCards: Array<{ __typename?: 'RacesmackRulesCardView', number: number, says: string }> };

export type RacesmackSummaryFragment = { __typename?: 'RacesmackView', over: boolean, winners: Array<number>, reason: string | null, players: Array<{ __typename?: 'RacesmackPlayerView', seat: number, playing: boolean, race: Array<{ __typename?: 'RacesmackCard', id: number }> }> };
