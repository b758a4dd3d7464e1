// Staff management of accounts: the list, Add User, edits, status, admin
// notes, deletion and the export. Every rule comes from app/auth/permissions.ts, checked here
// once for the pages and the JSON calls alike; every change writes an activity entry on the
// affected user that names the acting staff member.
import type { Db, Tx } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import {
  ACCOUNT_RULES,
  createRefusal,
  deleteRefusal,
  modifyRefusal,
  notesRefusal,
  roleChangeRefusal,
  roleRefusal,
  setActiveRefusal,
  transferRefusal,
  type RefusalReason,
} from "~/auth/account-rules";
import { STAFF_ROLE_LABELS, isRole, type Role } from "~/auth/roles";
import { Refusal } from "~/lib/refusal";
import { ACTIVITY_ENTRIES_SHOWN, type NewUserInput, type StaffUserPatch, type UserListQuery } from "~/lib/admin-users";
import { lastDigestSentence } from "~/lib/digest-status";
import { lastDigestOf } from "~/models/digests.server";
import { PROFILE_FIELDS, logActivity } from "~/models/users.server";
import { createVerification, SET_PASSWORD_TTL_MS } from "~/models/verifications.server";
import { homeDistrictAfterZipChange } from "~/models/zip-codes.server";

export type Actor = { id: string; role: Role };

const USER_NOT_FOUND = "User not found";
const EMAIL_TAKEN = "A user with this email already exists.";
/** The set-password link a new user receives: single use, valid 7 days. */

function refuse(refusal: RefusalReason) {
  if (refusal) throw new Refusal(refusal, 403);
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

const roleLabel = (role: string) => (isRole(role) ? STAFF_ROLE_LABELS[role] : role);

async function findTarget(db: Db | Tx, id: string) {
  const user = await db.user.findUnique({ where: { id }, select: { ...EDITABLE_FIELDS, id: true, role: true } });
  if (!user || !isRole(user.role)) throw new Refusal(USER_NOT_FOUND, 404);
  return { ...user, role: user.role };
}

// ---------------------------------------------------------------- reading

const LIST_FIELDS = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  isActive: true,
  emailConfirmed: true,
  authMethod: true,
  createdAt: true,
  lastLogin: true,
} as const;

export const USERS_PER_PAGE = 25;

/** Each word of the search must appear in the email, first or last name (SQLite's LIKE ignores ASCII case). */
function listWhere({ q, role, status }: UserListQuery): Prisma.UserWhereInput {
  const words = q?.split(/\s+/).filter(Boolean) ?? [];
  return {
    AND: words.map((w) => ({ OR: [{ email: { contains: w } }, { firstName: { contains: w } }, { lastName: { contains: w } }] })),
    ...(role ? { role } : {}),
    ...(status ? { isActive: status === "active" } : {}),
  };
}

/** Every matching user, newest first (GET /api/admin/users). */
export const findUsers = (db: Db, query: UserListQuery = {}) =>
  db.user.findMany({ where: listWhere(query), orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: LIST_FIELDS });

/** One page of the list (/admin/users). */
export async function listUsers(db: Db, query: UserListQuery) {
  const where = listWhere(query);
  const total = await db.user.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
  const page = Math.min(query.page ?? 1, pageCount);
  const users = await db.user.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: LIST_FIELDS,
    skip: (page - 1) * USERS_PER_PAGE,
    take: USERS_PER_PAGE,
  });
  return { users, total, page, pageCount };
}

const ADMIN_DETAIL_FIELDS = {
  ...PROFILE_FIELDS,
  adminNotes: true,
  emailConfirmedAt: true,
  totalLogins: true,
  lastPasswordChange: true,
  twoFactorEnabled: true,
  permissions: true,
  emailNotifications: true,
  smsNotifications: true,
  marketingOptIn: true,
  digestFrequency: true,
} as const;

