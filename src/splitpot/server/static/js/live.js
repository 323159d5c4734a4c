// @ts-check
// Lines of a live log (role="log": the hand's log, the chat): lines already shown stay, new ones
// are appended, so a screen reader reads each line once instead of the whole log at each redraw.

// `items` are {key, node}: the lines in order, each with a key that changes when its text does.
/**
 * @param {HTMLElement} box
 * @param {{ key: string, node: HTMLElement }[]} items
 * @param {number} [limit]
 */
export function showLines(box, items, limit = Infinity) {
  const wanted = items.slice(-limit);
  const keys = new Set(wanted.map((item) => item.key));
  const children = () => /** @type {HTMLElement[]} */ ([...box.children]);
  for (const child of children()) if (!keys.has(child.dataset.key || "")) child.remove();
  const have = children().map((child) => child.dataset.key);
  for (const item of wanted) item.node.dataset.key = item.key;
  if (!have.every((key, i) => key === wanted[i].key)) {
    box.replaceChildren(...wanted.map((item) => item.node));
    return;
  }
  box.append(...wanted.slice(have.length).map((item) => item.node));
}
