// Vitest global setup: one migrated and seeded base database for the whole run.
import path from "node:path";
import { createSeededDatabase, TEST_DATA_DIR } from "./base-db";

export default function setup() {
  const base = path.join(TEST_DATA_DIR, "base.db");
  createSeededDatabase(base);
  process.env.TEST_BASE_DB = base;
}
