// @ts-check
// A house rule or stake as a form field (the lobby's new table, the host's changes), and its value.

/**
 * @param {string | number} value
 * @param {string} label
 * @param {boolean} [selected]
 */
export function option(value, label, selected) {
  const el = document.createElement("option");
  el.value = String(value);
  el.textContent = label;
  if (selected) el.selected = true;
  return el;
}

/**
 * A labelled input for `rule` (a select for a choice or a yes/no), with its explanation.
 * @param {import("./types.js").Rule} rule
 * @param {string} id
 */
export function field(rule, id) {
  const row = document.createElement("div");
  row.className = "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = rule.name.replaceAll("_", " ");
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  if (rule.kind === "choice") {
    const select = document.createElement("select");
    input = select;
    rule.choices.forEach((value, i) => select.append(option(value, rule.labels[i] || String(value), value === rule.default)));
  } else if (rule.kind === "bool") {
    input = document.createElement("select");
    input.append(option("true", "yes", rule.default === true), option("false", "no", rule.default === false));
  } else {
    const box = document.createElement("input");
    input = box;
    box.type = rule.kind === "prices" ? "text" : "number";
    if (box.type === "number") box.min = String(rule.minimum);
    if (rule.default !== null) box.value = Array.isArray(rule.default) ? rule.default.join(", ") : String(rule.default);
    if (rule.none_means) box.placeholder = rule.none_means;
  }
  input.id = id;
  input.dataset.rule = rule.name;
  input.dataset.kind = rule.kind;
  const explain = document.createElement("span");
  explain.className = "explain";
  explain.textContent = rule.explanation + (rule.none_means ? ` Empty: ${rule.none_means}.` : "");
  row.append(label, input, explain);
  return row;
}

/**
 * The value a rule's input holds, as the server reads it.
 * @param {HTMLInputElement | HTMLSelectElement} input
 */
export function valueOf(input) {
  const kind = input.dataset.kind;
  const text = input.value.trim();
  if (kind === "bool") return text === "true";
  if (kind === "choice") return /^-?\d+$/.test(text) ? Number(text) : text;
  if (text === "") return null;
  if (kind === "prices") return text.split(/[\s,]+/).filter(Boolean).map(Number);
  return Number(text);
}

/**
 * A whole number typed in a field, or the text as typed (the server's refusal names the field).
 * @param {string} text
 * @returns {number | string}
 */
export function wholeOr(text) {
  return /^\d+$/.test(text) ? Number(text) : text;
}
