// The SSO callback's picture step (decision 0026): the provider's picture of the person is fetched
// once (again only when its address changes), cut like officials' photos and stored, so pages show
// it from our own origin. Any failure is logged and the initial stays: sign-in never fails for it.
// The address is the provider's answer, so it goes through the outbound guard like the jobs'
// requests (fetchBytes; decision 0031): a picture on an internal address is refused.
import type { Db } from "~/db.server";
import { fetchBytes } from "~/jobs/http.server";
import { photoHash, photoVariants } from "~/jobs/official-photos.server";
import { avatarSource, saveAvatar } from "~/models/user-avatars.server";

const AVATAR_TIMEOUT_MS = 5_000;
const MAX_AVATAR_BYTES = 5_000_000;

/**
 * Stores the picture at `imageUrl` (the provider's, never the address staff may edit) as the user's
 * avatar. No address: whatever is stored stays. Resolves in every case, after at most the timeout.
 */
export async function storeSsoAvatar(
  db: Db,
  userId: string,
  imageUrl: string | null,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
) {
  if (!imageUrl) return;
  try {
    const url = new URL(imageUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`${url.protocol} addresses are not fetched`);
    if ((await avatarSource(db, userId)) === url.href) return;
    const answer = await fetchBytes(fetchImpl, url.href, signal, {
      timeoutMs: AVATAR_TIMEOUT_MS,
      maxBytes: MAX_AVATAR_BYTES,
      accept: "image/*",
    });
    if (!answer.ok) throw new Error(`${url.href}: HTTP ${answer.status}`);
    const variants = await photoVariants(answer.bytes);
    await saveAvatar(db, userId, { sourceUrl: url.href, hash: photoHash(answer.bytes), fetchedAt: new Date(), variants });
  } catch (error) {
    console.error(`The SSO picture of user ${userId} was not stored: ${error instanceof Error ? error.message : String(error)}`);
  }
}
