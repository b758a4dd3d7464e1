// The Express server and nothing else: connection limits, then the middleware every request passes
// in this order (the modules in app/server/ say what each does), ending in Remix's Express adapter;
// starting the data jobs and graceful shutdown.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, createRequestHandler as createFetchHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import morgan from "morgan";
import { startBackups } from "./app/backup.server.js";
import { env } from "./app/env.server.js";
import { loggableUrl } from "./app/lib/log-url.js";
import { routeTree, type Manifest } from "./app/lib/route-target.js";
import { requestTarget, routeMethods, sameSiteWrites, writesOnPrimary } from "./app/server/checks.server.js";
import { accountFormLimit, bodyLimit, publicFormLimit } from "./app/server/limits.server.js";
import { answer } from "./app/server/locals.server.js";
import { answerRules, answeringRefusals, asRemixSeesIt, loadContext } from "./app/server/remix.server.js";
import { securityHeaders } from "./app/server/security-headers.server.js";
import { keptPages, sharedPages } from "./app/server/shared-pages.server.js";
import { brotliHeaders, brotliTwins } from "./app/server/brotli-assets.server.js";
import { startHealthWorker } from "./app/server/health.server.js";
import { gracefulShutdown } from "./app/server/shutdown.server.js";

installGlobals({ nativeFetch: true });

const config = env();
const BUILD_PATH = path.resolve("build/index.js");
const devServer = Boolean(process.env.REMIX_DEV_ORIGIN); // set by `remix dev --manual`
const mode = devServer ? "development" : "production";
const MAX_HEADER_BYTES = 16 * 1024;

const importBuild = async (): Promise<ServerBuild> =>
  answeringRefusals(await import(pathToFileURL(BUILD_PATH).href + "?t=" + fs.statSync(BUILD_PATH).mtimeMs));
let build = await importBuild();
const currentBuild = () => build;
const manifestOf = (from: ServerBuild) => ({ manifest: from.routes as Manifest, tree: routeTree(from.routes as Manifest) });
let routes = manifestOf(build);

// The data jobs' runner and schedules live in the app (app/jobs/scheduler.server.ts, exported by
// app/entry.server.tsx); the server starts them with the build and stops them on shutdown.
type Jobs = { stop: () => Promise<void> };
const startJobs = (from: ServerBuild) => (from.entry.module as { startJobs?: () => Jobs }).startJobs?.();
let jobs = startJobs(build);
// The nightly database snapshot (app/backup.server.ts), when BACKUP_DIR is set.
const backups = startBackups(config);

const shutdown = gracefulShutdown();
const remixBuild = devServer ? async () => build : build;
const remix = createRequestHandler({ build: remixBuild, mode, getLoadContext: loadContext });

const app = express();
app.disable("x-powered-by");
// Behind the configured proxy, its X-Forwarded-Proto tells whether the visitor used https.
app.set("trust proxy", config.TRUSTED_IP_HEADER ? 1 : false);

// The log never records a ZIP code or address a visitor looked up (app/lib/log-url.ts).
morgan.token("url", (req: Request) => loggableUrl(req.originalUrl ?? req.url ?? ""));
app.use(morgan("tiny", { skip: (req, res) => req.url === "/healthz" && res.statusCode === 200 }));
app.use(shutdown.connectionsClose);
app.use(securityHeaders({ production: config.NODE_ENV === "production", devServer }));
app.use(requestTarget(config.TRUSTED_IP_HEADER));
app.use(sameSiteWrites);
// A public page already kept for visitors without a session is sent before the work below, which
// only other requests need.
app.use(keptPages(currentBuild));
app.use(compression());
// Fingerprinted build assets never change; everything else in public/ may.
app.use(
  "/build",
  brotliTwins("public/build"),
  express.static("public/build", { immutable: true, maxAge: "1y", setHeaders: brotliHeaders }),
);
app.use(express.static("public", { maxAge: "1h" }));
app.use(routeMethods(() => routes));
app.use(writesOnPrimary(config.LITEFS_DIR));
app.use(accountFormLimit(config.AUTH_RATE_LIMIT));
app.use(publicFormLimit(config.PUBLIC_FORM_RATE_LIMIT));
app.use(bodyLimit);
app.use(answerRules);
// A page visitors may share goes through the page cache, which keeps Remix's answer before it is
// sent; every other request goes to the adapter (decision 0041).
app.use(sharedPages(currentBuild, createFetchHandler(remixBuild, mode), loadContext));
app.all("*", (req, res, next) => remix(asRemixSeesIt(req, res), res, next));

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

// The health check on its own port and thread, before the app's port opens, so that a client of the
// app's port never finds the process up but its health check not.
if (config.HEALTH_PORT) {
  const databaseFile = config.DATABASE_URL.slice("file:".length);
  await startHealthWorker({ port: config.HEALTH_PORT, host: config.HOST, databaseFile });
}

server.listen(config.PORT, config.HOST, () => {
  console.log(`Civic Atlas listening on http://${config.HOST && config.HOST !== "127.0.0.1" ? config.HOST : "localhost"}:${config.PORT}`);
  if (devServer) broadcastDevReady(build);
});

if (devServer) {
  fs.watch(path.dirname(BUILD_PATH), { persistent: false }, async (_event, file) => {
    if (file !== "version.txt") return;
    build = await importBuild();
    routes = manifestOf(build);
    await jobs?.stop();
    jobs = startJobs(build);
    broadcastDevReady(build);
  });
}

// A running job stops at its next step and is recorded as interrupted (a rerun finishes its work).
shutdown.onSignals(server, () => Promise.all([jobs?.stop(), backups?.stop()]));
