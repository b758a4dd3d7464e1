// Builds a migrated, seeded SQLite file: the base every test database is copied from.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

// TEST_DATA_DIR lets two test runs in one checkout keep their databases apart.
export const TEST_DATA_DIR = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");

/**
 * The day the tests' seed treats as today when it decides who is serving: the shipped snapshot's
 * terms then read the same whatever day the suite runs (after January 3, 2027 most of them are over).
 */
export const SEED_AS_OF = "2026-11-27T12:00:00Z";

export function createSeededDatabase(file: string, extraEnv: Record<string, string> = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  const env = { ...process.env, NODE_ENV: "test", DATABASE_URL: `file:${file}`, SEED_AS_OF, ...extraEnv } as NodeJS.ProcessEnv;
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env, stdio: "pipe" });
  execFileSync("npx", ["tsx", "prisma/seed.ts"], { env, stdio: "pipe" });
}
