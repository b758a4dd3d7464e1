// Calls a route module's loader or action as Remix would, signed in (a real session row and its
// signed cookie) or signed out. App modules are imported lazily so a test can set its environment
// (SMTP_URL) before the configuration is read.

type Handler = (args: never) => unknown;
export type CallOptions = { method?: string; params?: Record<string, string>; body?: unknown; cookie?: string };

/** The session cookie of an existing account, by email. */
export async function cookieFor(email: string): Promise<string> {
  const { db } = await import("~/db.server");
  const { createSession } = await import("~/auth/session.server");
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return (await createSession(user.id)).cookie.split(";")[0];
}

/** What the server gives a route as `context`, for a test that calls the route itself: a client that takes every byte. */
export const routeContext = { cspNonce: "", ipAddress: "127.0.0.1", whenWritable: async () => true };

/** The Response the handler answers or throws (guards throw theirs). */
export async function callRoute(handler: Handler, path: string, { method = "GET", params = {}, body, cookie }: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  try {
    return (await handler({ request, params, context: routeContext } as never)) as Response;
  } catch (thrown) {
    return asServerAnswers(thrown);
  }
}

/**
 * What the server answers for what a route throws: a Response as it is, a Refusal as its JSON
 * (app/server/remix.server.ts wraps every route so); anything else is a bug and stays thrown.
 */
export async function asServerAnswers(thrown: unknown): Promise<Response> {
  if (thrown instanceof Response) return thrown;
  const { isRefusal } = await import("~/lib/refusal");
  const { refusalResponse } = await import("~/server/remix.server");
  if (isRefusal(thrown)) return refusalResponse(thrown);
  throw thrown;
}

/** The answer's JSON with its status, for one-line assertions. */
export async function answer(response: Response | Promise<Response>) {
  const r = await response;
  return { status: r.status, body: await r.json() };
}
