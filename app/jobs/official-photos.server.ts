// The photo step of congress_import: each active official's portrait is fetched once (again only
// when its source address changes), cut to squares 120 and 240 px wide as WebP and JPEG, and
// stored in the database, so the site serves them from its own origin. Members of Congress come
// from the congress photo collection by bioguide id, governors from their data's image address.
// A portrait that cannot be fetched or read is logged and skipped; the initials show instead.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { fetchBytes } from "~/jobs/http.server";
import type { JobContext } from "~/jobs/job";
import { PHOTO_WIDTHS, photoSources, savePhoto, type PhotoVariants } from "~/models/official-photos.server";

const MAX_PHOTO_BYTES = 5_000_000;
const PARALLEL_FETCHES = 4;

/** The name of a stored picture in its addresses: the first 16 hex digits of the SHA-256 of the fetched bytes. */
export const photoHash = (original: Buffer) => createHash("sha256").update(original).digest("hex").slice(0, 16);

/** The square sizes the site shows, from any portrait: cropped from the top, where the face is. */
export async function photoVariants(original: Buffer): Promise<PhotoVariants> {
  const variants = {} as PhotoVariants;
  for (const width of PHOTO_WIDTHS) {
    const square = sharp(original, { failOn: "error" }).rotate().resize(width, width, { fit: "cover", position: "top" });
    variants[`webp${width}`] = new Uint8Array(await square.clone().webp({ quality: 80 }).toBuffer());
    variants[`jpeg${width}`] = new Uint8Array(await square.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer());
  }
  return variants;
}

export async function importPhotos(ctx: JobContext) {
  const { db, fetch, signal, sources, step, log } = ctx;
  const base = sources.congressPhotos.replace(/\/$/, "");
  const officials = await photoSources(db);
  const wanted = officials
    .map((o) => ({ ...o, sourceUrl: o.bioguideId ? `${base}/${o.bioguideId}.jpg` : o.photoUrl }))
    .filter((o): o is typeof o & { sourceUrl: string } => Boolean(o.sourceUrl) && o.photo?.sourceUrl !== o.sourceUrl);
  const counts = { stored: 0, unchanged: officials.length - wanted.length, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const official = wanted[next++];
      try {
        const answer = await fetchBytes(fetch, official.sourceUrl, signal, { maxBytes: MAX_PHOTO_BYTES, accept: "image/*" });
        if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
        const variants = await photoVariants(answer.bytes);
        const hash = photoHash(answer.bytes);
        await step();
        await savePhoto(db, official.id, { sourceUrl: official.sourceUrl, hash, fetchedAt: ctx.now(), variants });
        counts.stored++;
      } catch (error) {
        signal.throwIfAborted();
        counts.failed++;
        log(`Photo of ${official.name} not stored: ${error instanceof Error ? error.message : String(error)}`);
      }
      ctx.progress({ completed: counts.stored + counts.failed, total: wanted.length, currentItem: `Photos: ${official.name}` });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  return counts;
}
