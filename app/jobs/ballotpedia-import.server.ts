// The Ballotpedia import: builds each active official's Ballotpedia URL from
// the stored slug (or the name: "Kay Ivey" is Kay_Ivey), asks for it through the polite fetcher
// (robots.txt honoured, at most one request a second, redirects followed), and stores the page's
// own slug with the date it was verified. A page that is missing or cannot be read is an item
// failure (listed in the results' details, folded in the log, and the run ends "completed with
// errors"); the stored slug is then left as it is.
import { load } from "cheerio";
import type { JobContext, JobOutcome } from "~/jobs/job";
import { fetchProblem } from "~/jobs/http.server";
import { politeFetcher, type PoliteOptions } from "~/jobs/polite-fetch.server";
import { officialsForBallotpedia, storeVerifiedBallotpediaSlug } from "~/models/crawls.server";

export type BallotpediaFailure = { officialId: number; name: string; url: string; reason: string };

/** Ballotpedia's page title for a name: words joined by underscores. */
export const slugFromName = (name: string) => name.trim().replace(/\s+/g, "_");

/**
 * The slug of the page that answered: its canonical link when it names one (a MediaWiki redirect
 * keeps the asked-for address but names the target), else the last part of the final address.
 */
export function verifiedSlug(finalUrl: string, html: string) {
  const canonical = load(html)('link[rel="canonical"]').attr("href");
  const lastPart = (url: string) => {
    try {
      return decodeURIComponent(new URL(url, finalUrl).pathname.split("/").filter(Boolean).pop() ?? "");
    } catch {
      return "";
    }
  };
  return (canonical && lastPart(canonical)) || lastPart(finalUrl);
}

export async function ballotpediaImport(ctx: JobContext, options: PoliteOptions = {}): Promise<JobOutcome> {
  const { db, signal, step, progress, log, now } = ctx;
  const base = ctx.sources.ballotpedia.replace(/\/+$/, "");
  const officials = await officialsForBallotpedia(db);
  const polite = politeFetcher(ctx.fetch, signal, { timeoutMs: 15_000, maxBytes: 5_000_000, ...options });
  log(`${officials.length} officials to verify on ${base}`);
  const lookups = { failed: "Ballotpedia lookups failed", of: officials.length };

  let verified = 0;
  let updated = 0;
  const failures: BallotpediaFailure[] = [];
  for (const [i, official] of officials.entries()) {
    await step();
    progress({ completed: i, total: officials.length, currentItem: official.name });
    const url = `${base}/${encodeURIComponent(official.ballotpediaSlug?.trim() || slugFromName(official.name))}`;
    let reason: string;
    try {
      const answer = await polite.get(url);
      if (!answer.allowed) reason = answer.reason;
      else if (answer.status === 404) reason = `${url}: HTTP 404, no Ballotpedia page by this name`;
      else if (!answer.ok) reason = fetchProblem(answer.url, { status: answer.status });
      else {
        const slug = verifiedSlug(answer.url, answer.text);
        const changed = await storeVerifiedBallotpediaSlug(db, official.id, slug, now(), {
          sourceUrl: answer.url,
          executionId: ctx.executionId,
        });
        if (changed) {
          updated++;
          log(`${official.name}: slug ${official.ballotpediaSlug ?? "(none)"} is now ${slug}`);
        }
        verified++;
        continue;
      }
    } catch (error) {
      signal.throwIfAborted();
      reason = error instanceof Error ? error.message : String(error);
    }
    failures.push({ officialId: official.id, name: official.name, url, reason });
    ctx.itemFailed(lookups, `${official.name}: ${reason}`);
  }
  progress({ completed: officials.length, total: officials.length, currentItem: null });
  log(`${verified} verified, ${updated} slugs changed, ${failures.length} failed`);
  return { results: { processed: officials.length, updated, verified, failed: failures.length, details: failures } };
}
