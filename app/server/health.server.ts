// The health check that a busy hour cannot delay: GET /healthz on HEALTH_PORT, answered by a worker
// thread with its own event loop and its own read-only database connection. The main thread proves
// it is alive by writing the time into shared memory every HEARTBEAT_MS; the worker answers 503 once
// that time is older than the stall limit (the process is up but no longer serving), or when the
// database file cannot be read. /healthz on the app's own port (app/routes/healthz.ts) stays for
// the proxy's routing check: it answers from the main event loop, so it waits behind the requests
// ahead of it.
import { Worker } from "node:worker_threads";

const HEARTBEAT_MS = 100;
/** The main loop may miss heartbeats this long (a long render, a garbage collection) before the check fails. */
export const DEFAULT_STALL_MS = 10_000;

export type HealthOptions = { port: number; host?: string; databaseFile: string; stallMs?: number };

/** The worker's code, plain CommonJS so that it runs the same under tsx, vitest and the built server. */
const WORKER_SOURCE = `
const http = require("node:http");
const Database = require("better-sqlite3");
const { workerData, parentPort } = require("node:worker_threads");
const { heartbeat, databaseFile, stallMs, port, host } = workerData;
let probe = null;
function databaseReadable() {
  try {
    probe ??= new Database(databaseFile, { readonly: true, fileMustExist: true, timeout: 0 }).prepare("SELECT count(*) FROM sqlite_master");
    probe.get();
    return true;
  } catch {
    probe = null;
    return false;
  }
}
function check() {
  const silentMs = Date.now() - Number(Atomics.load(heartbeat, 0));
  if (silentMs > stallMs) return [503, "The server's main thread has not run for " + Math.round(silentMs / 1000) + " s"];
  if (!databaseReadable()) return [503, "Database unavailable"];
  return [200, "OK"];
}
const server = http.createServer((req, res) => {
  const path = (req.url || "").split("?")[0];
  const [status, text] = path !== "/healthz" ? [404, "Not Found"]
    : req.method !== "GET" && req.method !== "HEAD" ? [405, "Method Not Allowed"]
    : check();
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...(status === 405 ? { Allow: "GET, HEAD" } : {}) });
  res.end(req.method === "HEAD" ? undefined : text);
});
server.keepAliveTimeout = 5000;
server.listen(port, host, () => parentPort.postMessage({ listening: server.address().port }));
server.on("error", (error) => parentPort.postMessage({ error: error.message }));
`;

/**
 * Starts the worker and the main thread's heartbeat. Resolves once the worker listens, with the
 * port it listens on (useful with port 0) and `stop`.
 */
export async function startHealthWorker({ port, host, databaseFile, stallMs = DEFAULT_STALL_MS }: HealthOptions) {
  const heartbeat = new BigInt64Array(new SharedArrayBuffer(8));
  const beat = () => Atomics.store(heartbeat, 0, BigInt(Date.now()));
  beat();
  const timer = setInterval(beat, HEARTBEAT_MS).unref();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { heartbeat, databaseFile, stallMs, port, host } });
  worker.unref();
  const listening = await new Promise<number>((resolve, reject) => {
    worker.once("message", (message: { listening?: number; error?: string }) =>
      message.listening ? resolve(message.listening) : reject(new Error(`The health check could not listen on ${port}: ${message.error}`)),
    );
    worker.once("error", reject);
  });
  return {
    port: listening,
    stop: async () => {
      clearInterval(timer);
      await worker.terminate();
    },
  };
}
