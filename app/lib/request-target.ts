// Request targets (the path and query a request names) refused before any route sees them: matching
// and rendering a path costs time that grows with its number of segments, so a few huge URLs
// would otherwise keep the server busy for seconds.

/** No address of ours comes near it; browsers and proxies accept at least this much. */
export const MAX_URL_LENGTH = 8_192;
/** Our deepest route has five segments. */
export const MAX_PATH_SEGMENTS = 32;

/** What the server answers a refused target with, before Remix (so not a Refusal from app/lib/refusal.ts). */
export type TargetRefusal = { status: 400 | 414; message: string };

const TOO_LONG: TargetRefusal = { status: 414, message: "The address is too long." };
const NOT_VALID: TargetRefusal = { status: 400, message: "The address is not valid." };

const segmentCount = (path: string) => path.split("/").length - 1;

/** Why a request target is refused, or null. `target` is the raw path and query from the request line. */
export function checkRequestTarget(target: string): TargetRefusal | null {
  if (target.length > MAX_URL_LENGTH) return TOO_LONG;
  let url: URL;
  try {
    url = new URL(`http://localhost${target}`); // the same parsing the server hands to Remix
  } catch {
    return NOT_VALID;
  }
  if (segmentCount(url.pathname) > MAX_PATH_SEGMENTS) return TOO_LONG;
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return NOT_VALID; // a stray % that is not followed by two hex digits
  }
  // `_data` is how Remix without single fetch asked for a route's data. This app asks with .data
  // addresses, and Remix would answer a `_data` request with an empty 200 page.
  if (url.searchParams.has("_data")) return NOT_VALID;
  return null;
}
