// One password sign-in flow for the form and the JSON call: the throttle, the check, the record
// of it, and a new session (a new id at every sign-in).
//
// The throttle never locks an account against its owner (OWASP authentication guidance):
// - failures are counted per account and address together: an address that fails 5 times on an
//   account waits out the 15-minute window, on that account only;
// - per account, from any address, a growing delay: from the 3rd failure in the window each
//   attempt waits after the newest failure, 1 second doubling with each further failure, at most
//   5 minutes. Refused attempts are not failures, so hammering does not lengthen the delay.
// The per-address limit on all account forms is in app/server/limits.server.ts.
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { Refusal } from "~/lib/refusal";
import { failedSignInsSince, logActivity, recordSignIn, type FailedSignIns } from "~/models/users.server";

export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perAddress: 5,
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60 * 1000,
};

/** How long the account waits after its newest failure, given its failures in the window. */
export function accountDelayMs(failures: number): number {
  const t = SIGN_IN_THROTTLE;
  if (failures < t.freeFailures) return 0;
  return Math.min(t.firstDelayMs * 2 ** (failures - t.freeFailures), t.maxDelayMs);
}

/** When this address may next try this account, and why; null when it may try now. */
export function signInRefusedUntil(failures: FailedSignIns, now: Date): { until: Date; reason: "address" | "account" } | null {
  const t = SIGN_IN_THROTTLE;
  if (failures.fromAddress.length >= t.perAddress) {
    // The address may try again once its oldest counted failure leaves the window.
    const until = new Date(failures.fromAddress[t.perAddress - 1].getTime() + t.windowMs);
    if (until > now) return { until, reason: "address" };
  }
  if (failures.newest) {
    const until = new Date(failures.newest.getTime() + accountDelayMs(failures.count));
    if (until > now) return { until, reason: "account" };
  }
  return null;
}

const duration = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
};

export function tooManyAttemptsMessage(reason: "address" | "account", waitMs: number) {
  const who = reason === "address" ? "for this account from your network" : "for this account";
  return `Too many failed sign-in attempts ${who}. Please try again in ${duration(waitMs)}.`;
}

export type SignInOutcome =
  | { ok: true; cookie: string; userId: string }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export async function signInWithPassword(
  email: string,
  verify: () => Promise<{ id: string }>,
  meta: { ipAddress?: string | null; userAgent?: string | null },
): Promise<SignInOutcome> {
  const now = new Date();
  const since = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  const failures = await failedSignInsSince(db, email, meta.ipAddress, since, SIGN_IN_THROTTLE.perAddress);
  const refused = signInRefusedUntil(failures, now);
  if (refused) {
    const waitMs = refused.until.getTime() - now.getTime();
    return { ok: false, status: 429, message: tooManyAttemptsMessage(refused.reason, waitMs), retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  try {
    const user = await verify();
    await recordSignIn(db, user.id, meta.ipAddress);
    const { cookie } = await createSession(user.id, { ipAddress: meta.ipAddress ?? undefined, userAgent: meta.userAgent ?? undefined });
    return { ok: true, cookie, userId: user.id };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await logActivity(db, { action: "sign_in_failed", details: email.toLowerCase(), ipAddress: meta.ipAddress });
    return { ok: false, status: 401, message: error.message };
  }
}

/** The Retry-After header for a refused attempt. */
export const retryAfterHeaders = (outcome: SignInOutcome): Record<string, string> =>
  !outcome.ok && outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
