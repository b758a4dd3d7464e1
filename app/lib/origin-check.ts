/**
 * Whether a request changes state on behalf of another site. Browsers send Origin on POST;
 * when it is missing, Sec-Fetch-Site still tells a cross-site request. Non-browser clients
 * (curl, server-to-server JSON callers) send neither and are allowed.
 */
export function isCrossSiteWrite(request: {
  method: string;
  origin?: string | null;
  host?: string | null;
  secFetchSite?: string | null;
}): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const { origin } = request;
  if (origin === "null") return true; // sandboxed frames and some privacy modes
  if (origin) {
    try {
      return new URL(origin).host !== request.host;
    } catch {
      return true;
    }
  }
  return request.secFetchSite === "cross-site";
}
