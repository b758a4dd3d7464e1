// Each test file gets its own copy of the seeded base database: real SQLite, no mocks, and
// no test can see another's writes.
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { TEST_DATA_DIR } from "./base-db";

const file = path.join(TEST_DATA_DIR, `test-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`);
copyFileSync(path.join(TEST_DATA_DIR, "base.db"), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.NODE_ENV = "test";
const g = globalThis as { __db?: { $disconnect(): Promise<void> }; __dbReady?: unknown };
g.__db = undefined;
g.__dbReady = undefined;

afterAll(async () => {
  await g.__db?.$disconnect();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
