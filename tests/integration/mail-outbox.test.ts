// Development mail without SMTP_URL: every message is kept as its own file in MAIL_OUTBOX_DIR,
// and a failure is stored and shown as a short reason, never a file path.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";

const outbox = path.join(mkdtempSync(path.join(tmpdir(), "civic-atlas-outbox-")), "mail-outbox");
delete process.env.SMTP_URL;
process.env.MAIL_OUTBOX_DIR = outbox;
const { db } = await import("~/db.server");
const { composeEmail, sendEmail } = await import("~/email.server");
const { submitContactMessage } = await import("~/models/contact-messages.server");

afterAll(() => rmSync(path.dirname(outbox), { recursive: true, force: true }));
const files = () => (existsSync(outbox) ? readdirSync(outbox) : []);

test("two messages to the same address in the same millisecond are two files", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T12:00:00.000Z"));
  try {
    await Promise.all(["First", "Second", "Third"].map((subject) => sendEmail(composeEmail("same@example.org", subject, ["Hello"]))));
  } finally {
    vi.useRealTimers();
  }
  expect(files().filter((f) => f.includes("same@example.org"))).toHaveLength(3);
});

test("a 1 MB address is written under a short file name and the message counts as sent", async () => {
  const email = `${"a".repeat(1_000_000)}@example.org`;
  const saved = await submitContactMessage(db, { name: "Long Address", email, subject: "Long", message: "Hello" });
  expect(await db.contactMessage.findUniqueOrThrow({ where: { id: saved.id } })).toMatchObject({ status: "sent", sendError: null });
  expect(Math.max(...files().map((f) => f.length))).toBeLessThan(120);
});

test("when the mail folder cannot be written, the stored and shown reason names no path", async () => {
  rmSync(outbox, { recursive: true, force: true });
  writeFileSync(outbox, "a file where the folder should be");
  const error = await submitContactMessage(db, { name: "Ida Wells", email: "ida@example.org", subject: "Hi", message: "Hello" }).catch(
    (e: Error) => e,
  );
  const stored = await db.contactMessage.findFirstOrThrow({ where: { email: "ida@example.org" } });
  expect(stored).toMatchObject({ status: "failed", sendError: "The message could not be saved to the development mail folder" });
  expect(String((error as Error).message)).toMatch(
    /^The message could not be saved to the development mail folder\. Your message is saved/,
  );
  expect(String((error as Error).message)).not.toContain(path.sep);
});
