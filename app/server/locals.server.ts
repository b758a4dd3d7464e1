// What server.ts's middleware learn about a request and hand to the ones after them (res.locals),
// and the server's own plain answers.
import type { Request, Response } from "express";
import type { RouteTarget } from "../lib/route-target.js";

export type Locals = {
  cspNonce: string;
  /** The URL Remix gets: built from the checked Host header and the request target. */
  url: URL;
  clientAddress: string | null;
  route: RouteTarget | null;
  /** A write's body, read (and its size checked) before any route runs. */
  body?: Buffer;
  /** A refusal (429) of a page request, rendered by the app inside the site's shell. */
  refusal?: string;
  /** A refused write to a form that shows refusals in place: its action answers it (FORMS_SHOWING_REFUSALS). */
  refused?: { status: number; message: string };
};

export const locals = (res: Response) => res.locals as Locals;

export const writes = (method: string) => method !== "GET" && method !== "HEAD";

/** An answer of the server's own: JSON {message} under /api/, plain text elsewhere. */
export function answer(req: Request, res: Response, status: number, message: string) {
  const where = locals(res).route?.pattern ?? req.path;
  if (where.toLowerCase().startsWith("/api/")) res.status(status).json({ message });
  else res.status(status).type("text/plain").send(message);
}
