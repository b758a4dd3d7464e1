// /healthz under writes: it reads through its own connection, so a write transaction holding the
// app's one connection (and the queue behind it) does not hold up the health check. And the health
// check's own port, answered by a worker thread.
import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader } from "~/routes/healthz";
import { startHealthWorker } from "~/server/health.server";
import { freePort, startBuiltServer } from "../support/built-server";

test("/healthz answers while a write transaction holds the app's connection", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const transaction = db.$transaction(
    async (tx) => {
      await tx.state.updateMany({ where: { abbreviation: "VT" }, data: { notes: null } });
      entered();
      await held; // released only after the health check has answered
    },
    { timeout: 60_000 },
  );
  await inside;
  // On the app's connection this would wait for the transaction, which waits for this: the test would hang.
  const answer = await loader();
  expect([answer.status, await answer.text()]).toEqual([200, "OK"]);
  release();
  await transaction;
});

// The health port (HEALTH_PORT, app/server/health.server.ts): a worker thread answers, so a main
// thread busy with other requests cannot delay the check, and a main thread that has stopped running
// fails it.
describe("the health check's own port and thread", () => {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");

  test("answers OK while the main thread runs, 503 once the main thread has not run for the stall limit, then OK again", async () => {
    const health = await startHealthWorker({ port: 0, host: "127.0.0.1", databaseFile, stallMs: 1_000 });
    const url = `http://127.0.0.1:${health.port}/healthz`;
    try {
      const ok = await fetch(url);
      expect([ok.status, await ok.text()]).toEqual([200, "OK"]);

      // Keep this thread from running for longer than the limit, then ask from another process while
      // it still cannot run (execFileSync blocks it): only the worker can answer.
      const until = Date.now() + 1_500;
      while (Date.now() < until);
      const answer = execFileSync(process.execPath, [
        "-e",
        `fetch(${JSON.stringify(url)}).then(async (r) => console.log(r.status + " " + (await r.text())))`,
      ])
        .toString()
        .trim();
      expect(answer).toMatch(/^503 The server's main thread has not run for \d+ s$/);

      await expect.poll(async () => (await fetch(url)).status, { timeout: 5_000 }).toBe(200);
    } finally {
      await health.stop();
    }
  });

  test("answers 503 when the database file cannot be read, 404 for another path and 405 for another method", async () => {
    const health = await startHealthWorker({ port: 0, host: "127.0.0.1", databaseFile: `${databaseFile}.missing` });
    const base = `http://127.0.0.1:${health.port}`;
    try {
      const down = await fetch(`${base}/healthz`);
      expect([down.status, await down.text()]).toEqual([503, "Database unavailable"]);
      expect((await fetch(`${base}/`)).status).toBe(404);
      const post = await fetch(`${base}/healthz`, { method: "POST" });
      expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    } finally {
      await health.stop();
    }
  });

  test("the production server starts it on HEALTH_PORT beside the app", async () => {
    const healthPort = await freePort();
    const server = await startBuiltServer({ HEALTH_PORT: String(healthPort) });
    try {
      const answer = await fetch(`http://127.0.0.1:${healthPort}/healthz`);
      expect([answer.status, await answer.text()]).toEqual([200, "OK"]);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
