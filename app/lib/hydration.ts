// The page's scripts tell the rest of the page when React has hydrated it: this event on the document,
// and window.__hydrated from then on.
export const HYDRATED_EVENT = "civic-atlas:hydrated";

declare global {
  interface Window {
    __hydrated?: boolean;
  }
}
