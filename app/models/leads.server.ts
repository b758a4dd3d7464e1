// Mailing-list leads: the public sign-up with its schemas, the welcome and re-join emails, the
// signed links to unsubscribe and to re-join, and Lead Management for staff (the paged list, the
// four stats, edit, convert to a user account, delete). A public sign-up never reveals or changes
// what an earlier one stored (docs/decisions/0005-mailing-list-privacy.md).
import type { LeadEdit } from "~/components/lead-edit-form";
import type { Db } from "~/db.server";
import { composeEmail, sendEmail } from "~/email.server";
import { env } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { emailAddress, requiredText } from "~/lib/field-schemas";
import { CursorParam, keysetPage, type PageLink } from "~/lib/keyset";
import { LEAD_SOURCES, LEAD_STATUSES, ONLY_THEY_RESUBSCRIBE, POLITICAL_AFFILIATIONS } from "~/lib/leads";
import { Refusal } from "~/lib/refusal";
import { sign, signatureMatches } from "~/lib/signed-links.server";
import { z } from "~/lib/zod";
import { createSetPasswordLink, sendSetPasswordEmail } from "~/models/account-emails.server";
import { logActivity } from "~/models/users.server";

// ---------------------------------------------------------------- schemas

// Mailing-list sign-up: the schemas used by the /welcome action (the page and the dialog) and by POST /api/leads.
export const LeadEmailSchema = z.object({
  email: emailAddress({ invalid: "Please enter a valid email address." }),
});

const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();
const LeadDetailsSchema = LeadEmailSchema.extend({
  firstName: requiredText(100, "First name is required"),
  lastName: requiredText(100, "Last name is required"),
  phone: optional(30),
  address: optional(200),
  city: optional(100),
  state: optional(50),
  zipCode: optional(10),
  occupation: optional(100),
  // "Prefer not to say" submits an empty value: it means not given.
  politicalAffiliation: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(POLITICAL_AFFILIATIONS, "Choose one of the listed affiliations.").optional(),
  ),
});

const DETAIL_FIELDS = Object.keys(LeadDetailsSchema.shape).filter((key) => key !== "email");

/**
 * One sign-up, parsed in one pass. A body that carries any of the lead's detail fields is a
 * sign-up with details (first and last name then required); otherwise it is the email alone
 * ("Skip for Now"). Any other key (source, the honeypot, anything unknown) is ignored and never
 * decides which of the two it is.
 */
export const LeadSignUpSchema = z.preprocess(
  (body) =>
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? { ...body, withDetails: DETAIL_FIELDS.some((key) => (body as Record<string, unknown>)[key] !== undefined) }
      : body,
  z.discriminatedUnion("withDetails", [
    LeadEmailSchema.extend({ withDetails: z.literal(false) }),
    LeadDetailsSchema.extend({ withDetails: z.literal(true) }),
  ]),
);
export type LeadSignUp = z.infer<typeof LeadSignUpSchema>;

/** The staff list's search and filters (the page's query and GET /api/leads). */
export const LeadSearchSchema = z.object({
  search: z.string().trim().max(100, "The search is at most 100 characters.").optional(),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  source: z.enum(LEAD_SOURCES).optional().catch(undefined),
  after: CursorParam,
  before: CursorParam,
});
export type LeadSearch = z.infer<typeof LeadSearchSchema>;

// ---------------------------------------------------------------- public sign-up

export const REJOIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An unsubscribed address gets at most one re-join email a day, however often it is entered. */
const REJOIN_EMAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an account uses this email: the welcome flow's amber message for an existing account
 * needs it.
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

// ---------------------------------------------------------------- staff

const LEAD_FIELDS = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  address: true,
  city: true,
  state: true,
  zipCode: true,
  occupation: true,
  politicalAffiliation: true,
  status: true,
  source: true,
  convertedUserId: true,
  unsubscribedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

// A search of three letters or more first asks the full-text index LeadSearch (trigram tokens over
// the same five columns; migration 20261128053800_lead_search) for the leads it can match. When
// they are few, the page reads just those; when they are many, scanning the list newest first finds
// a page of them at once. Either way the same LIKE conditions decide, so the answer is the same.
// "Few" stays well under the 999 values Prisma binds in one SQLite query (more is its error P2029).
export const FEW_MATCHES = 500;

async function fewSearchMatches(db: Db, q: string): Promise<number[] | null> {
  // FTS5 reads its query up to a NUL character, so a term holding one is left to the scan.
  if (q.length < 3 || q.includes("\0")) return null;
  const phrase = `"${q.replaceAll('"', '""')}"`;
  const rows = await db.$queryRaw<
    { id: number }[]
  >`SELECT rowid AS id FROM LeadSearch WHERE LeadSearch MATCH ${phrase} LIMIT ${FEW_MATCHES}`;
  return rows.length < FEW_MATCHES ? rows.map((row) => Number(row.id)) : null;
}

/** Search in email, names, city and state; optional status and source filters. */
async function leadWhere(
  db: Db,
  { search, status, source }: Pick<LeadSearch, "search" | "status" | "source">,
): Promise<Prisma.LeadWhereInput> {
  const q = search?.trim();
  const ids = q ? await fewSearchMatches(db, q) : null;
  return {
    ...(status ? { status } : {}),
    ...(source ? { source } : {}),
    ...(ids ? { id: { in: ids } } : {}),
    ...(q
      ? {
          OR: [
            { email: { contains: q } },
            { firstName: { contains: q } },
            { lastName: { contains: q } },
            { city: { contains: q } },
            { state: { contains: q } },
          ],
        }
      : {}),
  };
}

