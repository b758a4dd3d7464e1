// What the crawling jobs read and write (contact_crawl, ballotpedia_import): the officials to
// visit, the contact crawler's suggestions (pending data updates of type crawler, never applied),
// and the Ballotpedia import's verified slugs. Each official's writes are one short transaction.
import type { Db } from "~/db.server";
import { contactKey, type ContactColumn } from "~/lib/contact-extract";
import { recordDataUpdate } from "~/models/data-updates.server";

export const CRAWLER_SOURCE = "Contact crawler";
export const BALLOTPEDIA_SOURCE = "Ballotpedia";

const CONTACT_SELECT = {
  id: true,
  name: true,
  website: true,
  email: true,
  phone: true,
  officeAddress: true,
  contactFormUrl: true,
  xProfileUrl: true,
  facebookUrl: true,
  instagramUrl: true,
  youtubeUrl: true,
} as const satisfies Record<ContactColumn | "id" | "name" | "website", true>;

/** Active officials with a website, in id order. */
const TO_CRAWL = { isActive: true, website: { not: null } } as const;
export const officialsToCrawl = (db: Db) => db.official.findMany({ where: TO_CRAWL, select: CONTACT_SELECT, orderBy: { id: "asc" } });
export const officialsToCrawlCount = (db: Db) => db.official.count({ where: TO_CRAWL });

/**
 * Files what the crawler found for one official as one pending data update of type crawler, and
 * records the crawl in contactUpdatedAt. A column is suggested only when none of the values found
 * is the live one (in any spelling, contactKey), and then with the first value found; a suggestion
 * already waiting for review, or already rejected for the same live value, is not filed again.
 * Returns the number of field suggestions filed.
 */
export async function fileCrawlerSuggestions(
  db: Db,
  officialId: number,
  found: Partial<Record<ContactColumn, string[]>>,
  { crawledAt, notes, sourceUrl, executionId }: { crawledAt: Date; notes: string; sourceUrl?: string; executionId?: number },
) {
  return db.$transaction(async (tx) => {
    const live = await tx.official.findUnique({ where: { id: officialId }, select: CONTACT_SELECT });
    if (!live) return 0;
    // The suggestions already waiting or rejected for this official, in one query (the write stays short).
    const known = await tx.fieldUpdate.findMany({
      where: { entityType: "official", entityId: officialId, status: { in: ["pending", "rejected"] } },
      select: { fieldName: true, oldValue: true, newValue: true },
    });
    const changes = [];
    for (const [column, values] of Object.entries(found) as [ContactColumn, string[]][]) {
      const current = live[column];
      if (!values.length || (current && values.some((v) => contactKey(column, v) === contactKey(column, current)))) continue;
      const change = { fieldName: column, oldValue: current, newValue: values[0] };
      const filed = known.some((k) => k.fieldName === column && k.oldValue === current && k.newValue === change.newValue);
      if (!filed) changes.push(change);
    }
    if (changes.length)
      await recordDataUpdate(tx, {
        entityType: "official",
        entityId: officialId,
        changes,
        updateType: "crawler",
        source: CRAWLER_SOURCE,
        sourceUrl,
        executionId,
        notes,
        submittedById: null,
        apply: null,
      });
    await tx.official.update({ where: { id: officialId }, data: { contactUpdatedAt: crawledAt } });
    return changes.length;
  });
}

/** Active officials with their Ballotpedia slug, in id order. */
export const officialsForBallotpedia = (db: Db) =>
  db.official.findMany({
    where: { isActive: true },
    select: { id: true, name: true, office: true, ballotpediaSlug: true },
    orderBy: { id: "asc" },
  });

/**
 * Stores a verified Ballotpedia slug: a changed slug goes live at once as an import's data update
 * (with its provenance); the verification date is written either way. Returns whether the slug changed.
 */
export async function storeVerifiedBallotpediaSlug(
  db: Db,
  officialId: number,
  slug: string,
  verifiedAt: Date,
  origin: { sourceUrl?: string; executionId?: number } = {},
) {
  return db.$transaction(async (tx) => {
    const live = await tx.official.findUnique({ where: { id: officialId }, select: { ballotpediaSlug: true } });
    if (!live) return false;
    const changed = live.ballotpediaSlug !== slug;
    if (changed)
      await recordDataUpdate(tx, {
        entityType: "official",
        entityId: officialId,
        changes: [{ fieldName: "ballotpediaSlug", oldValue: live.ballotpediaSlug, newValue: slug }],
        updateType: "api",
        source: BALLOTPEDIA_SOURCE,
        ...origin,
        submittedById: null,
        apply: { reviewedById: null },
      });
    await tx.official.update({ where: { id: officialId }, data: { ballotpediaVerifiedAt: verifiedAt } });
    return changed;
  });
}
