// In production the seed creates no known passwords: only the owner, and only from the environment.
import Database from "better-sqlite3";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createSeededDatabase, TEST_DATA_DIR } from "../setup/base-db";

const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "p".repeat(40),
  SMTP_URL: "smtp://127.0.0.1:2525",
  MAIL_FROM: "Civic Atlas <hello@civicatlas.org>",
  SUPPORT_EMAIL: "support@civicatlas.org",
};
const emails = (file: string) => {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.prepare("SELECT email, role FROM User ORDER BY email").all();
  } finally {
    sqlite.close();
  }
};

// Each test runs the real CLI (migrate deploy) and the seed in child processes.
describe("production seed", { timeout: 120_000 }, () => {
  test("without OWNER_EMAIL and OWNER_PASSWORD it creates no account", () => {
    const file = path.join(TEST_DATA_DIR, `prod-none-${process.pid}.db`);
    createSeededDatabase(file, production);
    expect(emails(file)).toEqual([]);
  });

  test("with both set it creates only the owner", () => {
    const file = path.join(TEST_DATA_DIR, `prod-owner-${process.pid}.db`);
    createSeededDatabase(file, { ...production, OWNER_EMAIL: "Owner@Example.org", OWNER_PASSWORD: "a-long-owner-password" });
    expect(emails(file)).toEqual([{ email: "owner@example.org", role: "owner" }]);
  });
});
