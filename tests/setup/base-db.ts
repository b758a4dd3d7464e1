// Builds a migrated, seeded SQLite file: the base every test database is copied from.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

export const TEST_DATA_DIR = path.resolve("tests/.data");

export function createSeededDatabase(file: string, extraEnv: Record<string, string> = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  const env = { ...process.env, NODE_ENV: "test", DATABASE_URL: `file:${file}`, ...extraEnv } as NodeJS.ProcessEnv;
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env, stdio: "pipe" });
  execFileSync("npx", ["tsx", "prisma/seed.ts"], { env, stdio: "pipe" });
}
