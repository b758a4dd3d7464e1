// The data jobs' outside sources as one local server of recorded files, for the end-to-end tests
// and the benchmark: congress-legislators (the shipped files), openstates governors (the GitHub
// contents listing and the files) and official pages under /sites. It has no roll calls for the
// current session and no Ballotpedia pages: those jobs find nothing new and record each page as a
// failure (their own tests serve recorded roll calls and pages).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { JobSources } from "~/jobs/sources";
import { CENSUS_PATH, censusAnswer } from "./census-geocoder";
import { startFixtureServer, type FixtureAnswer, type FixtureRoutes } from "./fixture-server";

const OPENSTATES = "tests/fixtures/openstates";

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

export async function startRecordedSources(port = 0) {
  let url = "";
  const routes = new Proxy({} as FixtureRoutes, {
    get: (_, key) => (key === CENSUS_PATH ? censusAnswer : typeof key === "string" ? openstatesListing(key, () => url) : undefined),
  });
  const server = await startFixtureServer(routes, port, {
    "/cl": "prisma/data/congress-legislators",
    "/os/raw": OPENSTATES,
    "/sites": "tests/fixtures/crawler",
    "/photos": "tests/fixtures/photos",
  });
  url = server.url;
  return { ...server, sources: sourcesAt(url) };
}

/** Where each source is on a recorded-sources server at `url`. */
export const sourcesAt = (url: string): JobSources => ({
  congressLegislators: `${url}/cl`,
  openstatesPeople: `${url}/os/contents`,
  houseClerk: `${url}/evs`,
  senateLis: `${url}/lis`,
  ballotpedia: `${url}/bp`,
  congressPhotos: `${url}/photos`,
});

/** The environment variables that point the app's jobs at these sources. */
export const sourcesEnv = (sources: JobSources) => ({
  CONGRESS_LEGISLATORS_URL: sources.congressLegislators,
  OPENSTATES_PEOPLE_URL: sources.openstatesPeople,
  HOUSE_CLERK_URL: sources.houseClerk,
  SENATE_LIS_URL: sources.senateLis,
  BALLOTPEDIA_URL: sources.ballotpedia,
  CONGRESS_PHOTOS_URL: sources.congressPhotos,
});
