// Single sign-on users' pictures kept in the database (decision 0026): what the SSO callback
// stores, and what /avatars/{hash}-{width}.{format} serves to the picture's owner and to staff.
import type { Db } from "~/db.server";
import type { PhotoFormat, PhotoWidth } from "~/lib/photos";
import { variantColumn, type PhotoVariants } from "~/models/official-photos.server";

/** The provider address the user's stored picture came from, or null when none is stored. */
export async function avatarSource(db: Db, userId: string) {
  const row = await db.userAvatar.findUnique({ where: { userId }, select: { sourceUrl: true } });
  return row?.sourceUrl ?? null;
}

/** Stores (or replaces) one user's picture: one upsert, so a reader sees the old sizes or all four new ones. */
export function saveAvatar(db: Db, userId: string, avatar: { sourceUrl: string; hash: string; fetchedAt: Date; variants: PhotoVariants }) {
  const data = { sourceUrl: avatar.sourceUrl, hash: avatar.hash, fetchedAt: avatar.fetchedAt, ...avatar.variants };
  return db.userAvatar.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}

/**
 * The bytes of one stored size and format, or null. `viewer.anyUser` false: only the viewer's own
 * picture has an address (two people may have the same picture, hence the same hash).
 */
export async function avatarBytes(
  db: Db,
  hash: string,
  width: PhotoWidth,
  format: PhotoFormat,
  viewer: { userId: string; anyUser: boolean },
): Promise<Uint8Array<ArrayBuffer> | null> {
  const column = variantColumn(width, format);
  const row = await db.userAvatar.findFirst({
    where: { hash, ...(viewer.anyUser ? {} : { userId: viewer.userId }) },
    select: { [column]: true },
  });
  return (row as Record<string, Uint8Array<ArrayBuffer>> | null)?.[column] ?? null;
}

/** The hash of the user's stored picture (its address), or null. */
export async function avatarHashOf(db: Db, userId: string) {
  const row = await db.userAvatar.findUnique({ where: { userId }, select: { hash: true } });
  return row?.hash ?? null;
}