/** The admin detail view (notes, timestamps, settings) with the 10 newest activity entries, each naming its actor. */
export async function getUserForStaff(db: Db, id: string) {
  const user = await db.user.findUnique({ where: { id }, select: ADMIN_DETAIL_FIELDS });
  if (!user) return null;
  const logs = await db.activityLog.findMany({
    where: { userId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ACTIVITY_ENTRIES_SHOWN,
    select: { id: true, action: true, details: true, createdAt: true, actorId: true },
  });
  const actorIds = [...new Set(logs.flatMap((l) => (l.actorId ? [l.actorId] : [])))];
  const actors = new Map(
    (await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true, firstName: true, lastName: true } })).map(
      (a) => [a.id, [a.firstName, a.lastName].filter(Boolean).join(" ") || a.email],
    ),
  );
  const activityLogs = logs.map((l) => ({
    id: l.id,
    action: l.action,
    details: l.details,
    timestamp: l.createdAt,
    actorId: l.actorId,
    // The actor's id stays on the entry after their account is deleted (docs/decisions/0006).
    actorName: l.actorId ? (actors.get(l.actorId) ?? "a deleted account") : null,
  }));
  return { ...user, activityLogs, lastDigest: lastDigestSentence(await lastDigestOf(db, id)) };
}

// ---------------------------------------------------------------- changing

/** Add User: an account with no password yet and a 7-day single-use link to set one (the
 * reset-password flow, which also confirms the address). Returns the token for the email. */
export async function createUserByStaff(db: Db, actor: Actor, input: NewUserInput) {
  refuse(createRefusal(actor.role, input.role));
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new Refusal(EMAIL_TAKEN, 409);
      const user = await tx.user.create({
        data: {
          email: input.email,
          firstName: input.firstName || null,
          lastName: input.lastName || null,
          role: input.role,
          authMethod: "password",
        },
        select: LIST_FIELDS,
      });
      const token = await createVerification(tx, {
        type: "reset-password",
        target: user.email,
        userId: user.id,
        expiresInMs: SET_PASSWORD_TTL_MS,
      });
      await logActivity(tx, {
        userId: user.id,
        actorId: actor.id,
        action: "user_created",
        details: `Created as ${roleLabel(input.role)}`,
      });
      return { user, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(EMAIL_TAKEN, 409);
    throw error;
  }
}

/** The fields the detail page's Edit form (and PATCH) may change, with their names for the log. */
const EDITABLE = {
  email: "email",
  firstName: "first name",
  lastName: "last name",
  profileImageUrl: "profile image URL",
  phone: "phone",
  timezone: "timezone",
  address: "address",
  zipCode: "zip code",
  city: "city",
  country: "country",
  state: "state",
} as const;
type EditableField = keyof typeof EDITABLE;
const EDITABLE_FIELDS = Object.fromEntries([...Object.keys(EDITABLE), "adminNotes"].map((k) => [k, true])) as Record<
  EditableField | "adminNotes",
  true
>;

/** What a staff edit may carry: an absent key stays as it is; null or "" clears the field. */
export type StaffUserChanges = { [K in Exclude<keyof StaffUserPatch, "role" | "email">]?: StaffUserPatch[K] | null } & {
  role?: Role;
  email?: string;
};

/**
 * Applies a staff edit (PATCH /api/admin/users/{id}): details and role need the edit rules, admin notes
 * the notes rule. Only what really changes is written and logged. A new email address is
 * unconfirmed, and links sent to the old one stop working.
 */
