// WAL checkpoints on a thread of their own. SQLite copies its write-ahead log back into the database
// file (a checkpoint) whenever a commit leaves 1,000 pages in the log, and it does so inside that
// commit: on the server's only event loop, where one such copy after a batch of deletions stopped
// every request for up to half a second. So while the server runs, the app's connection never
// checkpoints (wal_autocheckpoint = 0) and a worker thread with a connection of its own runs a
// PASSIVE checkpoint (which never waits for readers or writers) every CHECKPOINT_EVERY_MS. Should
// the worker stop, the app's connection checkpoints by itself again.
import { Worker } from "node:worker_threads";
import type { PrismaClient } from "~/generated/prisma/client";

export const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own default: a commit that leaves this many pages in the log checkpoints. */
const AUTOCHECKPOINT_PAGES = 1_000;

/** The worker's code, plain CommonJS so that it runs the same under tsx, vitest and the built server. */
const WORKER_SOURCE = `
const Database = require("better-sqlite3");
const { workerData, parentPort } = require("node:worker_threads");
const sqlite = new Database(workerData.databaseFile, { fileMustExist: true, timeout: 0 });
const checkpoint = () => {
  try {
    const [result] = sqlite.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage(result);
  } catch (error) {
    // A lock held elsewhere or a read-only replica: the next turn tries again.
  }
};
setInterval(checkpoint, workerData.everyMs);
parentPort.postMessage("started");
`;

const autocheckpoint = (db: PrismaClient, pages: number) => db.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${pages}`);

/**
 * Starts the checkpoint worker for `databaseUrl` (file:…) and turns the app connection's own
 * checkpoints off once it runs. `onCheckpoint` hears each checkpoint's result (for tests).
 */
export async function startCheckpoints(
  db: PrismaClient,
  databaseUrl: string,
  { everyMs = CHECKPOINT_EVERY_MS, onCheckpoint }: { everyMs?: number; onCheckpoint?: (result: unknown) => void } = {},
) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { databaseFile: databaseUrl.slice("file:".length), everyMs } });
  worker.unref();
  let running = true;
  const stopped = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      running = false;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  worker.on("message", (result) => onCheckpoint?.(result));
  await autocheckpoint(db, 0);
  // A worker that died (its error is logged) hands checkpoints back to the app's connection.
  worker.on("error", (error) => console.error("WAL checkpoints:", error));
  void stopped.then(() => autocheckpoint(db, AUTOCHECKPOINT_PAGES)).catch(() => {});
  return {
    async stop() {
      if (running) await worker.terminate();
      await stopped;
      await autocheckpoint(db, AUTOCHECKPOINT_PAGES).catch(() => {});
    },
  };
}
