// The write-ahead log is copied into the database file by the checkpoint thread, never inside one
// of the app's commits (app/db-checkpoints.server.ts).
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { startCheckpoints } from "~/db-checkpoints.server";
import { db, dbReady } from "~/db.server";

const file = process.env.DATABASE_URL!.replace(/^file:/, "");
const autocheckpointPages = async () =>
  Number((await db.$queryRawUnsafe<{ wal_autocheckpoint: number }[]>("PRAGMA wal_autocheckpoint"))[0].wal_autocheckpoint);
/** Writes about `pages` pages of log in commits of 50: contact messages of 2 KB, two to a page. */
async function writeLog(pages: number) {
  for (let written = 0; written < pages; written += 50)
    await db.contactMessage.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        name: "Log",
        email: "log@example.org",
        subject: `Page ${i}`,
        message: "x".repeat(2_000),
      })),
    });
}
/** Frames in the log, read by checkpointing it from another connection (which copies them all). */
function framesInLog() {
  const other = new Database(file);
  try {
    return (other.pragma("wal_checkpoint(PASSIVE)") as { log: number }[])[0].log;
  } finally {
    other.close();
  }
}

test("while the thread runs, the app's commits leave the log to it, and it copies the whole log into the database", async () => {
  await dbReady;
  type Result = { busy: number; log: number; checkpointed: number };
  const results: Result[] = [];
  let heard = () => {};
  const checkpoints = await startCheckpoints(db, process.env.DATABASE_URL!, {
    everyMs: 60_000, // only the turn the test waits for
    onCheckpoint: (result) => {
      results.push(result as Result);
      heard();
    },
  });
  try {
    expect(await autocheckpointPages()).toBe(0);
    framesInLog();
    // By SQLite's own rule, the commit that passed 1,000 pages would have copied the log, and the
    // next commit would have started it again from the beginning.
    await writeLog(1_500);
    expect(framesInLog()).toBeGreaterThan(1_500);
    expect(results).toEqual([]);
  } finally {
    await checkpoints.stop();
  }
  expect(await autocheckpointPages()).toBe(1_000);

  // A thread that runs often enough copies everything the app wrote.
  const often = await startCheckpoints(db, process.env.DATABASE_URL!, {
    everyMs: 20,
    onCheckpoint: (result) => {
      results.push(result as Result);
      heard();
    },
  });
  try {
    await writeLog(50);
    results.length = 0; // only turns after the writes count
    // The log holds at least the 50 pages just written (more if it was not started again), all copied.
    while (!results.some((result) => result.log >= 50 && result.checkpointed === result.log))
      await new Promise<void>((resolve) => (heard = resolve));
  } finally {
    await often.stop();
  }
});
