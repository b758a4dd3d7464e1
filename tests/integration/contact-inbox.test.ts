// Staff reading of stored contact messages: the counts the dashboard shows, the filters, Mark as
// handled, and Send again through a real SMTP server that then goes away.
import { afterAll, expect, test } from "vitest";
import { startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const inbox = await import("~/models/contact-inbox.server");

afterAll(() => sink.close());

const message = (subject: string, data: Record<string, unknown> = {}) =>
  db.contactMessage.create({ data: { name: "Ella Baker", email: "ella@example.org", subject, message: "Hello", ...data } });

test("unhandled and undelivered counts, the filters, newest first, and Mark as handled", async () => {
  const before = await inbox.countOpenMessages(db);
  const sent = await message("sent", { status: "sent", createdAt: new Date(Date.now() - 3000) });
  const failed = await message("failed", { status: "failed", createdAt: new Date(Date.now() - 2000) });
  const stuck = await message("stuck", { createdAt: new Date(Date.now() - 1000) });
  expect(await inbox.countOpenMessages(db)).toEqual({ unhandled: before.unhandled + 3, unsent: before.unsent + 2 });

  const ids = async (filter: "all" | "unhandled" | "unsent") =>
    (await inbox.listContactMessages(db, { filter, page: 1 })).messages.map((m) => m.id);
  expect(await ids("all")).toEqual(expect.arrayContaining([stuck.id, failed.id, sent.id]));
  expect((await ids("all")).filter((id) => [stuck.id, failed.id, sent.id].includes(id))).toEqual([stuck.id, failed.id, sent.id]);
  expect(await ids("unsent")).toEqual(expect.arrayContaining([stuck.id, failed.id]));
  expect(await ids("unsent")).not.toContain(sent.id);

  const staff = await db.user.findUniqueOrThrow({ where: { email: "admin@civicatlas.test" } });
  expect(await inbox.markMessageHandled(db, failed.id, staff.id)).toBe(true);
  expect(await inbox.markMessageHandled(db, failed.id, staff.id)).toBe(true); // already handled: still fine
  expect(await inbox.markMessageHandled(db, 987654, staff.id)).toBe(false);
  expect(await inbox.getContactMessage(db, failed.id)).toMatchObject({ handledById: staff.id, handledBy: "Adam Admin" });
  expect(await ids("unhandled")).not.toContain(failed.id);
  expect(await inbox.countOpenMessages(db)).toEqual({ unhandled: before.unhandled + 2, unsent: before.unsent + 1 });
});

test("Send again delivers to support and marks it sent; a delivered one is not sent twice; a new failure is kept", async () => {
  const failed = await message("Bakery number", { status: "failed", sendError: "ECONNREFUSED", category: "report" });
  await inbox.resendContactMessage(db, failed.id);
  const forwarded = sink.messages.find((m) => m.subject === `[Contact #${failed.id}] Report incorrect data: Bakery number`)!;
  expect(forwarded.to).toEqual(["support@civicatlas.test"]);
  expect(await db.contactMessage.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "sent", sendError: null });
  await expect(inbox.resendContactMessage(db, failed.id)).rejects.toThrow("already delivered");
  expect(await inbox.resendContactMessage(db, 987654)).toBeNull();

  const again = await message("Still failing", { status: "failed" });
  await sink.close(); // the mail server goes away
  await expect(inbox.resendContactMessage(db, again.id)).rejects.toThrow(/failed again/);
  const stored = await db.contactMessage.findUniqueOrThrow({ where: { id: again.id } });
  expect(stored.status).toBe("failed");
  expect(stored.sendError).toBeTruthy();
});
