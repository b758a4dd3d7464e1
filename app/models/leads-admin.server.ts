// Lead management for staff: the paged list with search and filters, the four stats,
// edit, convert to a user account, delete. The public sign-up is in leads.server.ts.
import type { Db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { keysetPage, type PageLink } from "~/lib/keyset";
import { ONLY_THEY_RESUBSCRIBE, type LeadEdit, type LeadSearch } from "~/lib/lead-admin";
import { Refusal } from "~/lib/refusal";
import { createSetPasswordLink, sendSetPasswordEmail } from "~/models/account-emails.server";
import { logActivity } from "~/models/users.server";

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

/** Search in email, names, city and state; optional status and source filters. */
function leadWhere({ search, status, source }: Pick<LeadSearch, "search" | "status" | "source">): Prisma.LeadWhereInput {
  const q = search?.trim();
  return {
    ...(status ? { status } : {}),
    ...(source ? { source } : {}),
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
  const where = leadWhere(filters);
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
  const [total, converted, active, thisMonth] = await Promise.all([
    db.lead.count(),
    db.lead.count({ where: { status: "converted" } }),
    db.lead.count({ where: { status: "active" } }),
    db.lead.count({ where: { createdAt: { gte: monthStart } } }),
  ]);
  return { total, converted, active, thisMonth };
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
    const link = await createSetPasswordLink(tx as unknown as Db, user);
    await logActivity(tx as unknown as Db, {
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
