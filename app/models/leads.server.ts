// Mailing-list leads: the public sign-up, the welcome and re-join emails, and the signed links
// to unsubscribe and to re-join. A public sign-up never reveals or changes what an earlier one
// stored (docs/decisions/0005-mailing-list-privacy.md).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "~/db.server";
import { composeEmail, sendEmail } from "~/email.server";
import { env } from "~/env.server";
import type { LeadSignUp } from "~/lib/leads.server";

export const REJOIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An unsubscribed address gets at most one re-join email a day, however often it is entered. */
const REJOIN_EMAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an account uses this email: the welcome flow's amber message (spec 1 §8) needs it.
 * Whether the email is on the mailing list is never told.
 */
export async function hasAccount(database: Db, email: string) {
  const user = await database.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  return Boolean(user);
}

const forEmail = { id: true, email: true, firstName: true, status: true, unsubscribedAt: true } as const;
type LeadForEmail = { id: number; email: string; firstName: string | null };

type SignUpOutcome =
  | { kind: "created"; lead: LeadForEmail }
  | { kind: "rejoin-requested"; lead: LeadForEmail & { unsubscribedAt: Date } }
  | { kind: "unchanged" };

/**
 * Records a public sign-up. A new email becomes an active lead with the details given. A known
 * email is left exactly as it is: its first details stay, and an unsubscribed lead stays
 * unsubscribed; it is only sent a link to confirm it wants to re-join (at most once a day).
 */
export async function recordSignUp(database: Db, input: LeadSignUp): Promise<SignUpOutcome> {
  const { withDetails: _, ...fields } = input;
  const existing = await database.lead.findUnique({ where: { email: fields.email }, select: forEmail });
  if (!existing) {
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== "")) as typeof fields;
    try {
      const lead = await database.lead.create({ data: { ...given, source: "welcome_popup", status: "active" }, select: forEmail });
      return { kind: "created", lead };
    } catch (error) {
      // The same email signed up a moment earlier: that sign-up's values stay.
      if ((error as { code?: string }).code === "P2002") return { kind: "unchanged" };
      throw error;
    }
  }
  const { unsubscribedAt } = existing;
  if (existing.status !== "unsubscribed" || !unsubscribedAt) return { kind: "unchanged" };
  const now = new Date();
  const claimed = await database.lead.updateMany({
    where: {
      id: existing.id,
      status: "unsubscribed",
      OR: [{ rejoinRequestedAt: null }, { rejoinRequestedAt: { lt: new Date(now.getTime() - REJOIN_EMAIL_INTERVAL_MS) } }],
    },
    data: { rejoinRequestedAt: now },
  });
  return claimed.count === 1 ? { kind: "rejoin-requested", lead: { ...existing, unsubscribedAt } } : { kind: "unchanged" };
}

/**
 * The public sign-up: records it, then sends the email it calls for (welcome or re-join) without
 * waiting, so neither the answer nor its timing tells a new email from a known one. `emailed`
 * settles once that email is sent or has failed (failures are logged); routes do not wait for it.
 */
export async function joinMailingList(database: Db, input: LeadSignUp): Promise<{ emailed: Promise<void> }> {
  const outcome = await recordSignUp(database, input);
  const sending =
    outcome.kind === "created"
      ? sendWelcomeEmail(outcome.lead)
      : outcome.kind === "rejoin-requested"
        ? sendRejoinEmail(outcome.lead)
        : Promise.resolve();
  return {
    emailed: sending.catch((error) => console.error("Mailing-list email not sent:", error instanceof Error ? error.message : error)),
  };
}

// ---------------------------------------------------------------- signed links

const sign = (payload: string) => createHmac("sha256", env().SESSION_SECRET).update(payload).digest("base64url");