export async function updateUserByStaff(db: Db, actor: Actor, id: string, changes: StaffUserChanges) {
  const { role: asked, adminNotes: askedNotes, ...askedDetails } = changes;
  if (asked !== undefined) refuse(roleRefusal(actor.role, "users:update-role"));
  if (Object.values(askedDetails).some((v) => v !== undefined)) refuse(roleRefusal(actor.role, "users:update"));
  if (askedNotes !== undefined) refuse(roleRefusal(actor.role, "admin-notes:edit"));
  try {
    return await db.$transaction(async (tx) => {
      const target = await findTarget(tx, id);
      const { role, adminNotes, ...rest } = changes;
      const details = Object.fromEntries(
        Object.entries(rest)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, v === "" ? null : v])
          .filter(([k, v]) => target[k as EditableField] !== v),
      ) as Partial<Record<EditableField, string | null>>;
      const newRole = role && role !== target.role ? role : undefined;
      const notes = adminNotes === undefined ? undefined : adminNotes || null;
      const notesChanged = notes !== undefined && notes !== target.adminNotes;

      if (role !== undefined) refuse(roleChangeRefusal(actor, target, role));
      if (Object.keys(details).length > 0) refuse(modifyRefusal(actor, target));
      if (adminNotes !== undefined) refuse(notesRefusal(actor, target));
      if ("email" in details && !details.email) throw new Refusal("Email is required", 400);
      if (details.email && (await tx.user.findUnique({ where: { email: details.email }, select: { id: true } })))
        throw new Refusal(EMAIL_TAKEN, 409);

      const { email, ...others } = details;
      await tx.user.update({
        where: { id },
        data: {
          ...others,
          ...(email ? { email, emailConfirmed: false, emailConfirmedAt: null } : {}),
          ...(newRole ? { role: newRole } : {}),
          ...(notesChanged ? { adminNotes: notes } : {}),
          ...(await homeDistrictAfterZipChange(tx, id, details.zipCode)),
        },
      });
      if (details.email) await tx.verification.deleteMany({ where: { userId: id, usedAt: null } });
      const log = (action: Parameters<typeof logActivity>[1]["action"], text: string) =>
        logActivity(tx, { userId: id, actorId: actor.id, action, details: text });
      const changed = Object.keys(details) as EditableField[];
      if (changed.length) await log("user_updated", `Changed ${changed.map((k) => EDITABLE[k]).join(", ")}`);
      if (newRole) await log("role_changed", `Role changed from ${roleLabel(target.role)} to ${roleLabel(newRole)}`);
      if (notesChanged) await log("admin_notes_updated", notes ? "Admin notes updated" : "Admin notes cleared");
      return { changed: changed.length > 0 || Boolean(newRole) || notesChanged };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(EMAIL_TAKEN, 409);
    throw error;
  }
}

async function transferTarget(db: Db | Tx, id: string) {
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, role: true, isActive: true, emailConfirmed: true, password: { select: { userId: true } } },
  });
  return user && isRole(user.role) ? { ...user, role: user.role, hasPassword: Boolean(user.password) } : null;
}

/** Why the owner may not hand ownership to this account now, or null when they may. */
export async function transferCheck(db: Db, actor: Actor, id: string) {
  const target = await transferTarget(db, id);
  return target ? transferRefusal(actor, target) : USER_NOT_FOUND;
}

/**
 * The owner hands ownership to another account and becomes an admin, in one transaction; `typedEmail`
 * is the confirmation the owner typed, which must be the account's email.
 */
export async function transferOwnership(db: Db, actor: Actor, id: string, typedEmail: string) {
  refuse(roleRefusal(actor.role, "users:transfer-ownership"));
  return db.$transaction(async (tx) => {
    const target = await transferTarget(tx, id);
    if (!target) throw new Refusal(USER_NOT_FOUND, 404);
    refuse(transferRefusal(actor, target));
    if (typedEmail.trim().toLowerCase() !== target.email.toLowerCase()) throw new Refusal(ACCOUNT_RULES.transferConfirmation, 400);
    await tx.user.update({ where: { id }, data: { role: "owner" } });
    await tx.user.update({ where: { id: actor.id }, data: { role: "admin" } });
    const log = (userId: string, details: string) => logActivity(tx, { userId, actorId: actor.id, action: "role_changed", details });
    await log(id, "Ownership transferred to this account: role changed to Owner");
    await log(actor.id, `Ownership transferred to ${target.email}: role changed from Owner to Admin`);
  });
}

/** Activates or deactivates an account; deactivation also ends its sessions at once. */
export async function setUserActive(db: Db, actor: Actor, id: string, isActive: boolean) {
  refuse(roleRefusal(actor.role, "users:set-active"));
  return db.$transaction(async (tx) => {
    const target = await findTarget(tx, id);
    refuse(setActiveRefusal(actor, target));
    const current = await tx.user.findUniqueOrThrow({ where: { id }, select: { isActive: true } });
    if (current.isActive === isActive) return;
    await tx.user.update({ where: { id }, data: { isActive } });
    if (!isActive) await tx.session.deleteMany({ where: { userId: id } });
    await logActivity(tx, {
      userId: id,
      actorId: actor.id,
      action: "status_changed",
      details: isActive ? "Account activated" : "Account deactivated",
    });
  });
}

