// Guards for app/db.server.ts, which wraps the Prisma driver adapter's connection: a transaction
// takes SQLite's write lock with BEGIN IMMEDIATE, and the wrapper ends its turn when Prisma sends
// COMMIT or ROLLBACK as statements (the adapter's `usePhantomQuery: false`). A Prisma upgrade that
// changed either (COMMIT sent another way, statements run inside an open transaction) would leave
// writes uncommitted or the lock held; these tests then fail, seen from a second connection.
import Database from "better-sqlite3";
import { afterAll, expect, test } from "vitest";
import { db } from "~/db.server";

const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
afterAll(() => other.close());
const notesOfVermont = () => (other.prepare("SELECT notes FROM State WHERE abbreviation = 'VT'").get() as { notes: string | null }).notes;
/** Whether another connection can take the write lock at once: the app's connection holds none. */
const lockIsFree = () => {
  try {
    other.exec("BEGIN IMMEDIATE");
    other.exec("ROLLBACK");
    return true;
  } catch {
    return false;
  }
};

test("a transaction's writes are committed when it resolves, and the write lock is free again", async () => {
  const notes = `committed ${Date.now()}`;
  await db.$transaction(async (tx) => {
    await tx.state.updateMany({ where: { abbreviation: "VT" }, data: { notes } });
    expect(lockIsFree(), "inside the transaction the app holds the write lock").toBe(false);
  });
  expect(notesOfVermont()).toBe(notes);
  expect(lockIsFree()).toBe(true);
});

test("a transaction that throws is rolled back, and the write lock is free again", async () => {
  const before = notesOfVermont();
  await expect(
    db.$transaction(async (tx) => {
      await tx.state.updateMany({ where: { abbreviation: "VT" }, data: { notes: "never saved" } });
      throw new Error("changed its mind");
    }),
  ).rejects.toThrow("changed its mind");
  expect(notesOfVermont()).toBe(before);
  expect(lockIsFree()).toBe(true);
});

test("a write outside an open transaction waits for it to end, so the transaction's rollback cannot undo it", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const transaction = db
    .$transaction(async (tx) => {
      await tx.state.updateMany({ where: { abbreviation: "VT" }, data: { notes: "rolled back" } });
      entered();
      await held;
      throw new Error("rolled back on purpose");
    })
    .catch(() => "rolled back");
  await inside;
  const notes = `outside ${Date.now()}`;
  let written = false;
  const outside = db.state.updateMany({ where: { abbreviation: "VT" }, data: { notes } }).then(() => (written = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(written, "the outside write waited for the transaction").toBe(false);
  release();
  expect(await transaction).toBe("rolled back");
  await outside;
  expect(notesOfVermont()).toBe(notes);
});
