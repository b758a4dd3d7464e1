// When mail cannot be sent, the contact message stays stored and the visitor is told why.
import { expect, test } from "vitest";
import { asServerAnswers } from "../support/route-calls";

process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there: the connection is refused
const { db } = await import("~/db.server");
const { action } = await import("~/routes/contact");
const { action: apiContact } = await import("~/routes/api.contact");

const form = { name: "Jo Ann Robinson", email: "joann@example.org", subject: "Boycott", category: "general", message: "A message" };

test("the form keeps the message stored, marks it failed, and answers with the reason", async () => {
  const request = new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(form) });
  const result = (await action({ request, params: {}, context: { cspNonce: "" } } as never)) as unknown as {
    init: ResponseInit;
    data: { toast: { title: string; description: string } };
  };
  expect(result.init.status).toBe(503);
  expect(result.data.toast.title).toBe("Failed to send message");
  expect(result.data.toast.description).toBe(
    "The mail server could not be reached. Your message is saved and we will read it; you can also write to us directly.",
  );
  const saved = await db.contactMessage.findFirstOrThrow({ where: { email: "joann@example.org" } });
  // A short reason, never the mailer's technical text (address, port, code).
  expect(saved).toMatchObject({ status: "failed", sendError: "The mail server could not be reached" });
});

test("the JSON call answers 503 with a message, and 400 for a missing field", async () => {
  const post = (body: unknown) =>
    new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const failed = await (
    apiContact({
      request: post({ ...form, email: "api@example.org" }),
      params: {},
      context: { cspNonce: "" },
    } as never) as Promise<Response>
  ).catch(asServerAnswers);
  expect(failed.status).toBe(503);
  expect((await failed.json()).message).toMatch(/^The mail server could not be reached\. Your message is saved/);
  const missing = await (
    apiContact({ request: post({ name: "X" }), params: {}, context: { cspNonce: "" } } as never) as Promise<Response>
  ).catch(asServerAnswers);
  expect(missing.status).toBe(400);
  expect((await missing.json()).message).toBe("Required");
});
