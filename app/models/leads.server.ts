// Mailing-list leads: sign-up (one lead per email), the welcome email, and unsubscribing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { db, type Db } from "~/db.server";
import { composeEmail, sendEmail } from "~/email.server";
import { env } from "~/env.server";
import type { LeadDetails } from "~/lib/leads.server";

export async function emailIsKnown(database: Db, email: string) {
  const address = email.trim().toLowerCase();
  const [user, lead] = await Promise.all([
    database.user.findUnique({ where: { email: address }, select: { id: true } }),
    database.lead.findUnique({ where: { email: address }, select: { id: true } }),
  ]);
  return { existsAsUser: Boolean(user), existsAsLead: Boolean(lead) };
}

/** Adds the email to the list, or updates the lead that has it (and re-subscribes it). */
export async function upsertLead(database: Db, input: { email: string } & Partial<LeadDetails>) {
  const details = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== "")) as typeof input;
  const existing = await database.lead.findUnique({ where: { email: input.email }, select: { id: true } });
  const lead = await database.lead.upsert({
    where: { email: input.email },
    create: { ...details, source: "welcome_popup", status: "active" },
    update: { ...details, status: "active", unsubscribedAt: null },
  });
  return { lead, created: !existing };
}

/** A signature over the lead id, so the unsubscribe link cannot be guessed for another lead. */
export function unsubscribeToken(leadId: number) {
  return createHmac("sha256", env().SESSION_SECRET).update(`unsubscribe:${leadId}`).digest("base64url");
}

export function isValidUnsubscribeToken(leadId: number, token: string) {
  const expected = Buffer.from(unsubscribeToken(leadId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const unsubscribeUrl = (leadId: number) => `${env().APP_URL}/unsubscribe?lead=${leadId}&token=${unsubscribeToken(leadId)}`;

export async function sendWelcomeEmail(lead: { id: number; email: string; firstName: string | null }) {
  const link = unsubscribeUrl(lead.id);
  await sendEmail({
    ...composeEmail(lead.email, "Welcome to the Civic Atlas mailing list", [
      `Hello${lead.firstName ? ` ${lead.firstName}` : ""},`,
      "Thank you for joining the Civic Atlas mailing list. We'll keep you informed about important political developments and new features.",
      "To stop receiving these emails, open this link (one click):",
      link,
    ]),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

/** Signs up and sends the welcome email to a new lead; a send failure is logged, the lead kept. */
export async function joinMailingList(input: { email: string } & Partial<LeadDetails>) {
  const { lead, created } = await upsertLead(db, input);
  if (created) await sendWelcomeEmail(lead).catch((error) => console.error(`Welcome email to ${lead.email} failed`, error));
  return lead;
}

export async function unsubscribeLead(database: Db, leadId: number) {
  const result = await database.lead.updateMany({ where: { id: leadId }, data: { status: "unsubscribed", unsubscribedAt: new Date() } });
  return result.count === 1;
}
