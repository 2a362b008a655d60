// Writes to the DOM that touch it only on a change (a text or an attribute that is already
// what it should be is left alone: no mutation, nothing for assistive technology to announce
// again). Shared by the regions' writers (render.js, cells.js, graph.js, page.js).

/**
 * Sets the text of `el`, if it differs.
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Sets the attribute `name` of `el` to `value`, if it differs.
 * @param {Element} el
 * @param {string} name
 * @param {string} value
 */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
