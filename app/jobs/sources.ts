// Where the data jobs read their outside sources. Each is a base URL from the configuration
// (env.server.ts); the defaults are the live sources, tests point them at fixture servers on 127.0.0.1.
export type JobSources = {
  /** The @unitedstates congress-legislators JSON files (legislators-current.json, ...). */
  congressLegislators: string;
  /**
   * The openstates/people data folder in the GitHub contents API (CC0): governors. The job lists
   * {base}/{state}/executive (a JSON list with each file's download_url) and reads the YAML files.
   */
  openstatesPeople: string;
  /** House Clerk roll calls: {base}/{year}/roll{NNN}.xml. */
  houseClerk: string;
  /** Senate LIS roll calls: {base}/vote{congress}{session}/vote_{congress}_{session}_{NNNNN}.xml. */
  senateLis: string;
  /**
   * The Library of Congress bill status files GPO publishes in bulk (public domain):
   * {base}/BILLSTATUS/{congress}/{type}/BILLSTATUS-{congress}{type}{number}.xml.
   */
  billStatus: string;
  /** Ballotpedia pages: {base}/{slug}. */
  ballotpedia: string;
  /**
   * A GitHub token for the openstatesPeople listings (optional): without one GitHub allows 60 API
   * calls an hour per address, and a run makes about 50.
   */
  githubToken?: string;
  /** Official portraits of members of Congress, 225x275 JPEG: {base}/{bioguide id}.jpg (public domain). */
  congressPhotos: string;
  /**
   * Governors' portraits (optional): unset, each is fetched from the image address in the
   * governor's data; set, from {base}/{host}{path} of that address (tests serve them locally).
   */
  governorPhotos?: string;
};

export const LIVE_SOURCES: JobSources = {
  congressLegislators: "https://unitedstates.github.io/congress-legislators",
  openstatesPeople: "https://api.github.com/repos/openstates/people/contents/data",
  houseClerk: "https://clerk.house.gov/evs",
  senateLis: "https://www.senate.gov/legislative/LIS/roll_call_votes",
  billStatus: "https://www.govinfo.gov/bulkdata",
  ballotpedia: "https://ballotpedia.org",
  congressPhotos: "https://unitedstates.github.io/images/congress/225x275",
};
