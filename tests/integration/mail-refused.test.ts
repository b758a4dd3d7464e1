// A message the mail server refuses (here a 1 MB address, through a real SMTP server on
// 127.0.0.1): the contact message stays stored with a short reason, never the server's answer.
import { afterAll, expect, test } from "vitest";
import { startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url;
const { db } = await import("~/db.server");
const { submitContactMessage } = await import("~/models/contact-messages.server");
const { Refusal } = await import("~/lib/refusal");
afterAll(() => sink.close());

test("a refused message is stored as failed with a short human reason", async () => {
  const email = `${"b".repeat(1_000_000)}@example.org`;
  const error = await submitContactMessage(db, { name: "Long Address", email, subject: "Refused", message: "Hello" }).catch((e) => e);
  expect(error).toBeInstanceOf(Refusal);
  expect((error as Error).message).toBe(
    "The mail server refused the message. Your message is saved and we will read it; you can also write to us directly.",
  );
  const stored = await db.contactMessage.findFirstOrThrow({ where: { subject: "Refused" } });
  expect(stored).toMatchObject({ status: "failed", sendError: "The mail server refused the message" });
});
