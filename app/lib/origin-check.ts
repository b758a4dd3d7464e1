/**
 * Whether a request changes state on behalf of another site. Browsers send Origin on POST;
 * when it is missing, Sec-Fetch-Site still tells a cross-site request. Non-browser clients
 * (curl, server-to-server JSON callers) send neither and are allowed.
 */
export function isCrossSiteWrite(request: { method: string } & RequestSite): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  return isCrossSite(request);
}

type RequestSite = { origin?: string | null; host?: string | null; secFetchSite?: string | null };

/** Whether another site started this request: an Origin of another host, or Sec-Fetch-Site cross-site. */
export function isCrossSite(request: RequestSite): boolean {
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
