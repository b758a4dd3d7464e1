// The Express server and nothing else: connection limits, security headers, the checks every
// request passes before any route runs (address, method, cross-site writes, rate limits, body
// size), compression, static files, logging, the Remix handler, starting the data jobs and
// graceful shutdown.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, createRequestHandler, installGlobals, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import { startBackups } from "./app/backup.server.js";
import { env } from "./app/env.server.js";
import { clientAddress, rateLimitKey } from "./app/lib/client-address.js";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "./app/lib/database-busy.js";
import { primaryElsewhere } from "./app/lib/litefs.server.js";
import { loggableUrl } from "./app/lib/log-url.js";
import { isCrossSiteWrite } from "./app/lib/origin-check.js";
import { mustNotBeStored, PRIVATE_NO_STORE } from "./app/lib/private-responses.js";
import { checkRequestTarget } from "./app/lib/request-target.js";
import { allowsMethod, isUnder, resolveRoute, routeTree, type Manifest, type RouteTarget } from "./app/lib/route-target.js";

installGlobals({ nativeFetch: true });

const config = env();
const BUILD_PATH = path.resolve("build/index.js");
const devServer = Boolean(process.env.REMIX_DEV_ORIGIN); // set by `remix dev --manual`

/** Forms and JSON are small and nothing here takes uploads, so no body is read past this. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;
/** Open connections are closed this long after SIGTERM at the latest; fly.toml's kill_timeout is 15 s. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long idle keep-alive connections stay open after SIGTERM, for their clients to be told to go. */
const DRAIN_MS = 1_000;
const PERMISSIONS_POLICY = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

const app = express();
app.disable("x-powered-by");
// Behind the configured proxy, its X-Forwarded-Proto tells whether the visitor used https.
app.set("trust proxy", config.TRUSTED_IP_HEADER ? 1 : false);

type Locals = {
  cspNonce: string;
  url: URL;
  clientAddress: string | null;
  route: RouteTarget | null;
  body?: Uint8Array<ArrayBuffer>;
  /** A refusal (429) of a page request, rendered by the app inside the site's shell. */
  refusal?: string;
  /** A refused write to a form that shows refusals in place: its action answers it (FORMS_SHOWING_REFUSALS). */
  refused?: { status: number; message: string };
};
const locals = (res: Response) => res.locals as Locals;

/** An answer of the server's own: JSON {message} under /api/, plain text elsewhere. */
function answer(req: Request, res: Response, status: number, message: string) {
  const where = locals(res).route?.pattern ?? req.path;
  if (where.toLowerCase().startsWith("/api/")) res.status(status).json({ message });
  else res.status(status).type("text/plain").send(message);
}

// The log never records a ZIP code or address a visitor looked up (app/lib/log-url.ts).
morgan.token("url", (req: Request) => loggableUrl(req.originalUrl ?? req.url ?? ""));
app.use(morgan("tiny", { skip: (req, res) => req.url === "/healthz" && res.statusCode === 200 }));

// Once shutting down, every answer closes its connection, so keep-alive clients let go.
let shuttingDown = false;
const inFlight = new Set<Response>();
app.use((_req, res, next) => {
  if (shuttingDown) res.set("Connection", "close");
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  next();
});

// A fresh nonce per request: only scripts carrying it may run. Browser features the site never
// uses are turned off for it and anything it embeds.
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.set("Permissions-Policy", PERMISSIONS_POLICY);
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"], // style attributes (map sizes, split pane)
        // Every image comes from here: official photos at /photos, and an SSO user's provider picture,
        // fetched once at sign-in and served from /avatars (decision 0026), never linked to the provider.
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(devServer ? ["ws:"] : [])],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "upgrade-insecure-requests": config.NODE_ENV === "production" ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.NODE_ENV === "production",
    referrerPolicy: { policy: "same-origin" },
  }),
);

