// Answers that depend on who is signed in must not be kept by shared caches or the browser's disk
// cache: another person on the same proxy or computer could be shown them.

export const SESSION_COOKIE_NAME = "ca_session";
export const PRIVATE_NO_STORE = "private, no-store";

const directive = (cacheControl: string, name: string) => new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, "i").test(cacheControl);

/**
 * Whether an answer gets Cache-Control: private, no-store: the request carried a session, or the
 * answer sets a cookie, unless the answer declared itself public (the public JSON API) or private
 * and immutable (a person's own avatar: its address changes with its bytes, and only the browser
 * that was allowed to fetch it keeps it).
 */
export function mustNotBeStored(requestCookies: string | undefined, answer: { cacheControl: string | null; setsCookie: boolean }) {
  const declared = answer.cacheControl ?? "";
  if (directive(declared, "public") || (directive(declared, "private") && directive(declared, "immutable"))) return false;
  return carriesSession(requestCookies) || answer.setsCookie;
}

/** Whether a request's Cookie header carries a session. */
export const carriesSession = (requestCookies: string | undefined) =>
  new RegExp(`(^|;)\\s*${SESSION_COOKIE_NAME}=[^;]`).test(requestCookies ?? "");
