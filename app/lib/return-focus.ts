// Where the focus goes when a dialog closes: back to the control that had it before the dialog took
// it, so a keyboard user goes on from where they were, not from the page's start.

/** Focuses `to` again, if it was a control (not the page itself) and is still on the page. */
export function returnFocus(to: Element | null) {
  if (to instanceof HTMLElement && to !== document.body && to.isConnected) to.focus({ preventScroll: true });
}
