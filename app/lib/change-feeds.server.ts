// The Atom feeds of the change history (decision 0023): one builder for the three feeds, and an
// answer with ETag and Last-Modified so a feed reader's conditional GET is a 304.
import { createHash } from "node:crypto";
import { env } from "~/env.server";
import { atomFeed, changeEntryId, type AtomEntry } from "~/lib/change-history";
import type { ChangeEntry } from "~/models/change-history.server";

/** The site's address for absolute links in feeds: APP_URL when set, else the request's own origin. */
export const siteOrigin = (request: Request) => (env().APP_URL ?? new URL(request.url).origin).replace(/\/$/, "");

const shown = (value: string | null) => value ?? "(empty)";

/** One change as a feed entry; `subject` names the official or state when the feed covers many. */
export function changeEntry(entry: ChangeEntry, link: string, subject?: string): AtomEntry {
  const what = subject ? `${subject}: ${entry.label}` : entry.label;
  return {
    id: changeEntryId(entry.id),
    title: `${what} changed`,
    updated: entry.changedAt,
    link,
    summary: `${entry.label}: ${shown(entry.oldValue)} → ${shown(entry.newValue)}. Source: ${entry.source.label}${entry.source.url ? ` (${entry.source.url})` : ""}.`,
    author: entry.source.label,
  };
}

/** A fixed moment for a feed with no entry, so an empty feed's body (and ETag) never changes. */
const NO_CHANGES = "2026-01-01T00:00:00.000Z";

export function atomResponse(
  request: Request,
  feed: { id: string; title: string; selfPath: string; pagePath: string; entries: AtomEntry[] },
): Response {
  const origin = siteOrigin(request);
  const updated = feed.entries[0]?.updated ?? NO_CHANGES;
  const xml = atomFeed({
    id: feed.id,
    title: feed.title,
    selfUrl: origin + feed.selfPath,
    pageUrl: origin + feed.pagePath,
    updated,
    entries: feed.entries,
  });
  const etag = `"${createHash("sha1").update(xml).digest("base64url")}"`;
  const lastModified = new Date(updated);
  lastModified.setUTCMilliseconds(0);
  const headers = {
    "Content-Type": "application/atom+xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    ETag: etag,
    "Last-Modified": lastModified.toUTCString(),
  };
  // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2).
  const match = request.headers.get("If-None-Match");
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  const unchanged = match
    ? match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")
    : !Number.isNaN(since) && since >= lastModified.getTime();
  if (unchanged) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers });
}