/**
 * One page of leads, newest first, with links to the pages either side (null where there is none).
 * Keyset paging: `after` starts the page past a lead, `before` ends it ahead of one, so a page reads
 * only its own rows however long the list.
 */
export async function listLeads(
  db: Db,
  { after, before, ...filters }: LeadSearch = {},
): Promise<{ leads: LeadRow[]; previous: PageLink | null; next: PageLink | null }> {
  const where = await leadWhere(db, filters);
  const { rows, previous, next } = await keysetPage(
    (page) => db.lead.findMany({ where: { AND: [where, page.where] }, orderBy: page.orderBy, take: page.take, select: LEAD_FIELDS }),
    { after, before },
  );
  return { leads: rows, previous, next };
}

type LeadRow = Prisma.LeadGetPayload<{ select: typeof LEAD_FIELDS }>;

export const findLead = (db: Db, id: number) => db.lead.findUnique({ where: { id }, select: LEAD_FIELDS });

/** The four stat cards. This Month counts leads created since the first of the current calendar month (server time). */
export async function leadStats(db: Db, now = new Date()) {
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
  // One pass over the (status, createdAt) index gives the total and each status.
  const [byStatus, thisMonth] = await Promise.all([
    db.lead.groupBy({ by: ["status"], _count: { _all: true } }),
    db.lead.count({ where: { createdAt: { gte: monthStart } } }),
  ]);
  const count = (status: string) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
  const total = byStatus.reduce((sum, row) => sum + row._count._all, 0);
  return { total, converted: count("converted"), active: count("active"), thisMonth };
}

/**
 * Writes the given lead fields (keys left out stay as they are). Only Convert makes a lead
 * converted, and a converted lead stays converted. Null when there is no such lead; a 400 Refusal
 * for a taken email or a refused status.
 */
export async function updateLead(db: Db, id: number, changes: Partial<LeadEdit>) {
  const lead = await db.lead.findUnique({ where: { id }, select: { status: true, email: true } });
  if (!lead) return null;
  const data = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<LeadEdit>;
  if (data.status && data.status !== lead.status) {
    if (lead.status === "converted")
      throw new Refusal("A converted lead stays converted.", 400, { errors: { status: ["A converted lead stays converted."] } });
    if (data.status === "converted")
      throw new Refusal("Use Convert to turn a lead into a user.", 400, {
        errors: { status: ["Use Convert to turn a lead into a user."] },
      });
    if (lead.status === "unsubscribed") throw new Refusal(ONLY_THEY_RESUBSCRIBE, 400, { errors: { status: [ONLY_THEY_RESUBSCRIBE] } });
  }
  if (data.email && data.email !== lead.email && (await db.lead.findUnique({ where: { email: data.email }, select: { id: true } }))) {
    const message = "Another lead already has this email address.";
    throw new Refusal(message, 400, { errors: { email: [message] } });
  }
  const unsubscribedAt = data.status === "unsubscribed" && lead.status !== "unsubscribed" ? new Date() : undefined;
  return db.lead.update({ where: { id }, data: { ...data, unsubscribedAt }, select: LEAD_FIELDS });
}

// The lead form's affiliations in the account profile's vocabulary.
const AFFILIATION_TO_PROFILE: Record<string, string> = {
  Democratic: "democrat",
  Republican: "republican",
  Independent: "independent",
  Other: "other",
};

/**
 * Converts a lead into a user account (role Patriot, no password yet) and marks the lead converted
 * with the new user's id, in one transaction; then emails the set-password link. A 409 Refusal
 * when the lead is already converted or the email already has an account; null when no such lead.
 * `emailSent` is false when the mail could not be sent (the account stays; Forgot password works).
 */
export async function convertLead(db: Db, id: number, staff: { id: string }) {
  const converted = await db.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({ where: { id } });
    if (!lead) return null;
    if (lead.status === "converted") throw new Refusal("This lead was already converted to a user.", 409);
    if (await tx.user.findUnique({ where: { email: lead.email }, select: { id: true } }))
      throw new Refusal("A user account with this email already exists.", 409);
    const user = await tx.user.create({
      data: {
        email: lead.email,
        firstName: lead.firstName,
        lastName: lead.lastName,
        phone: lead.phone,
        address: lead.address,
        city: lead.city,
        state: lead.state,
        zipCode: lead.zipCode,
        politicalAffiliation: lead.politicalAffiliation ? AFFILIATION_TO_PROFILE[lead.politicalAffiliation] : null,
        marketingOptIn: lead.status === "active",
        role: "user",
        authMethod: "password",
      },
      select: { id: true, email: true, firstName: true, lastName: true, role: true },
    });
    const updated = await tx.lead.update({ where: { id }, data: { status: "converted", convertedUserId: user.id }, select: LEAD_FIELDS });
    const link = await createSetPasswordLink(tx, user);
    await logActivity(tx, {
      userId: user.id,
      action: "registration",
      details: `converted from lead ${id} by ${staff.id}`,
    });
    return { lead: updated, user, link };
  });
  if (!converted) return null;
  const emailSent = await sendSetPasswordEmail(converted.user, converted.link).then(
    () => true,
    (error) => {
      console.error(`Set-password email to ${converted.user.email} failed`, error);
      return false;
    },
  );
  return { lead: converted.lead, user: converted.user, emailSent };
}

/** Deletes a lead; false when there was none. */
export async function deleteLead(db: Db, id: number) {
  const { count } = await db.lead.deleteMany({ where: { id } });
  return count === 1;
}
