// Shared drawing helpers: the shell and every game's drawing module import these (the names and props
// are the contract of web-contract.md; keep them stable).
import { h, Fragment } from "preact";
import { useState, useRef, useEffect } from "preact/hooks";
import htm from "htm";

export const html = htm.bind(h);
export { Fragment };

const URGENT_SECONDS = 5;

// The move's input member object: `{action: "PLAY_CARD", card: 3}` of `{boulderBluff: {...}}`.
export function memberOf(move) {
  return Object.values(move?.input || {})[0] || {};
}

// The moves whose single input member has this action.
export function movesOf(moves, action) {
  return (moves || []).filter((move) => memberOf(move).action === action);
}

// A legal move as a real button on the table. It sends the move once: disabled while the request is in
// flight (a double click must not play twice), enabled again if the move is refused.
export function Move({ move, play, children, class: extra = "" }) {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => (mounted.current = false), []);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await play(move.input);
    } catch {
      // The shell shows the refusal; the button only has to come back.
    } finally {
      if (mounted.current) setBusy(false);
    }
  };
  return html`<button
    type="button"
    class=${`move ${extra}`.trim()}
    data-move=${move.label}
    aria-label=${move.label}
    title=${move.label}
    disabled=${busy}
    aria-busy=${busy ? "true" : undefined}
    onClick=${onClick}
  >${children ?? move.label}</button>`;
}

// Seconds left until `at` (ISO string) at `now` (ms), spoken politely by screen readers.
export function Countdown({ at, now }) {
  if (!at) return null;
  const left = Math.max(0, Math.ceil((Date.parse(at) - (now ?? Date.now())) / 1000));
  const urgent = left < URGENT_SECONDS;
  return html`<time
    class=${urgent ? "countdown urgent" : "countdown"}
    datetime=${at}
    aria-live="polite"
    aria-label=${`${left} seconds left`}
  >${left}s</time>`;
}

// The seat's display name: the player's name, "Bot (level)", or "Seat n" when the seat is unknown.
export function seatName(seats, index) {
  const seat = (seats || []).find((s) => s.index === index);
  return seat?.name || `Seat ${index}`;
}

// A face-down card, drawn with CSS (site.css `.card.back`).
export function CardBack() {
  return html`<span class="card back" role="img" aria-label="face-down card"></span>`;
}

// A face-down pile with its count, e.g. the draw deck.
export function Pile({ label, count }) {
  return html`<figure class="pile" aria-label=${`${label}: ${count} ${count === 1 ? "card" : "cards"}`}>
    ${count > 0 ? html`<${CardBack} />` : html`<span class="card empty" aria-hidden="true"></span>`}
    <figcaption><span class="pile-label">${label}</span> <span class="badge">${count}</span></figcaption>
  </figure>`;
}
