// The contact crawl: visits each active official's website, and its
// contact page when the home page links one, through the polite fetcher (robots.txt, one request
// per site a second, time and size limits), reads the contacts with cheerio, and files what
// differs from the live values as pending data updates of type crawler for an administrator to
// review. A live value is never overwritten here. A site that fails is an item failure: recorded
// in the results, folded in the log, and the run goes on (ending "completed with errors"). A
// website, redirect or contact link on an internal address is one: "refused: internal address"
// (the outbound guard, decision 0031), and nothing is asked there.
import type { CrawlerField } from "~/jobs/definitions";
import { fetchProblem } from "~/jobs/http.server";
import type { JobContext, JobOutcome } from "~/jobs/job";
import { politeFetcher, type PoliteFetcher, type PoliteOptions } from "~/jobs/polite-fetch.server";
import { extractContacts, type ContactColumn, type PageContacts } from "~/lib/contact-extract";
import { crawlerConfig } from "~/models/jobs.server";
import { fileCrawlerSuggestions, officialsToCrawl } from "~/models/crawls.server";

/** The configurable fields (crawlerConfig's fields_to_check) the crawler can read from a site. */
const COLUMN_OF: Partial<Record<CrawlerField, ContactColumn>> = {
  email: "email",
  phone: "phone",
  officeAddress: "officeAddress",
  xProfileUrl: "xProfileUrl",
};
/** Collected on every run: the spec names them among what the crawler collects but gives them no checkbox. */
const ALWAYS_CHECKED: readonly ContactColumn[] = ["contactFormUrl", "facebookUrl", "instagramUrl", "youtubeUrl"];

const PAGE_LIMITS = { timeoutMs: 10_000, maxBytes: 3_000_000 };

export type CrawlFailure = { officialId: number; name: string; website: string; reason: string };

export async function contactCrawl(ctx: JobContext, options: PoliteOptions = {}): Promise<JobOutcome> {
  const { db, signal, step, progress, log, now } = ctx;
  const { fields_to_check } = await crawlerConfig(db);
  const columns = [...new Set([...fields_to_check.flatMap((f) => COLUMN_OF[f] ?? []), ...ALWAYS_CHECKED])];
  const officials = await officialsToCrawl(db);
  const polite = politeFetcher(ctx.fetch, signal, { ...PAGE_LIMITS, ...options });
  log(`${officials.length} officials with a website; checking ${columns.join(", ")}`);
  const sites = { failed: "sites could not be crawled", of: officials.length };

  let successful = 0;
  let updated = 0;
  let contactsCollected = 0;
  const failures: CrawlFailure[] = [];
  for (const [i, official] of officials.entries()) {
    await step();
    progress({ completed: i, total: officials.length, currentItem: official.name });
    let pages: { url: string; found: PageContacts }[];
    try {
      pages = await crawlSite(polite, official.website!, signal, log);
    } catch (error) {
      signal.throwIfAborted();
      const reason = error instanceof Error ? error.message : String(error);
      failures.push({ officialId: official.id, name: official.name, website: official.website!, reason });
      ctx.itemFailed(sites, `${official.name}: ${reason}`);
      continue;
    }
    const found = Object.fromEntries(columns.map((column) => [column, valuesOf(pages, column)])) as Record<ContactColumn, string[]>;
    contactsCollected += columns.filter((column) => found[column].length).length;
    const filed = await fileCrawlerSuggestions(db, official.id, found, {
      crawledAt: now(),
      notes: `Found by the contact crawler on ${pages.map((p) => p.url).join(" and ")}`,
      sourceUrl: pages[0]?.url,
      executionId: ctx.executionId,
    });
    successful++;
    updated += filed;
    if (filed) log(`${official.name}: ${filed} suggestion${filed === 1 ? "" : "s"} filed for review`);
  }
  progress({ completed: officials.length, total: officials.length, currentItem: null });
  log(`${successful} sites crawled, ${failures.length} failed, ${updated} suggestions filed`);
  return {
    results: {
      processed: officials.length,
      updated,
      successful,
      failed: failures.length,
      contactsCollected,
      requests: polite.requests(),
      details: failures,
    },
  };
}

/** The home page, and the first contact page it links to (a failure there only costs that page). */
async function crawlSite(polite: PoliteFetcher, website: string, signal: AbortSignal, log: (line: string) => void) {
  let start: string;
  try {
    start = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).href;
  } catch {
    throw new Error(`${website}: not a valid web address`);
  }
  const home = await polite.get(start);
  if (!home.allowed) throw new Error(home.reason);
  if (!home.ok) throw new Error(fetchProblem(home.url, { status: home.status }));
  const pages = [{ url: home.url, found: extractContacts(home.text, home.url) }];
  const next = pages[0].found.contactLinks.find((link) => link !== home.url);
  if (next) {
    try {
      const contact = await polite.get(next);
      if (!contact.allowed) log(`Contact page not read: ${contact.reason}`);
      else if (!contact.ok) log(`Contact page not read: ${fetchProblem(contact.url, { status: contact.status })}`);
      else pages.push({ url: contact.url, found: extractContacts(contact.text, contact.url) });
    } catch (error) {
      signal.throwIfAborted();
      log(`Contact page not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return pages;
}

/** A column's values over the pages, home page first; for the contact form, the contact page first (it is the form or links it). */
function valuesOf(pages: { found: PageContacts }[], column: ContactColumn) {
  const ordered = column === "contactFormUrl" ? [...pages].reverse() : pages;
  return [...new Set(ordered.flatMap((p) => p.found[column]))];
}
