// @ts-check
// Modal dialogs by the WAI-ARIA dialog pattern: opening one moves the focus into it, Tab and
// Shift-Tab stay inside it, Escape does what its close button does, and closing it puts the
// focus back where it was (or, when that is gone, leaves it for the page to place).

/** @type {WeakMap<HTMLElement, Element | null>} */
const openers = new WeakMap(); // dialog -> the element focused when it opened

const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])";

/**
 * @param {HTMLElement} box
 * @returns {HTMLElement[]}
 */
function focusables(box) {
  return /** @type {HTMLElement[]} */ ([...box.querySelectorAll(FOCUSABLE)]).filter((el) => !(/** @type {HTMLButtonElement} */ (el)).disabled && el.offsetParent !== null);
}

// Show `box` (an overlay holding a role="dialog"), focus `first`; `onEscape` closes it.
/**
 * @param {HTMLElement} box
 * @param {HTMLElement | null} first
 * @param {(() => void) | null} [onEscape]
 */
export function openDialog(box, first, onEscape) {
  const wasOpen = !box.classList.contains("hidden");
  box.classList.remove("hidden");
  if (wasOpen) return;
  openers.set(box, document.activeElement);
  box.onkeydown = (event) => {
    if (event.key === "Escape" && onEscape) {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const stops = focusables(box);
    if (!stops.length) return;
    const [head, tail] = [stops[0], stops[stops.length - 1]];
    if (event.shiftKey && (document.activeElement === head || !box.contains(document.activeElement))) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && (document.activeElement === tail || !box.contains(document.activeElement))) {
      event.preventDefault();
      head.focus();
    }
  };
  const target = first && !(/** @type {HTMLButtonElement} */ (first)).disabled ? first : focusables(box)[0];
  if (target) target.focus();
}

// Hide `box` and give the focus back to what had it before the dialog opened.
/** @param {HTMLElement} box */
export function closeDialog(box) {
  if (box.classList.contains("hidden")) return;
  const focusWasInside = box.contains(document.activeElement);
  box.classList.add("hidden");
  const opener = openers.get(box);
  openers.delete(box);
  if (focusWasInside && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
}
