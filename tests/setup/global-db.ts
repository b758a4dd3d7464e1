// Vitest global setup: one migrated and seeded base database for the whole run, and a production
// build of the current sources for the tests that start the server.
import path from "node:path";
import { createSeededDatabase, TEST_DATA_DIR } from "./base-db";
import { ensureFreshBuild } from "./fresh-build";

export default function setup() {
  ensureFreshBuild();
  const base = path.join(TEST_DATA_DIR, "base.db");
  // Without the shipped roll calls (prisma/data/roll-calls): the tests write and count votes of
  // their own, and each test file's copy stays half the size. tests/integration/shipped-votes.test.ts
  // seeds them.
  createSeededDatabase(base, { SEED_VOTES: "none" });
  process.env.TEST_BASE_DB = base;
}
