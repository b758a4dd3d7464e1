// Answers that depend on who is signed in must not be kept by shared caches or the browser's disk
// cache: another person on the same proxy or computer could be shown them.

export const SESSION_COOKIE_NAME = "ca_session";
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Whether an answer gets Cache-Control: private, no-store: the request carried a session, or the
 * answer sets a cookie, unless the answer declared itself public (the public JSON API).
 */
export function mustNotBeStored(requestCookies: string | undefined, answer: { cacheControl: string | null; setsCookie: boolean }) {
  if (answer.cacheControl && /(^|,)\s*public\s*(,|$)/i.test(answer.cacheControl)) return false;
  return carriesSession(requestCookies) || answer.setsCookie;
}

/** Whether a request's Cookie header carries a session. */
export const carriesSession = (requestCookies: string | undefined) =>
  new RegExp(`(^|;)\\s*${SESSION_COOKIE_NAME}=[^;]`).test(requestCookies ?? "");
