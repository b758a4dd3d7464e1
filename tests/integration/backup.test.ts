// Backups: a snapshot taken while another connection keeps writing restores to a whole
// database with every row committed before it; old snapshots are pruned; the upload is a signed PUT.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, test } from "vitest";
import { takeBackup } from "~/backup.server";

const databaseFile = () => process.env.DATABASE_URL!.replace(/^file:/, "");
let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-backups-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Another connection (its own thread) inserting rows, each in its own transaction, until told to stop. */
function startWriter(file: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const db = new (require("better-sqlite3"))(workerData.file);
     db.pragma("busy_timeout = 5000");
     const insert = db.prepare("INSERT INTO backup_probe (payload) VALUES (?)");
     let stopping = false;
     parentPort.on("message", () => (stopping = true));
     (function loop() {
       for (let i = 0; i < 20; i++) insert.run("x".repeat(500));
       if (!stopping) return setImmediate(loop);
       db.close();
       parentPort.postMessage("stopped");
     })();`,
    { eval: true, workerData: { file } },
  );
  return {
    stop: () =>
      new Promise<void>(
        (resolve, reject) => (worker.once("message", () => resolve()), worker.once("error", reject), worker.postMessage("stop")),
      ),
  };
}

test("a backup taken while writes run is whole and has every row committed before it", async () => {
  const live = new Database(databaseFile());
  live.pragma("journal_mode = WAL");
  live.exec("CREATE TABLE backup_probe (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)");
  const committed = () => (live.prepare("SELECT count(*) AS n FROM backup_probe").get() as { n: number }).n;
  const users = (live.prepare("SELECT count(*) AS n FROM User").get() as { n: number }).n;
  const writer = startWriter(databaseFile());
  try {
    while (committed() < 500) await new Promise((resolve) => setImmediate(resolve));
    const before = committed();
    const { file } = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir, keep: 7 });
    const after = committed();
    expect(after).toBeGreaterThan(before); // the writes went on around the snapshot

    const restored = new Database(file, { readonly: true });
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    const rows = restored.prepare("SELECT count(*) AS n, max(id) AS last FROM backup_probe").get() as { n: number; last: number };
    expect(rows.n).toBeGreaterThanOrEqual(before);
    expect(rows.n).toBeLessThanOrEqual(after);
    expect(rows.last).toBe(rows.n); // no row missing in the middle: one transaction's view
    expect((restored.prepare("SELECT count(*) AS n FROM User").get() as { n: number }).n).toBe(users);
    expect(restored.pragma("journal_mode", { simple: true })).not.toBe("wal"); // one self-contained file
    restored.close();
  } finally {
    await writer.stop();
    live.close();
  }
});

test("only the newest BACKUP_KEEP snapshots stay", async () => {
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6, 30));
  for (const day of [1, 2, 3]) await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir, keep: 2, now: at(day) });
  expect(readdirSync(dir).sort()).toEqual(["civic-atlas-20261102T063000Z.db", "civic-atlas-20261103T063000Z.db"]);
});

/** A stand-in for S3-compatible storage on 127.0.0.1: keeps each request and its body; answers `status`. */
async function startStorage(status: number) {
  const received: { request: IncomingMessage; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ request, body: Buffer.concat(chunks) });
      response.writeHead(status).end(status === 200 ? "" : "<Error><Code>AccessDenied</Code></Error>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const s3 = (endpoint: string) => ({
  endpoint,
  bucket: "atlas-backups",
  region: "auto",
  accessKeyId: "AKIDTEST",
  secretAccessKey: "test-secret",
});

test("with storage configured, the snapshot is uploaded by one signed PUT of the whole file", async () => {
  const storage = await startStorage(200);
  try {
    const now = new Date(Date.UTC(2026, 10, 22, 6, 30));
    const result = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir, keep: 7, s3: s3(storage.url), now });
    expect(storage.received).toHaveLength(1);
    const [{ request, body }] = storage.received;
    expect(request.method).toBe("PUT");
    expect(request.url).toBe("/atlas-backups/civic-atlas-20261122T063000Z.db");
    expect(body.equals(readFileSync(result.file))).toBe(true);
    expect(request.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(body).digest("hex"));
    expect(request.headers["x-amz-date"]).toBe("20261122T063000Z");
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/20261122\/auto\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(result.uploadedTo).toBe(`${storage.url}/atlas-backups/civic-atlas-20261122T063000Z.db`);
  } finally {
    await storage.close();
  }
});

test("a refused upload is an error that names the status, and the snapshot on the volume stays", async () => {
  const storage = await startStorage(403);
  try {
    await expect(takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir, keep: 7, s3: s3(storage.url) })).rejects.toThrow(/refused: 403/);
    expect(readdirSync(dir).filter((f) => f.endsWith(".db"))).toHaveLength(1);
    expect(existsSync(path.join(dir, readdirSync(dir)[0]))).toBe(true);
  } finally {
    await storage.close();
  }
});
