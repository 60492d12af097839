// What every page does: a site header with the navigation (before <main>, where landmarks belong), then
// the page's own component drawn into <main id="app"> in place of the server's <noscript> fallback.
import { render } from "preact";
import { html } from "./kit.js";

export const main = document.getElementById("app");

const SECTIONS = [
  ["/", "Cliffside"],
  ["/play/", "Play"],
  ["/replays/", "Replays"],
];

function SiteNav({ path }) {
  // The section the page is in: the longest prefix ("/play/12" is in "/play/").
  const here = SECTIONS.map(([href]) => href).filter((href) => path.startsWith(href)).at(-1);
  return html`<nav aria-label="Site"><ul>
    ${SECTIONS.map(([href, label]) => html`<li key=${href}>
      <a href=${href} aria-current=${href === here ? "page" : undefined}>${label}</a>
    </li>`)}
  </ul></nav>`;
}

// The match id of the route (/play/<id>, /replays/<id>), as the server passed it.
export const routeMatchId = () => main.dataset.matchId || null;

export function mount(page) {
  const header = document.createElement("header");
  header.className = "site-header";
  main.before(header);
  render(html`<${SiteNav} path=${location.pathname} />`, header);
  main.replaceChildren();
  render(page, main);
}
