// The data jobs' outside sources as one local server of recorded files, for the end-to-end tests
// and the benchmark: congress-legislators (the shipped files), openstates governors (the GitHub
// contents listing and the files), the two recorded roll calls at their real paths (and the bill
// status file of the House one's bill at govinfo's path), a Ballotpedia
// page for every slug, official pages under /sites, and portraits (/photos by bioguide id,
// /governor-photos by the governor's image address). Official websites are separate small
// servers (startRecordedSites): their pages link root paths like /contact, so each kind of site
// needs an origin of its own.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { JobSources } from "~/jobs/sources";
import { CENSUS_PATH, censusAnswer } from "./census-geocoder";
import { startFixtureServer, type FixtureAnswer, type FixtureRoutes } from "./fixture-server";

const OPENSTATES = "tests/fixtures/openstates";
const CRAWLER = "tests/fixtures/crawler";
const VOTES = "tests/fixtures/votes";

/**
 * The recorded roll calls (tests/fixtures/votes) where the House Clerk and the Senate publish
 * them. They are of the 119th Congress's 1st session (2025): the import reads them when its walk
 * "since the last one seen" starts after House roll 239 and Senate vote 617 of 2025
 * (ROLL_CALL_STARTING_POINTS, stored as RollCall rows). The House one is on H.R. 3424, whose bill
 * status file is recorded too; the Senate one's bill (H.R. 5371) has none here (404).
 */
const ROLL_CALLS: FixtureRoutes = {
  "/evs/2025/roll240.xml": { file: `${VOTES}/house-clerk-roll240-2025.excerpt.xml` },
  "/lis/vote1191/vote_119_1_00618.xml": { file: `${VOTES}/senate-vote_119_1_00618.excerpt.xml` },
  "/govinfo/BILLSTATUS/119/hr/BILLSTATUS-119hr3424.xml": { file: "tests/fixtures/billstatus/119/BILLSTATUS-119hr3424.xml" },
};

/** The roll calls just before the recorded ones: a database holding these reads the recorded ones next. */
export const ROLL_CALL_STARTING_POINTS = [
  { voteId: "h239-119.2025", chamber: "house", number: 239, voteDate: "2025-09-08" },
  { voteId: "s617-119.2025", chamber: "senate", number: 617, voteDate: "2025-11-10" },
] as const;