// The request target: too long, too many segments or badly encoded is refused before anything
// parses it further. The URL built here is the one Remix gets, so every later check sees what the
// route will see.
const HOST_HEADER = /^([a-z0-9-]+\.)*[a-z0-9-]+\.?(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;
app.use((req, res, next) => {
  const refusal = checkRequestTarget(req.originalUrl);
  if (refusal) return answer(req, res, refusal.status, refusal.message);
  const host = req.get("host") ?? "localhost";
  try {
    if (!HOST_HEADER.test(host)) throw new Error("bad Host");
    locals(res).url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return answer(req, res, 400, "The Host header is not valid.");
  }
  locals(res).clientAddress = clientAddress(config.TRUSTED_IP_HEADER && req.headers[config.TRUSTED_IP_HEADER], req.socket.remoteAddress);
  next();
});

// Cross-site POST/PUT/PATCH/DELETE are refused before they reach any action.
app.use((req, res, next) => {
  const crossSite = isCrossSiteWrite({
    method: req.method,
    origin: req.get("origin"),
    host: req.get("host"),
    secFetchSite: req.get("sec-fetch-site"),
  });
  if (!crossSite) return next();
  res.status(403).type("text/plain").send("Cross-site requests are not allowed.");
});

// A public page another visitor without a session was already given, and the data unchanged since:
// sent as kept, with this answer's nonce, before the work below that only other requests need
// (app/lib/page-cache.server.ts). It is already gzip-encoded when the visitor accepts that.
type KeptAnswer = (
  asked: { method: string; url: URL; cookie?: string; ifNoneMatch?: string; gzip: boolean },
  nonce: string,
) => { status: number; headers: [string, string][]; body: Buffer[] | null } | null;
const keptAnswer = (from: ServerBuild) => (from.entry.module as { keptAnswer?: KeptAnswer }).keptAnswer;
app.use((req, res, next) => {
  const kept = keptAnswer(currentBuild)?.(
    {
      method: req.method,
      url: locals(res).url,
      cookie: req.get("cookie"),
      ifNoneMatch: req.get("if-none-match"),
      gzip: req.acceptsEncodings("gzip") === "gzip",
    },
    locals(res).cspNonce,
  );
  if (!kept) return next();
  res.status(kept.status);
  for (const [name, value] of kept.headers) res.append(name, value);
  if (!kept.body) return void res.end();
  res.set("Content-Length", String(kept.body.reduce((sum, piece) => sum + piece.length, 0)));
  if (req.method === "HEAD") return void res.end();
  res.cork();
  for (const piece of kept.body) res.write(piece);
  res.end();
  res.uncork();
});

app.use(compression());

// Fingerprinted build assets never change; everything else in public/ may.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));

// Every busy-database error from a loader or action becomes a 503 with a message.
function answeringBusyDatabase(build: ServerBuild): ServerBuild {
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

const importBuild = async (): Promise<ServerBuild> =>
  answeringBusyDatabase(await import(pathToFileURL(BUILD_PATH).href + "?t=" + fs.statSync(BUILD_PATH).mtimeMs));

let build = await importBuild();
let currentBuild = build;
let routes = { manifest: build.routes as Manifest, tree: routeTree(build.routes as Manifest) };

// The data jobs' runner and schedules live in the app (app/jobs/scheduler.server.ts, exported by
// app/entry.server.tsx); the server starts them with the build and stops them on shutdown.
type Jobs = { stop: () => Promise<void> };
const startJobs = (from: ServerBuild) => (from.entry.module as { startJobs?: () => Jobs }).startJobs?.();
let jobs = startJobs(build);
// The nightly database snapshot (app/backup.server.ts), when BACKUP_DIR is set.
const backups = startBackups(config);

// The route the request reaches, found as Remix finds it: its methods are the ones it answers.
app.use((req, res, next) => {
  const route = resolveRoute(routes.manifest, routes.tree, locals(res).url);
  locals(res).route = route;
  if (route ? allowsMethod(route, req.method) : ["GET", "HEAD"].includes(req.method)) return next();
  res.set("Allow", (route?.allow ?? ["GET", "HEAD"]).join(", "));
  answer(req, res, 405, `This address does not accept ${req.method} requests.`);
});

// LiteFS replicas cannot write: a write that reaches one (its proxy forwards writes, but the lease
// can move, and a GET that writes passes it) is replayed by fly.io on the primary. A request fly.io
// already replayed here is not sent round again (docs/decisions/0018-deployment.md).
const writes = (method: string) => method !== "GET" && method !== "HEAD";
const WRITING_GETS = ["/api/logout", "/api/sso-callback/:provider"]; // decision 0002
app.use((req, res, next) => {
  const writing = writes(req.method) || WRITING_GETS.includes(locals(res).route?.pattern ?? "");
  const primary = writing ? primaryElsewhere(config.LITEFS_DIR) : null;
  if (primary === null) return next();
  if (!primary || req.get("fly-replay-src")) {
    res.set("Retry-After", "5");
    return answer(req, res, 503, "The site is changing which server saves data. Please try again in a few seconds.");
  }
  res.set("fly-replay", `instance=${primary}`);
  answer(req, res, 409, "This server only reads: the request is replayed on the one that saves data.");
});

/**
 * A per-address limit over 15 minutes on the requests `counts` picks by method and route pattern.
 * With `uncountedStatus`, an answer with that status gives its request back (a form refused as invalid).
 */
function perAddressLimit(
  limit: number,
  message: string,
  counts: (method: string, pattern: string) => boolean,
  { uncountedStatus }: { uncountedStatus?: number } = {},
) {
  return rateLimit({
    skipFailedRequests: uncountedStatus !== undefined,
    requestWasSuccessful: (_req, res) => res.statusCode !== uncountedStatus,
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (_req, res) => rateLimitKey(locals(res).clientAddress),
    skip: (req, res) => !locals(res).route || !counts(req.method, locals(res).route!.pattern),
    // A form that shows refusals gets the message in place, what was typed kept (with or without
    // JavaScript); another page is refused inside the site's shell.
    handler: (req, res, next) => {
      const where = locals(res).route?.pattern ?? req.path;
      if (showsRefusals(req, res)) return refuseToForm(res, 429, message, next);
      if (where.toLowerCase().startsWith("/api/") || req.path.endsWith(".data")) return answer(req, res, 429, message);
      locals(res).refusal = message;
      next();
    },
  });
}
// The forms whose actions answer a refused submission (context.refused) with its message and what
// was typed (app/lib/refused-submission.ts), so the refusal shows in the form, never an error page.
const FORMS_SHOWING_REFUSALS = ["/contact", "/welcome", "/sign-in", "/register"];
const showsRefusals = (req: Request, res: Response) =>
  writes(req.method) && Boolean(locals(res).route) && isUnder(locals(res).route!.pattern, FORMS_SHOWING_REFUSALS);
function refuseToForm(res: Response, status: number, message: string, next: NextFunction) {
  locals(res).refused = { status, message };
  next();
}
// Per-account limits live in the app (app/auth/sign-in.server.ts, the reset and resend models).
const ACCOUNT_FORMS = [
  "/sign-in",
  "/register",
  "/confirm-email",
  "/forgot-password",
  "/reset-password",
  "/api/auth/sign-in",
  "/api/register",
  "/api/admin/users",
];
const PUBLIC_FORMS = ["/contact", "/welcome", "/api/contact", "/api/leads", "/find"]; // /find: POST sends an address to the Census geocoder
app.use(
  perAddressLimit(
    config.AUTH_RATE_LIMIT,
    "Too many attempts from your network. Please wait 15 minutes and try again.",
    (method, pattern) => writes(method) && isUnder(pattern, ACCOUNT_FORMS),
  ),
);
app.use(
  perAddressLimit(
    config.PUBLIC_FORM_RATE_LIMIT,
    "Too many submissions from your network. Please wait 15 minutes and try again.",
    (method, pattern) => (writes(method) && isUnder(pattern, PUBLIC_FORMS)) || pattern === "/api/check-email",
    // A typo costs nothing: only submissions the server takes (or answers as a success: the honeypot)
    // count, not the ones refused as invalid (400). Sign-in attempts all count (guessing passwords).
    { uncountedStatus: 400 },
  ),
);

/** The request body, or null as soon as more than `limit` bytes have arrived (whatever Content-Length said). */
function readBody(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.pause();
      resolve(null);
    };
    req.on("data", onData);
    req.once("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.once("error", reject);
    req.once("close", () => reject(new Error("The client closed the request before its body ended.")));
  });
}

