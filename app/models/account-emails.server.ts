// The account emails: what they say and where their links lead.
import type { RegisterInput } from "~/auth/account-schemas";
import { db } from "~/db.server";
import { composeEmail, sendEmail } from "~/email.server";
import { env } from "~/env.server";
import { registerUser } from "~/models/users.server";

/** Registers an account and emails its confirmation link. A mail failure is logged, not undone:
 * the account is saved and staff can resend the link. Throws EmailTakenError. */
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
