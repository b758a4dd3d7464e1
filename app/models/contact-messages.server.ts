// Contact messages: stored first, then emailed to support, with an acknowledgement to the sender.
import type { Db } from "~/db.server";
import { composeEmail, EmailNotSentError, sendEmail } from "~/email.server";
import { env } from "~/env.server";
import { CATEGORY_LABELS } from "~/lib/contact";
import { Refusal } from "~/lib/refusal";
import type { ContactInput } from "~/lib/contact-schema.server";

/** Saves the message, then sends it. A failure to send keeps it stored (status failed, with the reason) and throws a 503 Refusal. */
export async function submitContactMessage(db: Db, input: ContactInput, ipAddress?: string | null) {
  const saved = await db.contactMessage.create({
    data: { ...input, category: input.category ?? null, ipAddress: ipAddress ?? null },
    select: { id: true },
  });
  try {
    await sendToSupport({ ...input, id: saved.id });
    await sendEmail(
      composeEmail(input.email, "We received your message", [
        `Hello ${input.name},`,
        `Thank you for writing to Civic Atlas about "${input.subject}". We'll get back to you within 24-48 hours.`,
      ]),
    );
    await db.contactMessage.update({ where: { id: saved.id }, data: { status: "sent" } });
  } catch (error) {
    // Only the mailer's short reason is stored and shown; never a server answer or a file path.
    const reason = error instanceof EmailNotSentError ? error.message : "The message could not be sent";
    if (!(error instanceof EmailNotSentError)) console.error(`Contact message #${saved.id} not sent`, error);
    await db.contactMessage.update({ where: { id: saved.id }, data: { status: "failed", sendError: reason } });
    throw new Refusal(`${reason}. Your message is saved and we will read it; you can also write to us directly.`, 503);
  }
  return saved;
}

/** Emails a stored message to the support address, replies going to the sender. */
export function sendToSupport(
  message: Pick<ContactInput, "name" | "email" | "subject" | "message"> & { id: number; category?: string | null },
) {
  const category =
    message.category && message.category in CATEGORY_LABELS ? CATEGORY_LABELS[message.category as keyof typeof CATEGORY_LABELS] : "General";
  return sendEmail({
    ...composeEmail(env().SUPPORT_EMAIL, `[Contact #${message.id}] ${category}: ${message.subject}`, [
      `From: ${message.name} <${message.email}>`,
      `Category: ${category}`,
      `Subject: ${message.subject}`,
      message.message,
    ]),
    replyTo: message.email,
  });
}