app.use(async (req, res, next) => {
  const tooLarge = () => {
    res.set("Connection", "close"); // the rest of the body is not read
    const message = "The request is too large: forms and JSON may be at most 64 KB.";
    if (showsRefusals(req, res)) return refuseToForm(res, 413, message, next);
    answer(req, res, 413, message);
  };
  if (Number(req.get("content-length") ?? 0) > MAX_BODY_BYTES) return tooLarge();
  if (!writes(req.method)) return next(); // Remix ignores a GET's body; Node discards it
  try {
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) return tooLarge();
    locals(res).body = body;
    next();
  } catch (error) {
    next(error);
  }
});

// Public pages for visitors without a session are rendered once per data version (app/lib/page-cache.server.ts).
type CachedRender = (
  request: globalThis.Request,
  nonce: string,
  render: () => Promise<globalThis.Response>,
) => Promise<globalThis.Response>;
const cachedRender = (from: ServerBuild) =>
  (from.entry.module as { cachedRender?: CachedRender }).cachedRender ?? ((_request, _nonce, render) => render());
const handleRequest = createRequestHandler(devServer ? async () => currentBuild : build, devServer ? "development" : "production");

app.all("*", async (req, res, next) => {
  try {
    const controller = new AbortController();
    res.once("close", () => res.writableFinished || controller.abort());
    const { refusal } = locals(res);
    const request = new Request(refusal ? new URL("/too-many-requests", locals(res).url) : locals(res).url, {
      method: refusal ? "GET" : req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) => [value ?? []].flat().map((v): [string, string] => [name, v])),
      body: refusal ? undefined : locals(res).body, // a refused form keeps its body: the action sends back what was typed
      signal: controller.signal,
    });
    const { cspNonce, clientAddress: ipAddress, refused } = locals(res);
    const response = await cachedRender(currentBuild)(request, cspNonce, () =>
      handleRequest(request, { cspNonce, ipAddress, refusal, refused }),
    );
    res.status(response.status);
    for (const [key, value] of response.headers) res.append(key, value);
    // An /api/ action that refuses a method itself: Allow still says what the route takes.
    const route = locals(res).route;
    if (route && response.status === 405 && !response.headers.has("allow")) res.set("Allow", route.allow.join(", "));
    const setsCookie = response.headers.has("set-cookie");
    if (mustNotBeStored(req.get("cookie"), { cacheControl: response.headers.get("cache-control"), setsCookie })) {
      res.set("Cache-Control", PRIVATE_NO_STORE);
    }
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});

