// /healthz under writes: it reads through its own connection, so a write transaction holding the
// app's one connection (and the queue behind it) does not hold up the health check.
import { expect, test } from "vitest";
import { db } from "~/db.server";
import { loader } from "~/routes/healthz";

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
