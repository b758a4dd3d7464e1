// Password sign-in against the real database: where it goes afterwards, the
// throttle that never locks the owner out, and the index its count uses.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SIGN_IN_THROTTLE, accountDelayMs } from "~/auth/sign-in.server";
import { db } from "~/db.server";
import { PrismaClient } from "~/generated/prisma/client";
import { ensurePasswordUser, failedSignInsSince } from "~/models/users.server";
import { action as apiSignIn } from "~/routes/api.auth.sign-in";
import { action as pageSignIn } from "~/routes/sign-in";

const PASSWORD = "correct horse battery";
let serial = 0;
async function newAccount() {
  const email = `signer-${Date.now()}-${++serial}@example.org`;
  await ensurePasswordUser(db, { email, password: PASSWORD, firstName: "Ida", lastName: "Wells", role: "user" });
  return email;
}

async function run(action: (args: never) => unknown, request: Request, ipAddress: string) {
  try {
    return (await action({ request, params: {}, context: { cspNonce: "", ipAddress } } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const signInForm = (fields: [string, string][], ipAddress = "198.51.100.1") =>
  run(pageSignIn, new Request("http://localhost/sign-in", { method: "POST", body: new URLSearchParams(fields) }), ipAddress);

const signInJson = async (email: string, password: string, ipAddress: string) => {
  const response = await run(
    apiSignIn,
    new Request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    }),
    ipAddress,
  );
  return { status: response.status, message: ((await response.json()) as { message: string }).message, headers: response.headers };
};

describe("where sign-in goes afterwards", () => {
  const goesTo = async (redirectTo: string | string[]) => {
    const email = await newAccount();
    const targets = Array.isArray(redirectTo) ? redirectTo : [redirectTo];
    const response = await signInForm([
      ["email", email],
      ["password", PASSWORD],
      ...targets.map((t): [string, string] => ["redirectTo", t]),
    ]);
    expect(response.status).toBe(302);
    return response.headers.get("Location");
  };

  test("a same-site path is kept", async () => {
    expect(await goesTo("/state/CA?view=list#senators")).toBe("/state/CA?view=list#senators");
  });

  test("a path a browser reads as another host goes to /", async () => {
    expect(await goesTo("/\t/evil.example")).toBe("/");
    expect(await goesTo("/\n/evil.example")).toBe("/");
    expect(await goesTo("/.//evil.example")).toBe("/");
    expect(await goesTo("https://evil.example/")).toBe("/");
  });

  test("characters outside Latin-1 and control characters are percent-encoded, not a 500", async () => {
    expect(await goesTo("/state/CA?name=✓")).toBe("/state/CA?name=%E2%9C%93");
    expect(await goesTo("/a\u0007b")).toBe("/a%07b");
  });

  test("a repeated redirectTo signs in and uses the first", async () => {
    expect(await goesTo(["/state/CA", "/profile"])).toBe("/state/CA");
  });
});

describe("the sign-in throttle", () => {
  const ATTACKER = "203.0.113.66";
  const OWNER = "198.51.100.20";

  // The clock stands still unless a test moves it, so every wait below is exact.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
  });
  afterEach(() => vi.useRealTimers());
  const letTimePass = (ms: number) => vi.setSystemTime(Date.now() + ms);

  test("the delay starts at the 3rd failure, doubles with each further one, and stops growing at 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6].map(accountDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(accountDelayMs(11)).toBe(256_000);
    expect(accountDelayMs(12)).toBe(SIGN_IN_THROTTLE.maxDelayMs);
    expect(accountDelayMs(1000)).toBe(5 * 60 * 1000);
  });

  test("an address hammering an account does not lock out its owner signing in from elsewhere", async () => {
    const email = await newAccount();
    for (let i = 0; i < 3; i++) expect((await signInJson(email, "wrong-password", ATTACKER)).status).toBe(401);

    // From the 3rd failure on, every address waits a short, growing delay, told how long.
    const hammered = await signInJson(email, "wrong-password", ATTACKER);
    expect(hammered).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts for this account. Please try again in 1 second.",
    });
    expect(hammered.headers.get("Retry-After")).toBe("1");
    expect((await signInJson(email, PASSWORD, OWNER)).status).toBe(429);
    // Refused attempts are not failures: hammering during the delay does not lengthen it.
    for (let i = 0; i < 10; i++) await signInJson(email, "wrong-password", ATTACKER);
    expect((await signInJson(email, "wrong-password", ATTACKER)).message).toMatch(/try again in 1 second\.$/);

    letTimePass(1000);
    expect((await signInJson(email, "wrong-password", ATTACKER)).status).toBe(401);
    letTimePass(2000);
    expect((await signInJson(email, "wrong-password", ATTACKER)).status).toBe(401);
    letTimePass(4000);

    // Five failures from one address: that address waits out the window, on this account only.
    expect(await signInJson(email, "wrong-password", ATTACKER)).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts for this account from your network. Please try again in 15 minutes.",
    });
    expect(await signInJson(email, PASSWORD, ATTACKER)).toMatchObject({ status: 429 });
    const owner = await signInJson(email, PASSWORD, OWNER);
    expect(owner).toMatchObject({ status: 200, message: "Signed in." });
    expect(await db.activityLog.count({ where: { action: "sign_in_failed", details: email } })).toBe(5);

    // Nothing is locked for good: after the window the address may try again.
    letTimePass(SIGN_IN_THROTTLE.windowMs);
    expect((await signInJson(email, "wrong-password", ATTACKER)).status).toBe(401);
  });

  test("the sign-in page shows when to try again and answers 429", async () => {
    const email = await newAccount();
    for (let i = 0; i < 3; i++) await signInJson(email, "wrong-password", OWNER);
    const response = (await signInForm([
      ["email", email],
      ["password", PASSWORD],
    ])) as unknown as { init: ResponseInit; data: { error: Record<string, string[]> } };
    expect(response.init.status).toBe(429);
    expect(new Headers(response.init.headers).get("Retry-After")).toBe("1");
    expect(response.data.error[""]).toEqual(["Too many failed sign-in attempts for this account. Please try again in 1 second."]);
  });

  test("counting an account's failures reads the index, not the whole log", async () => {
    const url = process.env.DATABASE_URL!;
    const statements: { sql: string; params: unknown[] }[] = [];
    const logged = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }), log: [{ emit: "event", level: "query" }] });
    logged.$on("query", (e) => statements.push({ sql: e.query, params: JSON.parse(e.params) as unknown[] }));
    await failedSignInsSince(logged, "someone@example.org", "203.0.113.1", new Date(Date.now() - 60_000), 5);
    await logged.$disconnect();

    const counts = statements.filter((s) => s.sql.includes("ActivityLog"));
    expect(counts).toHaveLength(2);
    const sqlite = new Database(url.replace(/^file:/, ""), { readonly: true });
    try {
      for (const { sql, params } of counts) {
        const plan = sqlite
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...params)
          .map((row) => (row as { detail: string }).detail);
        expect(plan.join("\n")).toMatch(
          /SEARCH (main\.)?ActivityLog USING (COVERING )?INDEX ActivityLog_action_details_createdAt_idx \(action=\? AND details=\? AND createdAt>\?\)/,
        );
        expect(plan.join("\n")).not.toMatch(/SCAN (main\.)?ActivityLog/);
      }
    } finally {
      sqlite.close();
    }
  });
});
