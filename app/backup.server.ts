// Nightly backups: a consistent snapshot of the SQLite database (VACUUM INTO reads one
// transaction's view, so writes going on meanwhile are either wholly in it or not at all), written
// to BACKUP_DIR on the volume, the newest BACKUP_KEEP kept, and uploaded to S3-compatible storage
// when configured. Runs on the LiteFS primary only. Started by server.ts (relative imports only).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Cron } from "croner";
import type { Env } from "./env.server.js";
import { sha256Hex, signRequest } from "./lib/aws-sigv4.js";
import { litefsPrimary } from "./lib/litefs.server.js";

/** Local time in JOBS_TIME_ZONE: before the data jobs start at 2:00 AM. */
export const BACKUP_SCHEDULE = "30 1 * * *";
const NAME = /^civic-atlas-\d{8}T\d{6}Z\.db$/;

export type S3Target = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
export type BackupOptions = { databaseUrl: string; dir: string; keep: number; s3?: S3Target | null; now?: Date };
export type BackupResult = { file: string; bytes: number; uploadedTo: string | null; removed: string[] };

/** Writes the snapshot (under a temporary name, renamed once whole), prunes old ones, uploads it. */
export async function takeBackup({ databaseUrl, dir, keep, s3, now = new Date() }: BackupOptions): Promise<BackupResult> {
  const name = `civic-atlas-${now.toISOString().replace(/[-:]|\.\d{3}/g, "")}.db`;
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  mkdirSync(dir, { recursive: true });
  rmSync(partial, { force: true });
  const source = new Database(databaseUrl.replace(/^file:/, ""), { readonly: true, fileMustExist: true });
  try {
    source.prepare("VACUUM INTO ?").run(partial);
  } finally {
    source.close();
  }
  renameSync(partial, file);
  const removed = readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort()
    .reverse()
    .slice(keep);
  for (const old of removed) rmSync(path.join(dir, old));
  const uploadedTo = s3 ? await upload(file, name, s3, now) : null;
  return { file, bytes: statSync(file).size, uploadedTo, removed };
}

/** One signed PUT (SigV4, path-style URL): the database is tens of megabytes, well under S3's 5 GB for a PUT. */
async function upload(file: string, key: string, s3: S3Target, now: Date): Promise<string> {
  const body = readFileSync(file);
  const url = new URL(`${s3.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(s3.bucket)}/${encodeURIComponent(key)}`);
  const headers = signRequest(
    { method: "PUT", url, headers: { "content-type": "application/vnd.sqlite3" }, payloadSha256: sha256Hex(body) },
    { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: "s3" },
    now,
  );
  const response = await fetch(url, {
    method: "PUT",
    headers: { "content-type": "application/vnd.sqlite3", ...headers },
    body,
    signal: AbortSignal.timeout(10 * 60_000),
  });
  if (!response.ok) throw new Error(`The upload of ${key} was refused: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return url.href;
}

export const s3Target = (config: Env): S3Target | null =>
  config.BACKUP_S3_ENDPOINT && config.BACKUP_S3_BUCKET && config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY
    ? {
        endpoint: config.BACKUP_S3_ENDPOINT,
        bucket: config.BACKUP_S3_BUCKET,
        region: config.BACKUP_S3_REGION,
        accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
        secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
      }
    : null;

/** The nightly schedule, when BACKUP_DIR is set; each night only the primary takes the snapshot. */
export function startBackups(config: Env): { stop: () => Promise<void> } | null {
  const dir = config.BACKUP_DIR;
  if (!dir) return null;
  const isPrimary = litefsPrimary(config.LITEFS_DIR);
  let running: Promise<void> = Promise.resolve();
  const cron = new Cron(BACKUP_SCHEDULE, { timezone: config.JOBS_TIME_ZONE, protect: true, unref: true }, async () => {
    if (!isPrimary()) return;
    running = takeBackup({ databaseUrl: config.DATABASE_URL, dir, keep: config.BACKUP_KEEP, s3: s3Target(config) }).then(
      (r) => console.log(`Backup: ${r.file} (${r.bytes} bytes)${r.uploadedTo ? `, uploaded to ${r.uploadedTo}` : ""}`),
      (error) => console.error("Backup failed:", error),
    );
    await running;
  });
  return {
    async stop() {
      cron.stop();
      await running;
    },
  };
}