/**
 * Deletes an account with its password, sessions, provider connections and tokens. Activity
 * entries about it lose the user (anonymised by the foreign key); entries it wrote as an actor
 * keep its id. The deletion itself is logged with the actor and the deleted id only.
 */
export async function deleteUserByStaff(db: Db, actor: Actor, id: string) {
  refuse(roleRefusal(actor.role, "users:delete"));
  return db.$transaction(async (tx) => {
    const target = await findTarget(tx, id);
    refuse(deleteRefusal(actor, target));
    await tx.session.deleteMany({ where: { userId: id } });
    await tx.connection.deleteMany({ where: { userId: id } });
    await tx.verification.deleteMany({ where: { userId: id } });
    await tx.user.delete({ where: { id } });
    await logActivity(tx, {
      userId: null,
      actorId: actor.id,
      action: "user_deleted",
      details: `Deleted user ${id} (${roleLabel(target.role)})`,
    });
  });
}

// ---------------------------------------------------------------- export

const list = (value: Prisma.JsonValue) => (Array.isArray(value) ? value.join("; ") : "");

/** The 26 export columns, in order, each with its value. */
export const USER_EXPORT_COLUMNS: [string, (u: ExportedUser) => string | boolean | Date | null][] = [
  ["ID", (u) => u.id],
  ["Email", (u) => u.email],
  ["First Name", (u) => u.firstName],
  ["Last Name", (u) => u.lastName],
  ["Role", (u) => u.role],
  ["Active", (u) => u.isActive],
  ["Created At", (u) => u.createdAt],
  ["Updated At", (u) => u.updatedAt],
  ["Last Login", (u) => u.lastLogin],
  ["Phone", (u) => u.phone],
  ["Address", (u) => u.address],
  ["City", (u) => u.city],
  ["State", (u) => u.state],
  ["Zip Code", (u) => u.zipCode],
  ["Country", (u) => u.country],
  ["Timezone", (u) => u.timezone],
  ["Political Affiliation", (u) => u.politicalAffiliation],
  ["Voting Frequency", (u) => u.votingFrequency],
  ["Primary Issues", (u) => list(u.primaryIssues)],
  ["Government Trust", (u) => u.governmentTrust],
  ["News Consumption", (u) => u.newsConsumption],
  ["Political Engagement", (u) => u.politicalEngagement],
  ["Preferred Sources", (u) => list(u.preferredSources)],
  ["Email Confirmed", (u) => u.emailConfirmed],
  ["Auth Method", (u) => u.authMethod],
  ["Admin Notes", (u) => u.adminNotes],
];

type ExportedUser = Prisma.UserGetPayload<{ select: typeof EXPORT_FIELDS }>;
const EXPORT_FIELDS = { ...PROFILE_FIELDS, adminNotes: true } as const;

export const USER_EXPORT_HEADER = USER_EXPORT_COLUMNS.map(([name]) => name);

/** Users the export reads at a time: memory stays that of one batch however many accounts there are. */
export const EXPORT_BATCH = 1_000;

/** Every user's export row, oldest first, a batch at a time (keyset: each batch starts past the last one's user). */
export async function* exportUserBatches(db: Db) {
  let last: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const users: ExportedUser[] = await db.user.findMany({
      where: last ? { createdAt: { gte: last.createdAt }, OR: [{ createdAt: { gt: last.createdAt } }, { id: { gt: last.id } }] } : {},
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: EXPORT_FIELDS,
      take: EXPORT_BATCH,
    });
    if (users.length) yield users.map((u) => USER_EXPORT_COLUMNS.map(([, value]) => value(u)));
    if (users.length < EXPORT_BATCH) return;
    last = users[users.length - 1];
  }
}
