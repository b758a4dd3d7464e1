// Single-use, expiring tokens for email confirmation and password reset. Only a SHA-256 hash is
// stored; the token itself exists only in the email.
import { createHash, randomBytes } from "node:crypto";
import type { Db, Tx } from "~/db.server";

export type VerificationType = "confirm-email" | "reset-password";
export const VERIFICATION_TTL_MS: Record<VerificationType, number> = {
  "confirm-email": 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
};
/** A set-password link for an account staff created (a reset-password token that lives longer). */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createVerification(
  db: Db | Tx,
  { expiresInMs, ...input }: { type: VerificationType; target: string; userId: string; expiresInMs?: number },
) {
  const token = randomBytes(32).toString("base64url");
  await db.verification.create({
    data: { ...input, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + (expiresInMs ?? VERIFICATION_TTL_MS[input.type])) },
  });
  return token;
}

/** Marks the token used and returns its user id, or null if it is unknown, used or expired. */
export async function consumeVerification(db: Db | Tx, type: VerificationType, token: string): Promise<{ userId: string } | null> {
  const used = await db.verification.updateMany({
    where: { tokenHash: hashToken(token), type, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (used.count !== 1) return null;
  const row = await db.verification.findUniqueOrThrow({ where: { tokenHash: hashToken(token) }, select: { userId: true } });
  return row.userId ? { userId: row.userId } : null;
}

/** Whether a token is currently usable, without using it (for the GET page before the POST). */
export async function isVerificationUsable(db: Db, type: VerificationType, token: string) {
  const row = await db.verification.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { type: true, usedAt: true, expiresAt: true },
  });
  return Boolean(row && row.type === type && !row.usedAt && row.expiresAt > new Date());
}
