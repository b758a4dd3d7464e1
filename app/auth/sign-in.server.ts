// One password sign-in flow for the form and the JSON call: the per-account limit, the check,
// the record of it, and a new session (a new id at every sign-in).
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { SignInError, logActivity, recentFailedSignIns, recordSignIn } from "~/models/users.server";

export const ACCOUNT_SIGN_IN_LIMIT = { attempts: 5, windowMs: 15 * 60 * 1000 };
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.";

export type SignInOutcome = { ok: true; cookie: string; userId: string } | { ok: false; status: 401 | 429; message: string };

export async function signInWithPassword(
  email: string,
  verify: () => Promise<{ id: string }>,
  meta: { ipAddress?: string | null; userAgent?: string | null },
): Promise<SignInOutcome> {
  if ((await recentFailedSignIns(db, email, ACCOUNT_SIGN_IN_LIMIT.windowMs)) >= ACCOUNT_SIGN_IN_LIMIT.attempts) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  try {
    const user = await verify();
    await recordSignIn(db, user.id, meta.ipAddress);
    const { cookie } = await createSession(user.id, { ipAddress: meta.ipAddress ?? undefined, userAgent: meta.userAgent ?? undefined });
    return { ok: true, cookie, userId: user.id };
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    await logActivity(db, { action: "sign_in_failed", details: email.toLowerCase(), ipAddress: meta.ipAddress });
    return { ok: false, status: 401, message: error.message };
  }
}
