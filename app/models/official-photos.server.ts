// Officials' portraits kept in the database (decision 0020): what the photo step fetches and
// stores, and what /photos/{hash}-{width}.{format} serves.
import type { Db } from "~/db.server";

import { PHOTO_WIDTHS, type PhotoFormat, type PhotoWidth } from "~/lib/photos";

export { PHOTO_WIDTHS };
export type PhotoVariants = Record<`webp${PhotoWidth}` | `jpeg${PhotoWidth}`, Uint8Array<ArrayBuffer>>;

/** Every active official, where their portrait comes from, and where the stored one came from. */
export const photoSources = (db: Db) =>
  db.official.findMany({
    where: { isActive: true },
    select: { id: true, name: true, bioguideId: true, photoUrl: true, photo: { select: { sourceUrl: true } } },
    orderBy: { id: "asc" },
  });

/** Stores (or replaces) one official's portrait: one short write. */
export function savePhoto(
  db: Db,
  officialId: number,
  photo: { sourceUrl: string; hash: string; fetchedAt: Date; variants: PhotoVariants },
) {
  const data = { sourceUrl: photo.sourceUrl, hash: photo.hash, fetchedAt: photo.fetchedAt, ...photo.variants };
  return db.officialPhoto.upsert({ where: { officialId }, create: { officialId, ...data }, update: data });
}

/** The column that holds one size and format (officials' photos and users' avatars alike). */
export const variantColumn = (width: PhotoWidth, format: PhotoFormat) => `${format === "webp" ? "webp" : "jpeg"}${width}` as const;

/** The bytes of one stored size and format, or null when no photo has that hash. */
export async function photoBytes(db: Db, hash: string, width: PhotoWidth, format: PhotoFormat): Promise<Uint8Array<ArrayBuffer> | null> {
  const column = variantColumn(width, format);
  const row = await db.officialPhoto.findUnique({ where: { hash }, select: { [column]: true } });
  return (row as Record<string, Uint8Array<ArrayBuffer>> | null)?.[column] ?? null;
}
