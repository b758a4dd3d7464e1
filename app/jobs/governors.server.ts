// The governors step of congress_import: finds each state's openstates/people executive files
// through the GitHub contents API (raw file hosts cannot list a folder), downloads and parses them
// (YAML, outside any transaction) and keeps the people who hold a governorship today.
import { parse } from "yaml";
import { fetchJson, fetchText } from "~/jobs/http.server";
import type { JobContext } from "~/jobs/job";
import { governorFromOpenstates, type GovernorSource, type OpenstatesPerson } from "~/lib/governors-source";

type ListingEntry = { name: string; type: string; download_url: string | null };

/** Requests in flight at once: a few, to be polite to the source. */
const CONCURRENCY = 4;

async function inPool<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

/** The current governors of `states` (USPS codes) in the openstates/people data at `base` (…/contents/data). */
export async function fetchGovernors(
  { fetch, signal, sources, log }: Pick<JobContext, "fetch" | "signal" | "sources" | "log">,
  states: string[],
  today: string,
) {
  const base = sources.openstatesPeople.replace(/\/$/, "");
  const listings = await inPool(states, async (state) => {
    const url = `${base}/${state.toLowerCase()}/executive`;
    const authorization = sources.githubToken ? `Bearer ${sources.githubToken}` : undefined;
    const listing = await fetchJson<unknown>(fetch, url, signal, { authorization });
    if (!Array.isArray(listing)) throw new Error(`${url}: not a folder listing`);
    return (listing as ListingEntry[]).filter((e) => e.type === "file" && e.name.endsWith(".yml") && e.download_url);
  });
  const files = listings.flat();
  const people = await inPool(files, async (file) => {
    const answer = await fetchText(fetch, file.download_url!, signal, { accept: "text/yaml, text/plain" });
    if (!answer.ok) throw new Error(`${file.download_url}: HTTP ${answer.status}`);
    let person: OpenstatesPerson;
    try {
      person = parse(answer.text) as OpenstatesPerson;
    } catch {
      throw new Error(`${file.download_url}: the answer is not valid YAML`);
    }
    if (!person || typeof person.id !== "string" || typeof person.name !== "string") {
      throw new Error(`${file.download_url}: not an openstates person file`);
    }
    return governorFromOpenstates(person, file.download_url!, today);
  });
  const governors = people.filter((g): g is GovernorSource => g !== null && states.includes(g.state));
  // Two current governors of one state (a file not yet updated): the later term is the governor.
  const byState = new Map<string, GovernorSource>();
  for (const g of governors) {
    const other = byState.get(g.state);
    if (!other || other.termStart < g.termStart) byState.set(g.state, g);
  }
  const missing = states.filter((s) => !byState.has(s));
  if (missing.length) log(`Governors: no current governor in the source for ${missing.join(", ")} (kept as they are)`);
  return { governors: [...byState.values()], files: files.length };
}
