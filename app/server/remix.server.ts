// How a request that passed the server's checks reaches Remix (its Express adapter), what every
// answer from Remix gets on its way out, and the two places the server reaches into the build.
import { Readable } from "node:stream";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { Request, RequestHandler, Response } from "express";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "../lib/database-busy.js";
import { mustNotBeStored, PRIVATE_NO_STORE } from "../lib/private-responses.js";
import { isRefusal, type Refusal, refusalBody } from "../lib/refusal.js";
import { locals, writes } from "./locals.server.js";

/** What routes get as `context`: the nonce, who asked, a refusal the server decided on, and whether the answer may flow. */
export function loadContext(_req: Request, res: Response): AppLoadContext {
  const { cspNonce, clientAddress: ipAddress, refusal, refused } = locals(res);
  return { cspNonce, ipAddress, refusal, refused, whenWritable: backpressure(res) };
}

/**
 * Remix writes a streamed body as fast as the stream makes it, whatever the connection can take
 * (its writer ignores write()'s answer), so a long download to a slow client would pile up in
 * memory. This keeps write()'s answer for it: the returned function resolves true at once while
 * the answer flows, once the writes have drained when the last one was refused, and false if the
 * client has gone. A stream that waits on it before each part makes no more than the client takes.
 * `res.write` and `res.on("drain")` are the compression middleware's when it compresses the answer
 * (its zlib stream, which stops taking input while the socket is full), the response's otherwise.
 */
export function backpressure(res: Response): () => Promise<boolean> {
  let full = false;
  const waiting = new Set<(writable: boolean) => void>();
  const settle = (writable: boolean) => {
    for (const resolve of waiting) resolve(writable);
    waiting.clear();
  };
  const write = res.write;
  res.write = function (this: Response, ...args: Parameters<typeof write>) {
    const taken = write.apply(this, args);
    if (!taken) full = true;
    return taken;
  } as typeof write;
  // One listener each for the whole answer: the middleware's "drain" listeners cannot be removed
  // through the response.
  res.on("drain", () => {
    full = false;
    settle(true);
  });
  res.on("close", () => settle(false));
  return () => {
    if (res.destroyed || res.writableEnded) return Promise.resolve(false);
    if (!full) return Promise.resolve(true);
    return new Promise((resolve) => waiting.add(resolve));
  };
}

/**
 * The request as Remix is given it. A write's body was already read to its end by the size check
 * (bodyLimit), and a Node request cannot be read twice while the adapter reads the body from it:
 * its stream side is that copy. A page refused by a rate limit is asked for as GET
 * /too-many-requests, which renders the refusal inside the site's shell (a refused form sends its
 * body on: its action answers with what was typed).
 */
export function asRemixSeesIt(req: Request, res: Response): Request {
  const { body, refusal } = locals(res);
  if (!refusal && !writes(req.method)) return req;
  const rewritten: Record<PropertyKey, unknown> = refusal ? { method: "GET", originalUrl: "/too-many-requests" } : {};
  const copy = Readable.from(!refusal && body?.length ? [body] : [], { objectMode: false });
  return new Proxy(req, {
    get(target, key) {
      if (key in rewritten) return rewritten[key];
      if (!(key in Readable.prototype)) return Reflect.get(target, key);
      const value: unknown = Reflect.get(copy, key);
      return typeof value === "function" ? value.bind(copy) : value;
    },
  });
}

/**
 * Rules for every answer the app gives, applied as its headers go out: what depends on the
 * signed-in session is private, no-store, and an /api/ action that refuses a method itself still
 * says in Allow what the route takes.
 */
export const answerRules: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    const route = locals(res).route;
    if (route && res.statusCode === 405 && !res.hasHeader("allow")) res.setHeader("Allow", route.allow.join(", "));
    const cacheControl = res.getHeader("cache-control");
    if (
      mustNotBeStored(req.get("cookie"), {
        cacheControl: cacheControl === undefined ? null : String(cacheControl),
        setsCookie: res.hasHeader("set-cookie"),
      })
    )
      res.setHeader("Cache-Control", PRIVATE_NO_STORE);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

/** A Refusal as the server answers it: its status, its message and details, private. */
export const refusalResponse = (refusal: Refusal) =>
  Response.json(refusalBody(refusal), { status: refusal.status, headers: { "Cache-Control": PRIVATE_NO_STORE } });

/**
 * What a loader or action throws and does not answer itself is answered here, the same way on
 * every route:
 * - a domain Refusal (a record that does not exist, a page past the last, a role that may not)
 *   becomes its status with its message and details, as JSON for a call and as the route's error
 *   page for a page (the boundary reads the message);
 * - a busy-database error becomes a 503 with a message and Retry-After.
 * Remix v2 has no hook around loaders and actions (handleError sees the error but cannot change
 * the answer, and resource routes never reach the entry's handlers), so the build's route modules
 * are wrapped once, when the build is loaded. The only place the server changes the build.
 */
export function answeringRefusals(build: ServerBuild): ServerBuild {
  type Handler = (args: { request: globalThis.Request }) => unknown;
  const guard = (handler: Handler) => async (args: { request: globalThis.Request }) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isRefusal(error)) throw refusalResponse(error);
      if (!isDatabaseBusy(error)) throw error;
      console.warn(`Database busy: answered 503 to ${args.request.method} ${new URL(args.request.url).pathname}`);
      throw Response.json({ message: DATABASE_BUSY_MESSAGE }, { status: 503, headers: { "Retry-After": "5" } });
    }
  };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module as { loader?: Handler; action?: Handler };
      const guarded = {
        ...route.module,
        ...(module.loader && { loader: guard(module.loader) }),
        ...(module.action && { action: guard(module.action) }),
      };
      return [id, { ...route, module: guarded }];
    }),
  );
  return { ...build, routes: routes as ServerBuild["routes"] };
}