function signatureMatches(payload: string, token: string) {
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A signature over the lead id, so the unsubscribe link cannot be guessed for another lead. */
export const unsubscribeToken = (leadId: number) => sign(`unsubscribe:${leadId}`);
export const isValidUnsubscribeToken = (leadId: number, token: string) => signatureMatches(`unsubscribe:${leadId}`, token);
export const unsubscribeUrl = (leadId: number) => `${env().APP_URL}/unsubscribe?lead=${leadId}&token=${unsubscribeToken(leadId)}`;

export async function unsubscribeLead(database: Db, leadId: number) {
  const result = await database.lead.updateMany({ where: { id: leadId }, data: { status: "unsubscribed", unsubscribedAt: new Date() } });
  return result.count === 1;
}

export type RejoinLink = { lead: number; expires: number; token: string };

// Signed over the lead, the expiry and the moment it unsubscribed: once the lead re-joins (or
// unsubscribes again) every earlier link stops working, so no token needs storing.
const rejoinPayload = (leadId: number, expires: number, unsubscribedAt: Date) => `rejoin:${leadId}:${expires}:${unsubscribedAt.getTime()}`;

export function rejoinUrl(lead: { id: number; unsubscribedAt: Date }, issuedAt = Date.now()) {
  const expires = issuedAt + REJOIN_LINK_TTL_MS;
  const token = sign(rejoinPayload(lead.id, expires, lead.unsubscribedAt));
  return `${env().APP_URL}/rejoin?lead=${lead.id}&expires=${expires}&token=${token}`;
}

/** The lead a re-join link may re-subscribe; null when the link is tampered with, expired or already used. */
async function rejoinableLead(database: Db, link: RejoinLink) {
  if (!(link.expires > Date.now())) return null;
  const lead = await database.lead.findUnique({ where: { id: link.lead }, select: { id: true, status: true, unsubscribedAt: true } });
  if (lead?.status !== "unsubscribed" || !lead.unsubscribedAt) return null;
  return signatureMatches(rejoinPayload(lead.id, link.expires, lead.unsubscribedAt), link.token)
    ? { ...lead, unsubscribedAt: lead.unsubscribedAt }
    : null;
}

/** Whether the link would re-subscribe its lead, without doing it (for the GET page before the POST). */
export async function isRejoinLinkUsable(database: Db, link: RejoinLink) {
  return Boolean(await rejoinableLead(database, link));
}

/** Follows a re-join link: its lead is on the list again. False when the link is not usable. */
export async function rejoinLead(database: Db, link: RejoinLink) {
  const lead = await rejoinableLead(database, link);
  if (!lead) return false;
  const updated = await database.lead.updateMany({
    where: { id: lead.id, status: "unsubscribed", unsubscribedAt: lead.unsubscribedAt },
    data: { status: "active", unsubscribedAt: null, rejoinRequestedAt: null },
  });
  return updated.count === 1;
}

// ---------------------------------------------------------------- emails

const hello = (lead: { firstName: string | null }) => `Hello${lead.firstName ? ` ${lead.firstName}` : ""},`;

export async function sendWelcomeEmail(lead: LeadForEmail) {
  const link = unsubscribeUrl(lead.id);
  await sendEmail({
    ...composeEmail(lead.email, "Welcome to the Civic Atlas mailing list", [
      hello(lead),
      "Thank you for joining the Civic Atlas mailing list. We'll keep you informed about important political developments and new features.",
      "To stop receiving these emails, open this link (one click):",
      link,
    ]),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

export const REJOIN_EMAIL_SUBJECT = "Confirm you want to re-join the Civic Atlas mailing list";

async function sendRejoinEmail(lead: LeadForEmail & { unsubscribedAt: Date }) {
  await sendEmail(
    composeEmail(lead.email, REJOIN_EMAIL_SUBJECT, [
      hello(lead),
      "Someone, probably you, asked to join the Civic Atlas mailing list with this address. You unsubscribed earlier, so we will not write to you again unless you confirm. To re-join, open this link within 7 days:",
      rejoinUrl(lead),
      "If it was not you, ignore this email: you stay unsubscribed.",
    ]),
  );
}
