// @ts-check
// The page's DOM helpers, written once: elements by id, new elements, buttons, badges.

/**
 * The element with this id (the pages always have it: a missing one is a bug, said at once).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

/**
 * An input (or select) by its id, typed as one.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function $input(id) {
  return /** @type {HTMLInputElement} */ ($(id));
}

/**
 * A new element with its text and class.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [text]
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * A button (type="button") that calls `onClick`; `verb` marks a move's button (data-verb).
 * @param {string} text
 * @param {(event: MouseEvent) => void} onClick
 * @param {string} [extra] its classes
 * @param {string} [verb]
 * @returns {HTMLButtonElement}
 */
export function button(text, onClick, extra = "", verb = "") {
  const node = el("button", text, extra);
  node.type = "button";
  if (verb) node.dataset.verb = verb;
  node.addEventListener("click", onClick);
  return node;
}

/**
 * Set the text only when it changes (a live region reads out every change).
 * @param {HTMLElement} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * A count on a tab, hidden at zero.
 * @param {string} id
 * @param {number} count
 */
export function badge(id, count) {
  const node = $(id);
  node.textContent = String(count);
  node.classList.toggle("hidden", !count);
}
