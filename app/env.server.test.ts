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

  test("with the development secret the server only listens on this machine", () => {
    expect(parseEnv({}).HOST).toBe("127.0.0.1");
    expect(parseEnv({ NODE_ENV: "test", HOST: "::1" }).HOST).toBe("::1");
    expect(parseEnv({ HOST: "localhost" }).HOST).toBe("localhost");
    expect(() => parseEnv({ HOST: "0.0.0.0" })).toThrow(
      /HOST: only 127.0.0.1, ::1 or localhost while SESSION_SECRET is the development default/,
    );
    expect(() => parseEnv({ HOST: "192.168.1.20" })).toThrow(/Set SESSION_SECRET/);
  });

  test("with a secret of its own it listens where it is told, by default everywhere", () => {
    const secret = { SESSION_SECRET: "s".repeat(40) };
    expect(parseEnv(secret).HOST).toBeUndefined();
    expect(parseEnv({ ...secret, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  test("no proxy header is trusted unless one is named", () => {
    expect(parseEnv({}).TRUSTED_IP_HEADER).toBeUndefined();
    expect(parseEnv({ TRUSTED_IP_HEADER: "Fly-Client-IP" }).TRUSTED_IP_HEADER).toBe("fly-client-ip");
    expect(() => parseEnv({ TRUSTED_IP_HEADER: "Fly-Client-IP: 1.2.3.4" })).toThrow(/TRUSTED_IP_HEADER: must be a header name/);
  });
});

describe("the data jobs' settings", () => {
  test("schedules run in America/New_York by default and are off under test unless turned on", () => {
    expect(parseEnv({}).JOBS_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({}).JOB_SCHEDULES).toBe("on");
    expect(parseEnv({ NODE_ENV: "test" }).JOB_SCHEDULES).toBe("off");
    expect(parseEnv({ NODE_ENV: "test", JOB_SCHEDULES: "on" }).JOB_SCHEDULES).toBe("on");
    expect(parseEnv({ JOBS_TIME_ZONE: "America/Chicago" }).JOBS_TIME_ZONE).toBe("America/Chicago");
  });

  test("a zone that does not exist, or a bad switch, is named", () => {
    expect(() => parseEnv({ JOBS_TIME_ZONE: "Mars/Olympus" })).toThrow(/JOBS_TIME_ZONE: must be an IANA time zone/);
    expect(() => parseEnv({ JOB_SCHEDULES: "yes" })).toThrow(/JOB_SCHEDULES/);
  });
});
