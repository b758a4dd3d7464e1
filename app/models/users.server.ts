// User accounts: data access and the rules about them.
import type { Db, Tx } from "~/db.server";
import { ProfileSchema, type ProfileInput, type RegisterInput } from "~/auth/account-schemas";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import type { Role } from "~/auth/roles";
import { SIGN_IN_SERVER_MESSAGES } from "~/lib/sign-in-errors";
import { Refusal } from "~/lib/refusal";
import { consumeVerification, createVerification } from "~/models/verifications.server";
import { homeDistrictAfterZipChange } from "~/models/zip-codes.server";

/** Creates a confirmed password account unless the email is taken. Returns whether it created one. */
export async function ensurePasswordUser(
  db: Db,
  user: { email: string; password: string; firstName: string; lastName: string; role: Role },
): Promise<boolean> {
  const email = user.email.toLowerCase();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return false;
  const now = new Date();
  await db.user.create({
    data: {
      email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      authMethod: "password",
      emailConfirmed: true,
      emailConfirmedAt: now,
      lastPasswordChange: now,
      password: { create: { hash: await hashPassword(user.password) } },
    },
  });
  return true;
}

export type ActivityAction =
  | "registration"
  | "email_confirmed"
  | "sign_in"
  | "sign_in_failed"
  | "sign_out"
  | "profile_updated"
  | "password_changed"
  // staff actions (actorId names the staff member)
  | "user_created"
  | "user_updated"
  | "role_changed"
  | "status_changed"
  | "admin_notes_updated"
  | "confirmation_resent"
  | "user_deleted";

/** One activity entry about `userId`; `actorId` is the staff member who acted on them, if any. */
export function logActivity(
  db: Db | Tx,
  entry: { userId?: string | null; actorId?: string | null; action: ActivityAction; details?: string; ipAddress?: string | null },
) {
  return db.activityLog.create({
    data: {
      userId: entry.userId ?? null,
      actorId: entry.actorId ?? null,
      action: entry.action,
      details: entry.details,
      ipAddress: entry.ipAddress ?? null,
    },
  });
}

const EMAIL_TAKEN = "An account with this email already exists. Please sign in, or reset your password if you forgot it.";

/** Creates an unconfirmed password account and its confirmation token, all or nothing. */
export async function registerUser(db: Db, input: RegisterInput, ipAddress?: string | null) {
  const { password, primaryIssues, preferredSources, ...profile } = input;
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new Refusal(EMAIL_TAKEN, 409);
    const user = await tx.user.create({
      data: {
        ...profile,
        primaryIssues: primaryIssues ?? undefined,
        preferredSources: preferredSources ?? undefined,
        authMethod: "password",
        lastPasswordChange: new Date(),
        password: { create: { hash: passwordHash } },
      },
      select: { id: true, email: true, firstName: true },
    });
    const token = await createVerification(tx, { type: "confirm-email", target: user.email, userId: user.id });
    await logActivity(tx, { userId: user.id, action: "registration", ipAddress });
    return { user, token };
  });
}

export async function confirmEmail(db: Db, token: string) {
  return db.$transaction(async (tx) => {
    const verification = await consumeVerification(tx, "confirm-email", token);
    if (!verification) return null;
    const user = await tx.user.update({
      where: { id: verification.userId },
      data: { emailConfirmed: true, emailConfirmedAt: new Date() },
      select: { id: true },
    });
    await logActivity(tx, { userId: user.id, action: "email_confirmed" });
    return user;
  });
}

/** Why a person cannot sign in, as the 401 Refusal they read. */
const signInRefusal = (reason: keyof typeof SIGN_IN_SERVER_MESSAGES) => new Refusal(SIGN_IN_SERVER_MESSAGES[reason], 401);

/** Checks an email and password; throws a 401 Refusal with the spec's message when it cannot sign in. */
export async function verifyLogin(db: Db, email: string, password: string) {
  const user = await db.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, isActive: true, emailConfirmed: true, authMethod: true, password: { select: { hash: true } } },
  });
  // Hash anyway when the user is unknown, so the answer takes the same time either way.
  const valid = await verifyPassword(password, user?.password?.hash ?? DUMMY_HASH);
  if (!user) throw signInRefusal("invalid");
  if (!user.password) throw signInRefusal(user.authMethod === "sso" ? "sso" : "invalid");
  if (!valid) throw signInRefusal("invalid");
  if (!user.isActive) throw signInRefusal("inactive");
  if (!user.emailConfirmed) throw signInRefusal("unconfirmed");
  return { id: user.id };
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0qH5lJ2d6wz8Xc7m1y4oVQm7B0xk3ZlS9bX2rY1cE0A";

export async function recordSignIn(db: Db, userId: string, ipAddress?: string | null) {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { lastLogin: new Date(), totalLogins: { increment: 1 } } }),
    db.activityLog.create({ data: { userId, action: "sign_in", ipAddress: ipAddress ?? null } }),
  ]);
}

/**
 * Failed sign-ins for an email since a time: how many there were and the newest, for the account
 * from any address, and the times of the newest `take` from one address. Both use the index on
 * (action, details, createdAt).
 */
export async function failedSignInsSince(db: Db, email: string, ipAddress: string | null | undefined, since: Date, take: number) {
  const where = { action: "sign_in_failed", details: email.toLowerCase(), createdAt: { gt: since } };
  const [account, fromAddress] = await Promise.all([
    db.activityLog.aggregate({ where, _count: { _all: true }, _max: { createdAt: true } }),
    db.activityLog.findMany({
      where: { ...where, ipAddress: ipAddress ?? null },
      select: { createdAt: true },
      orderBy: { createdAt: "desc" },
      take,
    }),
  ]);
  return { count: account._count._all, newest: account._max.createdAt, fromAddress: fromAddress.map((f) => f.createdAt) };
}
export type FailedSignIns = Awaited<ReturnType<typeof failedSignInsSince>>;