/** The GitHub contents API listing of a state's executive folder, pointing back at this server. */
function openstatesListing(pathname: string, base: () => string): FixtureAnswer | undefined {
  const state = pathname.match(/^\/os\/contents\/([a-z]{2})\/executive$/)?.[1];
  const folder = state && path.join(OPENSTATES, state, "executive");
  if (!folder || !existsSync(folder)) return undefined;
  const files = readdirSync(folder).filter((f) => f.endsWith(".yml"));
  return {
    type: "application/json",
    body: JSON.stringify(
      files.map((name) => ({
        name,
        path: `data/${state}/executive/${name}`,
        type: "file",
        download_url: `${base()}/os/raw/${state}/executive/${name}`,
      })),
    ),
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * /bp/{slug}: the recorded Ballotpedia profile page as the page of that slug (its title, heading
 * and canonical link name the slug asked for, as a real page names itself), so every official's
 * page exists and verifies to the slug it was asked by.
 */
function ballotpediaPage(pathname: string): FixtureAnswer | undefined {
  const match = pathname.match(/^\/bp\/([^/]+)$/);
  if (!match) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return { status: 400, body: "Bad title" };
  }
  const page = readFileSync(path.join(CRAWLER, "ballotpedia-person.html"), "utf8")
    .replaceAll("https://ballotpedia.org/Avery_Scrapewell", `https://ballotpedia.org/${encodeURIComponent(slug)}`)
    .replaceAll("page-Avery_Scrapewell", escapeHtml(`page-${slug}`))
    .replaceAll("Avery Scrapewell", escapeHtml(slug.replace(/_/g, " ")));
  return { type: "text/html; charset=utf-8", body: page };
}

/**
 * /governor-photos/{host}{path} (GOVERNOR_PHOTOS_URL): the governor of Washington's portrait
 * (tests/fixtures/photos/governor-wa.jpg) for any address on governor.wa.gov; every other
 * governor's portrait is missing (404), as a state site's may be.
 */
function governorPhoto(pathname: string): FixtureAnswer | undefined {
  return pathname.startsWith("/governor-photos/governor.wa.gov/") ? { file: "tests/fixtures/photos/governor-wa.jpg" } : undefined;
}

export async function startRecordedSources(port = 0) {
  let url = "";
  const routes = new Proxy({} as FixtureRoutes, {
    get: (_, key) => {
      if (typeof key !== "string") return undefined;
      if (key === CENSUS_PATH) return censusAnswer;
      return ROLL_CALLS[key] ?? ballotpediaPage(key) ?? openstatesListing(key, () => url) ?? governorPhoto(key);
    },
  });
  const server = await startFixtureServer(routes, port, {
    "/cl": "prisma/data/congress-legislators",
    "/os/raw": OPENSTATES,
    "/sites": CRAWLER,
    "/photos": "tests/fixtures/photos",
  });
  url = server.url;
  return { ...server, sources: sourcesAt(url) };
}

export type SiteKind = "house" | "senate" | "governor";

/**
 * Official websites of each kind on 127.0.0.1, one server per kind: the recorded home page at
 * any address (so a website rewritten to `{site}/?was=www.x.senate.gov` is that official's home
 * page) and the recorded contact page where the home page links it. The pages are the crawler
 * fixtures (tests/fixtures/crawler), so each site gives the extractor a phone, an email or a
 * contact form, social profiles and an office address. `ports` (house, senate, governor) fixes
 * where they listen, for a server in another process whose OUTBOUND_ALLOW_HOSTS must name them.
 */
export async function startRecordedSites(ports: readonly [number, number, number] = [0, 0, 0]) {
  const page = (name: string): FixtureAnswer => ({ file: `${CRAWLER}/${name}` });
  const kinds: Record<SiteKind, { home: string; pages: FixtureRoutes }> = {
    house: { home: "house-home.html", pages: { "/contact": page("house-contact.html") } },
    senate: { home: "senate-home.html", pages: { "/contact": page("senate-contact.html") } },
    governor: { home: "governor-home.html", pages: {} },
  };
  const servers = await Promise.all(
    Object.values(kinds).map(({ home, pages }, i) =>
      startFixtureServer(
        new Proxy(pages, {
          get: (target, key) => (typeof key !== "string" ? undefined : (target[key] ?? (key === "/robots.txt" ? undefined : page(home)))),
        }),
        ports[i],
      ),
    ),
  );
  const [house, senate, governor] = servers;
  return {
    urls: { house: house.url, senate: senate.url, governor: governor.url } satisfies Record<SiteKind, string>,
    requests: () => servers.reduce((sum, s) => sum + s.requests.length, 0),
    close: () => Promise.all(servers.map((s) => s.close())),
  };
}

/** The kind of website an official of `office` has. */
export const siteKindOf = (office: string): SiteKind => (office === "Senator" ? "senate" : office === "Governor" ? "governor" : "house");

/** Where each source is on a recorded-sources server at `url`. */
export const sourcesAt = (url: string): JobSources => ({
  congressLegislators: `${url}/cl`,
  openstatesPeople: `${url}/os/contents`,
  houseClerk: `${url}/evs`,
  senateLis: `${url}/lis`,
  billStatus: `${url}/govinfo`,
  ballotpedia: `${url}/bp`,
  congressPhotos: `${url}/photos`,
  governorPhotos: `${url}/governor-photos`,
});

/**
 * OUTBOUND_ALLOW_HOSTS for a server in another process: the host:port of each address, which its
 * outbound guard then lets the jobs reach although it is on this machine (decision 0031).
 */
export const outboundAllowance = (urls: readonly string[]) => [...new Set(urls.map((u) => new URL(u).host))].join(",");

/** The environment variables that point the app's jobs at these sources. */
export const sourcesEnv = (sources: JobSources) => ({
  CONGRESS_LEGISLATORS_URL: sources.congressLegislators,
  OPENSTATES_PEOPLE_URL: sources.openstatesPeople,
  HOUSE_CLERK_URL: sources.houseClerk,
  SENATE_LIS_URL: sources.senateLis,
  BILLSTATUS_URL: sources.billStatus,
  BALLOTPEDIA_URL: sources.ballotpedia,
  CONGRESS_PHOTOS_URL: sources.congressPhotos,
  ...(sources.governorPhotos && { GOVERNOR_PHOTOS_URL: sources.governorPhotos }),
});
