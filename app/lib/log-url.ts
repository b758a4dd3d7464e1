// Request URLs as they may be written to a log. A log line holds the visitor's IP address, time and
// browser, so nothing personal or secret from the URL may sit beside it: a ZIP code or street address
// (never kept against a person), an email address, or a one-time token from an emailed link (anyone
// reading the log could use it). The values of those query parameters are replaced; the names stay,
// for debugging.

/**
 * Query parameters that can carry a ZIP code, an address, an email address or a secret: `q` (the search
 * box, where a ZIP is welcome), `zip` (/find, /api/lookup and the ZIP forms), `address` (the
 * street-address refinement, a POST form, kept here in case it is ever sent as GET), `email`
 * (/api/check-email) and `token` (the confirm-email, reset-password, unsubscribe and rejoin links).
 */
export const PRIVATE_QUERY_PARAMETERS: ReadonlySet<string> = new Set(["q", "zip", "address", "email", "token"]);

/** `url` (a path and query, as on the request line) with each private parameter's value replaced by "-". */
export function loggableUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const parameters = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0];
      return PRIVATE_QUERY_PARAMETERS.has(decodedName(name).toLowerCase()) ? `${name}=-` : pair;
    });
  return `${url.slice(0, start + 1)}${parameters.join("&")}`;
}

/** A parameter name as URLSearchParams reads it (z%69p is zip, + is a space). */
function decodedName(name: string) {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
