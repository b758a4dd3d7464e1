// The checks every request passes before any route runs: its target and Host, cross-site writes,
// the method its route answers, and where a write may run (LiteFS).
import type { RequestHandler } from "express";
import { clientAddress } from "../lib/client-address.js";
import { primaryElsewhere } from "../lib/litefs.server.js";
import { isCrossSiteWrite } from "../lib/origin-check.js";
import { checkRequestTarget } from "../lib/request-target.js";
import { allowsMethod, resolveRoute, type Manifest, type routeTree } from "../lib/route-target.js";
import { answer, locals, writes } from "./locals.server.js";

const HOST_HEADER = /^([a-z0-9-]+\.)*[a-z0-9-]+\.?(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The request target: too long, too many segments or badly encoded is refused before anything
 * parses it further. The URL built here is the one Remix gets, so every later check sees what the
 * route will see; X-Forwarded-Host, which any client can send and which the Remix adapter would
 * prefer to Host, is dropped.
 */
export const requestTarget =
  (trustedIpHeader: string | undefined): RequestHandler =>
  (req, res, next) => {
    const refusal = checkRequestTarget(req.originalUrl);
    if (refusal) return answer(req, res, refusal.status, refusal.message);
    const host = req.get("host") ?? "localhost";
    try {
      if (!HOST_HEADER.test(host)) throw new Error("bad Host");
      locals(res).url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
    } catch {
      return answer(req, res, 400, "The Host header is not valid.");
    }
    delete req.headers["x-forwarded-host"];
    locals(res).clientAddress = clientAddress(trustedIpHeader && req.headers[trustedIpHeader], req.socket.remoteAddress);
    next();
  };

/** Cross-site POST/PUT/PATCH/DELETE are refused before they reach any action. */
export const sameSiteWrites: RequestHandler = (req, res, next) => {
  const crossSite = isCrossSiteWrite({
    method: req.method,
    origin: req.get("origin"),
    host: req.get("host"),
    secFetchSite: req.get("sec-fetch-site"),
  });
  if (!crossSite) return next();
  res.status(403).type("text/plain").send("Cross-site requests are not allowed.");
};

/** The route the request reaches, found as Remix finds it: its methods are the ones it answers. */
export const routeMethods =
  (routes: () => { manifest: Manifest; tree: ReturnType<typeof routeTree> }): RequestHandler =>
  (req, res, next) => {
    const { manifest, tree } = routes();
    const route = resolveRoute(manifest, tree, locals(res).url);
    locals(res).route = route;
    if (route ? allowsMethod(route, req.method) : ["GET", "HEAD"].includes(req.method)) return next();
    res.set("Allow", (route?.allow ?? ["GET", "HEAD"]).join(", "));
    answer(req, res, 405, `This address does not accept ${req.method} requests.`);
  };

const WRITING_GETS = ["/api/logout", "/api/sso-callback/:provider"]; // decision 0002

/**
 * LiteFS replicas cannot write: a write that reaches one (its proxy forwards writes, but the lease
 * can move, and a GET that writes passes it) is replayed by fly.io on the primary. A request fly.io
 * already replayed here is not sent round again (docs/decisions/0018-deployment.md).
 */
export const writesOnPrimary =
  (litefsDir: string | undefined): RequestHandler =>
  (req, res, next) => {
    const writing = writes(req.method) || WRITING_GETS.includes(locals(res).route?.pattern ?? "");
    const primary = writing ? primaryElsewhere(litefsDir) : null;
    if (primary === null) return next();
    if (!primary || req.get("fly-replay-src")) {
      res.set("Retry-After", "5");
      return answer(req, res, 503, "The site is changing which server saves data. Please try again in a few seconds.");
    }
    res.set("fly-replay", `instance=${primary}`);
    answer(req, res, 409, "This server only reads: the request is replayed on the one that saves data.");
  };
