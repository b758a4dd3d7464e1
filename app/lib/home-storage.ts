// What the home page keeps in the browser's storage, and whether its scripts have work to do as soon
// as it loads: the page loads them on the visitor's first intent otherwise (scripts-on-intent.server.ts).
export const HOME_STORAGE = {
  lastSelected: "lastSelectedStateId",
  restore: "restoreStateId",
  source: "navigationSource",
  initialized: "hasBeenInitialized",
  splitLayout: "homeSplitLayout",
  splitDefault: "50",
} as const;

/**
 * Runs in the browser from its source text, so it uses only its argument. True when loading the page
 * should change what it shows or stores: a selection in the URL to store, one to restore or clear,
 * or a saved split that is not the default (the panes would move when the scripts arrive).
 */
export function homeWorkDueAtLoad(keys: typeof HOME_STORAGE): boolean {
  if (new URLSearchParams(location.search).has("state")) return true;
  if (sessionStorage.getItem(keys.restore) !== null || sessionStorage.getItem(keys.source) !== null) return true;
  if (sessionStorage.getItem(keys.initialized) === null && localStorage.getItem(keys.lastSelected) !== null) return true;
  const split = localStorage.getItem(keys.splitLayout);
  return split !== null && split !== keys.splitDefault;
}
