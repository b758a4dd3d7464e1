// The production server and its job runner as a process: a server killed in the middle
// of a run leaves no execution "running" after its restart, every batch the job wrote is whole,
// and a rerun finishes the work.
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { db } from "~/db.server";
import { HOUSEKEEPING_BATCH } from "~/jobs/housekeeping.server";
import { cookieFor } from "../support/route-calls";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const SESSIONS = 30_000;

/** Asks the database until `done` holds (the server works in its own process; nothing to await but its writes). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("killed mid-run: after the restart the run is failed as interrupted, its batches are whole, a rerun finishes", async () => {
  const userId = (await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" } })).id;
  const file = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
  file
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO Session (id, userId, expirationDate, createdAt, updatedAt) SELECT 'expired-' || i, ?, '2020-01-01T00:00:00.000+00:00', '2020-01-01T00:00:00.000+00:00', '2020-01-01T00:00:00.000+00:00' FROM n`,
    )
    .run(SESSIONS, userId);
  file.close();
  const expired = () => db.session.count({ where: { id: { startsWith: "expired-" } } });
  expect(await expired()).toBe(SESSIONS);

  const cookie = await cookieFor("admin@civicatlas.test");
  const run = (server: BuiltServer) =>
    fetch(`${server.url}/api/admin/integration/housekeeping/run`, { method: "POST", headers: { Cookie: cookie } });

  let server = await startBuiltServer();
  let id: number;
  try {
    const started = await run(server);
    expect(started.status).toBe(201);
    id = (await started.json()).id;
    // Killed once the job has removed some sessions but not all.
    await until(expired, (left) => left < SESSIONS, "the first batches");
    server.child.kill("SIGKILL");
    await server.exited;
  } finally {
    await server.stop();
  }
  const left = await expired();
  expect(left).toBeGreaterThan(0);
  expect((SESSIONS - left) % HOUSEKEEPING_BATCH).toBe(0); // whole batches only
  expect((await db.jobExecution.findUniqueOrThrow({ where: { id } })).status).toBe("running");

  server = await startBuiltServer();
  try {
    const row = await until(
      () => db.jobExecution.findUniqueOrThrow({ where: { id } }),
      (r) => r.status !== "running",
      "the restart",
    );
    expect(row).toMatchObject({ status: "failed", errorMessage: "Interrupted by a server restart" });

    const rerun = await run(server);
    expect(rerun.status).toBe(201);
    const second = (await rerun.json()).id;
    const done = await until(
      () => db.jobExecution.findUniqueOrThrow({ where: { id: second } }),
      (r) => r.status === "completed",
      "the rerun",
    );
    expect(done.results).toMatchObject({ expiredSessions: left });
    expect(await expired()).toBe(0);
  } finally {
    await server.stop();
  }
}, 120_000);
