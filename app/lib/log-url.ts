// Request URLs as they may be written to a log. A visitor's ZIP code or street address must never be
// kept against them, and a log line holds their IP address, time and browser, so the values of the
// query parameters that can carry either are replaced; the names stay, for debugging.

/**
 * Query parameters that can carry a ZIP code or an address: `q` (the search box, where a ZIP is welcome),
 * `zip` (/find, /api/lookup and the ZIP forms) and `address` (the street-address refinement, a POST
 * form, kept here too in case the form is ever sent as GET).
 */
export const PRIVATE_QUERY_PARAMETERS: ReadonlySet<string> = new Set(["q", "zip", "address"]);

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
