// The account emails: what they say and where their links lead.
import type { RegisterInput } from "~/auth/account-schemas";
import { db, type Db, type Tx } from "~/db.server";
import { composeEmail, sendEmail } from "~/email.server";
import { env } from "~/env.server";
import type { NewUserInput } from "~/lib/admin-users";
import { Refusal } from "~/lib/refusal";
import { createUserByStaff, type Actor } from "~/models/admin-users.server";
import { logActivity, registerUser, startPasswordReset } from "~/models/users.server";
import { createVerification, SET_PASSWORD_TTL_MS } from "~/models/verifications.server";

const resetPasswordUrl = (token: string) => `${env().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;

/** Registers an account and emails its confirmation link. A mail failure is logged, not undone:
 * the account is saved and staff can resend the link. Throws a 409 Refusal when the email has an account. */
export async function registerAccount(input: RegisterInput, ipAddress?: string | null) {
  const { user, token } = await registerUser(db, input, ipAddress);
  await sendConfirmationEmail(user, token).catch((error) => console.error(`Confirmation email to ${user.email} failed`, error));
  return user;
}

export function sendConfirmationEmail(user: { email: string; firstName: string | null }, token: string) {
  const link = `${env().APP_URL}/confirm-email?token=${encodeURIComponent(token)}`;
  return sendEmail(
    composeEmail(user.email, "Confirm your Civic Atlas account", [
      `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
      "Thank you for creating a Civic Atlas account. Please confirm your email address by opening this link within 24 hours:",
      link,
      "If you did not create this account, you can ignore this email.",
    ]),
  );
}

/** Emails a reset link when the address has an account; does nothing otherwise. The caller's
 * answer is the same either way, and the send is not awaited, so timing does not tell either. */
export async function requestPasswordReset(email: string) {
  const reset = await startPasswordReset(db, email);
  if (!reset) return;
  const link = resetPasswordUrl(reset.token);
  void sendEmail(
    composeEmail(reset.user.email, "Reset your Civic Atlas password", [
      `Hello${reset.user.firstName ? ` ${reset.user.firstName}` : ""},`,
      "Someone asked to reset the password of your Civic Atlas account. To choose a new password, open this link within one hour:",
      link,
      "If it was not you, ignore this email: your password stays as it is.",
    ]),
  ).catch((error) => console.error(`Reset email to ${reset.user.email} failed`, error));
}

/** Add User: creates the account, then emails the set-password link. A mail failure
 * keeps the account (the user can still use Forgot password?) and is reported back. */
export async function addUser(actor: Actor, input: NewUserInput) {
  const { user, token } = await createUserByStaff(db, actor, input);
  const emailSent = await sendSetPasswordEmail(user, resetPasswordUrl(token)).then(
    () => true,
    (error) => {
      console.error(`Invitation email to ${user.email} failed`, error);
      return false;
    },
  );
  return { user, emailSent };
}

/** At most 3 confirmation links an hour per account, whoever asks for them. */
const CONFIRMATIONS_PER_HOUR = 3;
const confirmationsInLastHour = (userId: string) =>
  db.verification.count({ where: { userId, type: "confirm-email", createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } } });

/** Staff resend of the confirmation link: a fresh 24-hour token; at most 3 an hour per account. */
export async function resendConfirmation(userId: string, actorId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, emailConfirmed: true },
  });
  if (!user) return null;
  if (user.emailConfirmed) throw new Refusal("This email address is already confirmed.", 409);
  if ((await confirmationsInLastHour(userId)) >= CONFIRMATIONS_PER_HOUR)
    throw new Refusal("Three confirmation emails were sent to this account in the last hour. Please wait before sending another.", 409);
  const token = await createVerification(db, { type: "confirm-email", target: user.email, userId: user.id });
  await sendConfirmationEmail(user, token);
  await logActivity(db, { userId: user.id, actorId, action: "confirmation_resent", details: "Confirmation email sent again" });
  return user;
}

/**
 * Sign-in's "Send the link again": a fresh confirmation link when the address has an unconfirmed
 * password account that got fewer than 3 links in the last hour; nothing otherwise. The caller's
 * answer is the same either way, and the send is not awaited, so timing does not tell either.
 */
export async function requestConfirmationResend(email: string) {
  const user = await db.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, email: true, firstName: true, emailConfirmed: true, isActive: true, authMethod: true },
  });
  if (!user || user.emailConfirmed || !user.isActive || user.authMethod !== "password") return;
  if ((await confirmationsInLastHour(user.id)) >= CONFIRMATIONS_PER_HOUR) return;
  const token = await createVerification(db, { type: "confirm-email", target: user.email, userId: user.id });
  await logActivity(db, { userId: user.id, action: "confirmation_resent", details: "Confirmation email sent again from the sign-in page" });
  void sendConfirmationEmail(user, token).catch((error) => console.error(`Confirmation email to ${user.email} failed`, error));
}

/**
 * A link where someone whose account staff created (a converted lead, an added user) chooses a
 * password: the password-reset page with a reset token valid 7 days. Following it also confirms the email.
 */
export async function createSetPasswordLink(database: Db | Tx, user: { id: string; email: string }) {
  const token = await createVerification(database, {
    type: "reset-password",
    target: user.email,
    userId: user.id,
    expiresInMs: SET_PASSWORD_TTL_MS,
  });
  return resetPasswordUrl(token);
}

/** Tells someone that staff created an account for them (Add User, a converted lead): a link to set a
 * password (single use, 7 days) that also confirms the address. */
export function sendSetPasswordEmail(user: { email: string; firstName: string | null }, link: string) {
  return sendEmail(
    composeEmail(user.email, "Your Civic Atlas account: set your password", [
      `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
      "A Civic Atlas account has been created for you with this email address. To choose your password and confirm the address, open this link within 7 days:",
      link,
      "The link works once. If it has expired, use Forgot password? on the sign-in page. If you did not expect this email, you can ignore it.",
    ]),
  );
}
