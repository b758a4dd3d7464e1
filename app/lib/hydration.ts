// The page tells the rest of the page when React has hydrated it: this event on the document, and
// window.__hydrated from then on. The root layout announces it from an effect, so that the tree
// React hydrates is the tree the server rendered (a component added beside RemixBrowser would
// change every useId and break the forms that rely on them).
export const HYDRATED_EVENT = "civic-atlas:hydrated";

declare global {
  interface Window {
    __hydrated?: boolean;
  }
}

/** Called once the document is hydrated: React handles the page's events from now on. */
export function announceHydrated() {
  window.__hydrated = true;
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}
