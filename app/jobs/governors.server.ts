// The governors step of congress_import: finds each state's openstates/people executive files
// through the GitHub contents API (raw file hosts cannot list a folder), downloads and parses them
// (YAML, outside any transaction): every governorship they record, past, present or to come.
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

/**
 * Every governorship of `states` (USPS codes) in the openstates/people data at `base` (…/contents/data):
 * each person file's latest begun governor role, or their first one to come (governorFromOpenstates).
 * Which hold the office at `at` is governorsAt's question.
 */
export async function fetchGovernors(
  { fetch, signal, sources }: Pick<JobContext, "fetch" | "signal" | "sources">,
  states: string[],
  at: Date,
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
    return governorFromOpenstates(person, file.download_url!, at);
  });
  return { governors: people.filter((g): g is GovernorSource => g !== null && states.includes(g.state)), files: files.length };
}
