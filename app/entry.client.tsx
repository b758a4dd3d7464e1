import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HYDRATED_EVENT } from "~/lib/hydration";

/** Says that React now handles the page's events (the script that loads a page's scripts on intent waits for it). */
function Hydrated() {
  useEffect(() => {
    window.__hydrated = true;
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
      <Hydrated />
    </StrictMode>,
  );
});
