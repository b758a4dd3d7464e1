// The Express server and nothing else: security headers, compression, static files, request
// logging, the cross-site POST check, the Remix handler and graceful shutdown.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import { env } from "./app/env.server.js";
import { isCrossSiteWrite } from "./app/lib/origin-check.js";

installGlobals({ nativeFetch: true });

const config = env();
const BUILD_PATH = path.resolve("build/index.js");
const devServer = Boolean(process.env.REMIX_DEV_ORIGIN); // set by `remix dev --manual`

const importBuild = async (): Promise<ServerBuild> => import(pathToFileURL(BUILD_PATH).href + "?t=" + fs.statSync(BUILD_PATH).mtimeMs);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", 1); // one hop: fly.io's proxy sets X-Forwarded-For

// A fresh nonce per request: only scripts carrying it may run.
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
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
        "img-src": ["'self'", "data:", "https:"], // official photos come from government sites
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

app.use(compression());
app.use(
  morgan("tiny", {
    skip: (req, res) => req.url === "/healthz" && res.statusCode === 200,
  }),
);

/** A per-IP limit over 15 minutes on POSTs (and the GETs `alsoGet` matches), answered with a readable 429. */
function perIpLimit(limit: number, message: string, alsoGet?: (url: string) => boolean) {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    // originalUrl: inside app.use(paths, …) req.path is relative to the mount point.
    skip: (req) => req.method !== "POST" && !alsoGet?.(req.originalUrl),
    handler: (req, res) => {
      if (req.originalUrl.startsWith("/api/")) res.status(429).json({ message });
      else res.status(429).type("text/plain").send(message);
    },
  });
}
// Per-account limits live in the app (app/auth/sign-in.server.ts, the reset and resend models).
app.use(
  [
    "/sign-in",
    "/register",
    "/confirm-email",
    "/forgot-password",
    "/reset-password",
    "/api/auth/sign-in",
    "/api/register",
    "/api/admin/users",
  ],
  perIpLimit(Number(process.env.AUTH_RATE_LIMIT ?? 30), "Too many attempts from your network. Please wait 15 minutes and try again."),
);
app.use(
  ["/contact", "/welcome", "/api/contact", "/api/leads", "/api/check-email"],
  perIpLimit(
    Number(process.env.PUBLIC_FORM_RATE_LIMIT ?? 10),
    "Too many messages from your network. Please wait 15 minutes and try again.",
    (url) => url.startsWith("/api/check-email"),
  ),
);

// Fingerprinted build assets never change; everything else in public/ may.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));

const build = await importBuild();
let currentBuild = build;

app.all(
  "*",
  createRequestHandler({
    build: devServer ? async () => currentBuild : build,
    mode: devServer ? "development" : "production",
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, ipAddress: req.ip ?? null }),
  }),
);

app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  console.error(error);
  if (!res.headersSent) res.status(500).type("text/plain").send("Something went wrong on our side.");
});

const server = app.listen(config.PORT, () => {
  console.log(`Civic Atlas listening on http://localhost:${config.PORT}`);
  if (devServer) broadcastDevReady(build);
});

if (devServer) {
  fs.watch(path.dirname(BUILD_PATH), { persistent: false }, async (_event, file) => {
    if (file !== "version.txt") return;
    currentBuild = await importBuild();
    broadcastDevReady(currentBuild);
  });
}

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