export const PROFILE_FIELDS = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  isActive: true,
  authMethod: true,
  createdAt: true,
  updatedAt: true,
  lastLogin: true,
  profileImageUrl: true,
  phone: true,
  address: true,
  city: true,
  state: true,
  zipCode: true,
  country: true,
  timezone: true,
  politicalAffiliation: true,
  votingFrequency: true,
  primaryIssues: true,
  governmentTrust: true,
  newsConsumption: true,
  politicalEngagement: true,
  preferredSources: true,
  emailConfirmed: true,
} as const;

export const getProfile = (db: Db, userId: string) => db.user.findUnique({ where: { id: userId }, select: PROFILE_FIELDS });

type ProfileChanges = { [K in keyof ProfileInput]?: ProfileInput[K] | null };

/** The form sends every field: an emptied one becomes empty (lists become []). */
export function wholeProfile(input: ProfileInput): ProfileChanges {
  const keys = Object.keys(ProfileSchema.shape) as (keyof ProfileInput)[];
  return Object.fromEntries(keys.map((k) => [k, input[k] ?? (k === "primaryIssues" || k === "preferredSources" ? [] : null)]));
}

/** Writes the given profile fields (keys left out stay as they are, as PATCH means) and logs it. */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges, ipAddress?: string | null) {
  const data = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ProfileChanges;
  return db.$transaction(async (tx) => {
    const user = await tx.user.update({
      where: { id: userId },
      data: {
        ...data,
        primaryIssues: data.primaryIssues ?? undefined,
        preferredSources: data.preferredSources ?? undefined,
        ...(await homeDistrictAfterZipChange(tx, userId, data.zipCode)),
      },
      select: PROFILE_FIELDS,
    });
    await logActivity(tx, { userId, action: "profile_updated", details: Object.keys(data).join(", "), ipAddress });
    return user;
  });
}

/** Starts a password reset: a one-hour token for an existing account, or null (the caller never says which). */
export async function startPasswordReset(db: Db, email: string) {
  const user = await db.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, email: true, firstName: true, isActive: true },
  });
  if (!user || !user.isActive) return null;
  // Per account: at most 3 links an hour, so the form cannot be used to flood a mailbox.
  const recent = await db.verification.count({
    where: { target: user.email, type: "reset-password", createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } },
  });
  if (recent >= 3) return null;
  const token = await createVerification(db, { type: "reset-password", target: user.email, userId: user.id });
  return { user, token };
}

/** Sets the new password from a reset token, signs the account out everywhere, and confirms the
 * email (following the link proved it). Returns false for an unusable token. */
export async function resetPassword(db: Db, token: string, password: string, ipAddress?: string | null) {
  const hash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const verification = await consumeVerification(tx, "reset-password", token);
    if (!verification) return false;
    const userId = verification.userId;
    const now = new Date();
    await tx.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { emailConfirmed: true } });
    await tx.user.update({
      where: { id: userId },
      data: { lastPasswordChange: now, ...(user.emailConfirmed ? {} : { emailConfirmed: true, emailConfirmedAt: now }) },
    });
    await tx.session.deleteMany({ where: { userId } });
    await logActivity(tx, { userId, action: "password_changed", details: "reset by email link", ipAddress });
    return true;
  });
}

const SSO_LINK_REFUSED =
  "An account with this email already exists, and the provider did not confirm the email address. Please sign in with your password.";

/**
 * Finds or creates the account for a single sign-on profile: by the provider link first; else an
 * account with the same email, linked only when the provider reports the email verified; else a
 * new account (authMethod SSO). Throws a 401 Refusal when the account is inactive or the
 * provider did not verify an email that already has an account.
 */
export async function findOrCreateSsoUser(
  db: Db,
  providerName: string,
  profile: {
    providerId: string;
    email: string;
    emailVerified: boolean;
    firstName: string | null;
    lastName: string | null;
    imageUrl: string | null;
  },
  ipAddress?: string | null,
) {
  return db.$transaction(async (tx) => {
    const linked = await tx.connection.findUnique({
      where: { providerName_providerId: { providerName, providerId: profile.providerId } },
      select: { user: { select: { id: true, isActive: true } } },
    });
    let user = linked?.user ?? null;
    if (!user) {
      const existing = await tx.user.findUnique({ where: { email: profile.email }, select: { id: true, isActive: true } });
      if (existing && !profile.emailVerified) throw new Refusal(SSO_LINK_REFUSED, 401);
      user =
        existing ??
        (await tx.user.create({
          data: {
            email: profile.email,
            firstName: profile.firstName,
            lastName: profile.lastName,
            profileImageUrl: profile.imageUrl,
            authMethod: "sso",
            emailConfirmed: profile.emailVerified,
            emailConfirmedAt: profile.emailVerified ? new Date() : null,
          },
          select: { id: true, isActive: true },
        }));
      if (!existing) await logActivity(tx, { userId: user.id, action: "registration", details: `via ${providerName}`, ipAddress });
      await tx.connection.create({ data: { providerName, providerId: profile.providerId, userId: user.id } });
    }
    if (!user.isActive) throw signInRefusal("inactive");
    return { id: user.id };
  });
}
