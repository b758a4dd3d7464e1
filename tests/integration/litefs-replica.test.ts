// The production server under LiteFS (issue 14), the primary simulated by LITEFS_DIR: a replica
// (a `.primary` file naming the primary) runs no jobs and answers writes with fly-replay to the
// primary; the primary (no such file) does both itself. And no GET writes to the database.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { queueRun } from "~/models/jobs.server";
import { cookieFor } from "../support/route-calls";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const litefsDir = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-litefs-"));
const PRIMARY = "3d8d9e1b2c3d48"; // a fly.io machine id, as LiteFS writes it
afterAll(() => rmSync(litefsDir, { recursive: true, force: true }));

const status = async (id: number) => (await db.jobExecution.findUniqueOrThrow({ where: { id } })).status;
async function until(done: () => Promise<boolean>, what: string, limitMs = 40_000) {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a replica", () => {
  let server: BuiltServer;
  let admin: string;
  beforeAll(async () => {
    writeFileSync(path.join(litefsDir, ".primary"), `${PRIMARY}\n`);
    admin = await cookieFor("admin@civicatlas.test");
    server = await startBuiltServer({ LITEFS_DIR: litefsDir });
  });
  afterAll(() => server.stop());

  test("answers a POST with fly-replay to the primary's machine and a 409, and serves reads itself", async () => {
    const post = await fetch(`${server.url}/contact`, { method: "POST", body: new URLSearchParams({ name: "A" }) });
    expect(post.status).toBe(409);
    expect(post.headers.get("fly-replay")).toBe(`instance=${PRIMARY}`);

    const run = await fetch(`${server.url}/api/admin/integration/housekeeping/run`, { method: "POST", headers: { Cookie: admin } });
    expect(run.status).toBe(409);
    expect(run.headers.get("fly-replay")).toBe(`instance=${PRIMARY}`);

    // Signing out deletes the session row on a GET (decision 0002): replayed too.
    const logout = await fetch(`${server.url}/api/logout`, { headers: { Cookie: admin }, redirect: "manual" });
    expect(logout.headers.get("fly-replay")).toBe(`instance=${PRIMARY}`);

    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("fly-replay")).toBeNull();
  });

  test("a write fly.io already replayed here is not sent round again: 503, try again shortly", async () => {
    const post = await fetch(`${server.url}/contact`, { method: "POST", headers: { "Fly-Replay-Src": "instance=abc;region=iad;t=1" } });
    expect(post.status).toBe(503);
    expect(post.headers.get("retry-after")).toBe("5");
    expect(post.headers.get("fly-replay")).toBeNull();
  });

  test("runs no job; once the lease moves here (the file goes) it runs the queued one", async () => {
    const { id } = await queueRun(db, "housekeeping", { trigger: "manual" });
    // Requests that read the database have been answered, so the start-up look at the queue is done.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await status(id)).toBe("pending");
    rmSync(path.join(litefsDir, ".primary"));
    await until(async () => (await status(id)) === "completed", "the new primary to run the job");
  }, 60_000);
});

describe("the primary", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    rmSync(path.join(litefsDir, ".primary"), { force: true });
    server = await startBuiltServer({ LITEFS_DIR: litefsDir });
  });
  afterAll(() => server.stop());

  test("handles writes itself and runs jobs", async () => {
    const admin = await cookieFor("admin@civicatlas.test");
    const run = await fetch(`${server.url}/api/admin/integration/housekeeping/run`, { method: "POST", headers: { Cookie: admin } });
    expect(run.headers.get("fly-replay")).toBeNull();
    expect(run.status).toBe(201);
    const { id } = (await run.json()) as { id: number };
    await until(async () => (await status(id)) === "completed", "the job to run");
  });

  test("no GET writes: the database is unchanged after reading every page and API signed in and out", async () => {
    const owner = await cookieFor("owner@civicatlas.test");
    const official = await db.official.findFirstOrThrow({ select: { id: true } });
    const user = await db.user.findFirstOrThrow({ where: { email: "patriot@civicatlas.test" }, select: { id: true } });
    const state = await db.state.findFirstOrThrow({ select: { id: true, abbreviation: true } });
    const message = await db.contactMessage.findFirst({ select: { id: true } });
    const params: Record<string, string> = {
      $id: String(official.id),
      $type: "housekeeping",
      $abbr: state.abbreviation,
      $stateId: String(state.id),
      $provider: "google",
    };
    const byRoute: Record<string, string> = {
      "admin.users.$id": `/admin/users/${user.id}`,
      "admin.state-detail.$id": `/admin/state-detail/${state.id}`,
      "api.states.$id": `/api/states/${state.id}`,
      "api.states.$id.representatives": `/api/states/${state.id}/representatives`,
      "api.admin.users.$id": `/api/admin/users/${user.id}`,
      "admin.messages.$id": `/admin/messages/${message?.id ?? 1}`,
    };
    // Routes whose GET writes by design (decision 0002) and the catch-all.
    const skip = new Set(["api.logout", "api.sso-callback.$provider", "$"]);
    const paths = readdirSync("app/routes")
      .map((file) => file.replace(/\.tsx?$/, ""))
      .filter((route) => !skip.has(route))
      .map(
        (route) =>
          byRoute[route] ??
          `/${route
            .split(".")
            .filter((part) => part !== "_index")
            .map((part) => params[part] ?? (part.startsWith("$") ? "1" : part))
            .join("/")}`,
      );
    expect(paths.length).toBeGreaterThan(80);

    const file = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
    const version = () => file.pragma("data_version", { simple: true });
    const before = version();
    const answers: string[] = [];
    for (const cookie of [owner, ""]) {
      for (const pathname of paths) {
        const response = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
        answers.push(`${response.status} ${pathname}`);
        await response.arrayBuffer();
      }
    }
    expect(answers.filter((a) => a.startsWith("5"))).toEqual([]);
    expect(version()).toBe(before); // data_version changes when another connection commits
    file.close();
  });
});
