// A house rule or stake as a form field (the lobby's new table, the host's changes), and its value.

export function option(value, label, selected) {
  const el = document.createElement("option");
  el.value = String(value);
  el.textContent = label;
  if (selected) el.selected = true;
  return el;
}

export function field(rule, id) {
  const row = document.createElement("div");
  row.className = "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = rule.name.replaceAll("_", " ");
  let input;
  if (rule.kind === "choice") {
    input = document.createElement("select");
    rule.choices.forEach((value, i) => input.append(option(value, rule.labels[i] || String(value), value === rule.default)));
  } else if (rule.kind === "bool") {
    input = document.createElement("select");
    input.append(option("true", "yes", rule.default === true), option("false", "no", rule.default === false));
  } else {
    input = document.createElement("input");
    input.type = rule.kind === "prices" ? "text" : "number";
    if (input.type === "number") input.min = String(rule.minimum);
    if (rule.default !== null) input.value = Array.isArray(rule.default) ? rule.default.join(", ") : String(rule.default);
    if (rule.none_means) input.placeholder = rule.none_means;
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

export function valueOf(input) {
  const kind = input.dataset.kind;
  const text = input.value.trim();
  if (kind === "bool") return text === "true";
  if (kind === "choice") return /^-?\d+$/.test(text) ? Number(text) : text;
  if (text === "") return null;
  if (kind === "prices") return text.split(/[\s,]+/).filter(Boolean).map(Number);
  return Number(text);
}
