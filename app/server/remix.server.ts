// How a request that passed the server's checks reaches Remix (its Express adapter), what every
// answer from Remix gets on its way out, and the two places the server reaches into the build.
import { Readable } from "node:stream";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { Request, RequestHandler, Response } from "express";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "../lib/database-busy.js";
import { mustNotBeStored, PRIVATE_NO_STORE } from "../lib/private-responses.js";
import { locals, writes } from "./locals.server.js";

/** What routes get as `context`: the nonce, who asked, and a refusal the server decided on. */
export function loadContext(_req: Request, res: Response): AppLoadContext {
  const { cspNonce, clientAddress: ipAddress, refusal, refused } = locals(res);
  return { cspNonce, ipAddress, refusal, refused };
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

/**
 * Every busy-database error from a loader or action becomes a 503 with a message. Remix v2 has no
 * hook around loaders and actions (handleError sees the error but cannot change the answer, and
 * resource routes never reach the entry's handlers), so the build's route modules are wrapped
 * once, when the build is loaded. The only place the server changes the build.
 */
export function answeringBusyDatabase(build: ServerBuild): ServerBuild {
  type Handler = (args: { request: globalThis.Request }) => unknown;
  const guard = (handler: Handler) => async (args: { request: globalThis.Request }) => {
    try {
      return await handler(args);
    } catch (error) {
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
