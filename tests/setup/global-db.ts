// Vitest global setup: one migrated and seeded base database for the whole run, and a production
// build of the current sources for the tests that start the server.
import path from "node:path";
import { createSeededDatabase, TEST_DATA_DIR } from "./base-db";
import { ensureFreshBuild } from "./fresh-build";

export default function setup() {
  ensureFreshBuild();
  const base = path.join(TEST_DATA_DIR, "base.db");
  createSeededDatabase(base);
  process.env.TEST_BASE_DB = base;
}
