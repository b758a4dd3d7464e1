// The photo step of congress_import: each active official's portrait is fetched once (again only
// when its source address changes), cut to squares 120 and 240 px wide as WebP and JPEG, and
// stored in the database, so the site serves them from its own origin. Members of Congress come
// from the congress photo collection by bioguide id, governors from their data's image address
// (or from GOVERNOR_PHOTOS_URL's copy of it). Only an answer sharp can decode as an image is
// stored; a portrait that cannot be fetched or read is an item failure of the run (folded in its
// log), and the photo stored before stays (else the initials show).
import { createHash } from "node:crypto";
import sharp from "sharp";
import { fetchBytes, fetchProblem } from "~/jobs/http.server";
import type { JobContext } from "~/jobs/job";
import type { JobSources } from "~/jobs/sources";
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

/**
 * Where a governor's portrait is fetched: the address in their data, or with GOVERNOR_PHOTOS_URL
 * set, {base}/{host}{path} of that address.
 */
export function governorPhotoSource(photoUrl: string, governorPhotos: JobSources["governorPhotos"]) {
  if (!governorPhotos) return photoUrl;
  try {
    const { host, pathname, search } = new URL(photoUrl);
    return `${governorPhotos.replace(/\/$/, "")}/${host}${pathname}${search}`;
  } catch {
    return photoUrl; // not an address: the fetch says so
  }
}

/** Why the bytes at a photo address are not a portrait, when sharp cannot decode them. */
function notAnImage(url: string, contentType: string) {
  const type = contentType.split(";")[0].trim() || "no content type";
  return type === "text/html"
    ? `${url}: the answer is a web page (text/html), not an image`
    : `${url}: the answer is not an image that can be read (${type})`;
}

export async function importPhotos(ctx: JobContext) {
  const { db, fetch, signal, sources, step } = ctx;
  const base = sources.congressPhotos.replace(/\/$/, "");
  const officials = await photoSources(db);
  const wanted = officials
    .map((o) => ({
      ...o,
      sourceUrl: o.bioguideId ? `${base}/${o.bioguideId}.jpg` : o.photoUrl && governorPhotoSource(o.photoUrl, sources.governorPhotos),
    }))
    .filter((o): o is typeof o & { sourceUrl: string } => Boolean(o.sourceUrl) && o.photo?.sourceUrl !== o.sourceUrl);
  const counts = { stored: 0, unchanged: officials.length - wanted.length, failed: 0 };
  const kind = { failed: "photos not available", of: wanted.length };
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const official = wanted[next++];
      try {
        const answer = await fetchBytes(fetch, official.sourceUrl, signal, { maxBytes: MAX_PHOTO_BYTES, accept: "image/*" });
        if (!answer.ok) throw new Error(fetchProblem(answer.url, { status: answer.status }));
        const variants = await photoVariants(answer.bytes).catch(() => {
          throw new Error(notAnImage(answer.url, answer.contentType));
        });
        const hash = photoHash(answer.bytes);
        await step();
        await savePhoto(db, official.id, { sourceUrl: official.sourceUrl, hash, fetchedAt: ctx.now(), variants });
        counts.stored++;
      } catch (error) {
        signal.throwIfAborted();
        counts.failed++;
        ctx.itemFailed(kind, `Photo of ${official.name} not stored: ${error instanceof Error ? error.message : String(error)}`);
      }
      ctx.progress({ completed: counts.stored + counts.failed, total: wanted.length, currentItem: `Photos: ${official.name}` });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  return counts;
}
