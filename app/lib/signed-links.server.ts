// Signatures for links sent by email (unsubscribe links): an HMAC of what the link names under the
// session secret, so a link for one person cannot be made for another.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

export const sign = (payload: string) => createHmac("sha256", env().SESSION_SECRET).update(payload).digest("base64url");

export function signatureMatches(payload: string, token: string) {
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
