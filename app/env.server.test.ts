import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  test("development fills safe defaults", () => {
    const config = parseEnv({});
    expect(config.NODE_ENV).toBe("development");
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe("file:./data/dev.db");
    expect(config.APP_URL).toBe("http://localhost:3000");
  });

  test("production has no default for secrets and names what is missing", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET[\s\S]*|DATABASE_URL/);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "file:/data/x.db" })).toThrow(/SESSION_SECRET/);
  });

  test("a bad value is named with the reason", () => {
    expect(() => parseEnv({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "file:/x.db", SESSION_SECRET: "short" })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  test("production accepts a complete configuration", () => {
    const config = parseEnv({
      NODE_ENV: "production",
      DATABASE_URL: "file:/litefs/db",
      SESSION_SECRET: "x".repeat(40),
      APP_URL: "https://civicatlas.fly.dev",
      SMTP_URL: "smtps://user:pass@smtp.example.org:465",
      MAIL_FROM: "Civic Atlas <hello@civicatlas.org>",
      SUPPORT_EMAIL: "support@civicatlas.org",
    });
    expect(config.APP_URL).toBe("https://civicatlas.fly.dev");
  });
});
