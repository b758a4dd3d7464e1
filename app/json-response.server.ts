// JSON answers for the public API: an ETag on every success so repeat reads can be 304, and
// errors that always carry a message.
import { createHash } from "node:crypto";

export function jsonWithEtag(request: Request, body: unknown, init: { maxAge?: number } = {}): Response {
  const text = JSON.stringify(body);
  const etag = `W/"${createHash("sha1").update(text).digest("base64url")}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": `public, max-age=${init.maxAge ?? 60}`,
    "Content-Type": "application/json; charset=utf-8",
  };
  const match = request.headers.get("If-None-Match");
  if (match && match.split(",").some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}

/**
 * An HTTP-level refusal as JSON: a wrong method, a missing sign-in, a body that cannot be read.
 * What the domain refuses is a Refusal instead (thrown by models, answered by the server's one
 * wrapper, app/server/remix.server.ts).
 */
export function jsonError(status: number, message: string): Response {
  return Response.json({ message }, { status });
}

/** JSON for one signed-in person: never stored by a shared cache. */
export function privateJson(body: unknown, init: { status?: number } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { "Cache-Control": "private, no-store" } });
}
