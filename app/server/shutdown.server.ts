// Graceful shutdown: on SIGTERM or SIGINT the server stops taking connections, finishes the
// requests it has, lets idle keep-alive clients know to go, stops the jobs, then exits.
import http from "node:http";
import net from "node:net";
import type { RequestHandler, Response } from "express";

/** Open connections are closed this long after SIGTERM at the latest; fly.toml's kill_timeout is 15 s. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long idle keep-alive connections stay open after SIGTERM, for their clients to be told to go. */
const DRAIN_MS = 1_000;

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

/**
 * `connectionsClose` is the middleware that, once shutting down, makes every answer close its
 * connection, so keep-alive clients let go; `onSignals` installs the signal handlers.
 */
export function gracefulShutdown() {
  let shuttingDown = false;
  const inFlight = new Set<Response>();
  const connectionsClose: RequestHandler = (_req, res, next) => {
    if (shuttingDown) res.set("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    next();
  };

  function shutdown(server: http.Server, signal: string, stopJobs: () => Promise<unknown>) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal} received: finishing open requests, then stopping.`);
    for (const res of inFlight) if (!res.headersSent) res.set("Connection", "close");
    const jobsStopped = stopJobs().catch((error) => console.error("Stopping the jobs:", error));
    drain(server, () => void Promise.resolve(jobsStopped).finally(() => process.exit(0)));
    setTimeout(() => {
      console.error(`Requests still open ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}: stopping anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  }

  const onSignals = (server: http.Server, stopJobs: () => Promise<unknown>) => {
    process.on("SIGINT", () => shutdown(server, "SIGINT", stopJobs));
    process.on("SIGTERM", () => shutdown(server, "SIGTERM", stopJobs));
  };
  return { connectionsClose, onSignals };
}