// Client errors raised by middleware (a static path that cannot be decoded, a body cut off) keep
// their 4xx status; anything else is our fault.
app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
  if (res.headersSent || req.destroyed) return void res.destroy();
  const status = Number((error as { status?: unknown } | null)?.status);
  if (status >= 400 && status < 500) return answer(req, res, status, http.STATUS_CODES[status] ?? "Bad Request");
  console.error(error);
  answer(req, res, 500, "Something went wrong on our side.");
});

// Connections that never finish their headers, or their request, are closed in seconds; idle
// keep-alive connections after 5 s (less than the proxies in front keep theirs).
const server = http.createServer(
  { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 },
  app,
);
server.keepAliveTimeout = 5_000;

server.listen(config.PORT, config.HOST, () => {
  console.log(`Civic Atlas listening on http://${config.HOST && config.HOST !== "127.0.0.1" ? config.HOST : "localhost"}:${config.PORT}`);
  if (devServer) broadcastDevReady(build);
});

if (devServer) {
  fs.watch(path.dirname(BUILD_PATH), { persistent: false }, async (_event, file) => {
    if (file !== "version.txt") return;
    currentBuild = build = await importBuild();
    routes = { manifest: build.routes as Manifest, tree: routeTree(build.routes as Manifest) };
    await jobs?.stop();
    jobs = startJobs(build);
    broadcastDevReady(currentBuild);
  });
}

/**
 * Stops accepting connections but leaves idle keep-alive ones open for DRAIN_MS: a request sent on
 * one meanwhile is answered with Connection: close, so its client reconnects elsewhere instead of
 * finding the socket it reused reset. Then the idle ones still open are closed; the busy ones close
 * after their answer, and `done` runs once none is left. (http.Server.close would close the idle
 * ones at once, under requests already on their way.)
 */
function drain(server: http.Server, done: () => void) {
  net.Server.prototype.close.call(server, done);
  setTimeout(() => server.closeIdleConnections(), DRAIN_MS).unref();
}

function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  for (const res of inFlight) if (!res.headersSent) res.set("Connection", "close");
  // A running job stops at its next step and is recorded as interrupted (a rerun finishes its work).
  const jobsStopped = Promise.all([jobs?.stop(), backups?.stop()]).catch((error) => console.error("Stopping the jobs:", error));
  drain(server, () => void Promise.resolve(jobsStopped).finally(() => process.exit(0)));
  setTimeout(() => {
    console.error(`Requests still open ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}: stopping anyway.`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
