// A match's options form, built from the game's JSON Schema (GameInfo.optionsSchema): an enum is a
// select, a boolean a checkbox, an integer a number field (empty = null where the schema allows null).
// Every field starts at the schema's default, so "Create match" with no change plays the standard game.
import { html } from "./kit.js";

function kindOf(property) {
  const types = [].concat(property.type || []);
  if (property.enum) return "enum";
  if (types.includes("boolean")) return "boolean";
  if (types.includes("integer") || types.includes("number")) return "integer";
  return "text";
}

const nullable = (property) => [].concat(property.type || []).includes("null");

// Words from a camelCase key: "turnSeconds" -> "Turn seconds".
function words(key) {
  const spaced = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function Field({ name, property }) {
  const id = `option-${name}`;
  const hint = property.description && html`<small id=${`${id}-hint`}>${property.description}</small>`;
  const described = property.description ? `${id}-hint` : undefined;
  switch (kindOf(property)) {
    case "boolean":
      return html`<div class="field check">
        <input type="checkbox" id=${id} name=${name} defaultChecked=${property.default === true} aria-describedby=${described} />
        <label for=${id}>${words(name)}</label>${hint}</div>`;
    case "enum":
      return html`<div class="field"><label for=${id}>${words(name)}</label>
        <select id=${id} name=${name} aria-describedby=${described}>
          ${property.enum.map((value) => html`<option value=${value} selected=${value === property.default}>${value}</option>`)}
        </select>${hint}</div>`;
    case "integer":
      return html`<div class="field"><label for=${id}>${words(name)}</label>
        <input type="number" id=${id} name=${name} inputmode="numeric" step="1" min=${property.minimum} max=${property.maximum}
          defaultValue=${property.default ?? ""} placeholder=${nullable(property) ? "empty" : undefined}
          required=${!nullable(property)} aria-describedby=${described} />${hint}</div>`;
    default:
      return html`<div class="field"><label for=${id}>${words(name)}</label>
        <input id=${id} name=${name} defaultValue=${property.default ?? ""} aria-describedby=${described} />${hint}</div>`;
  }
}

export function OptionsFields({ schema }) {
  const properties = Object.entries(schema?.properties || {});
  if (!properties.length) return null;
  return html`<fieldset class="options"><legend>Options</legend>
    ${properties.map(([name, property]) => html`<${Field} key=${name} name=${name} property=${property} />`)}
  </fieldset>`;
}

// The options object the form holds, typed as the schema says.
export function readOptions(schema, form) {
  const options = {};
  for (const [name, property] of Object.entries(schema?.properties || {})) {
    const field = form.elements.namedItem(name);
    if (!field) continue;
    const kind = kindOf(property);
    if (kind === "boolean") options[name] = field.checked;
    else if (kind === "integer") options[name] = field.value === "" ? null : Number.parseInt(field.value, 10);
    else options[name] = field.value;
  }
  return options;
}
