// congress_import's recorded real history: nine published states of congress-legislators
// and the openstates/people governor files of their time (tests/fixtures/congress-history and
// openstates-history, each with its SOURCES.md), a server on 127.0.0.1 that answers as the sources
// did at a chosen checkpoint, and a snapshot of every row an import writes about officials. Used by
// tests/integration/congress-history.test.ts and by `npm run bench` (its history section).
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Db } from "~/db.server";
import { startFixtureServer, type FixtureAnswer } from "./fixture-server";

export const CONGRESS_HISTORY = "tests/fixtures/congress-history";
export const OPENSTATES_HISTORY = "tests/fixtures/openstates-history";
export const SHIPPED = "prisma/data/congress-legislators";

/** The parts of a congress-legislators record the replay reads. */
export type Term = { type: "rep" | "sen"; start: string; end?: string; state: string; district?: number; party?: string };
export type Member = {
  id: { bioguide: string };
  name: { first: string; last: string; suffix?: string; nickname?: string; official_full?: string };
  terms: Term[];
};
/** The parts of an openstates person file the replay reads. */
export type Person = { id: string; name: string; roles?: { type?: string; start_date?: string; end_date?: string }[] };

export type Checkpoint = {
  /** The folder under tests/fixtures/congress-history: the commit's date and short sha. */
  folder: string;
  event: string;
  /** The job's clock: the morning after the checkpoint's commit (and so after its event). */
  at: string;
  /** The openstates-history folder of that time (which governor files `main` had then; see its SOURCES.md). */
  openstates: string;
  /** The House seats then vacant whose last member left during the replay (so the test checks their dates). */
  vacant: string[];
};

/** The recorded checkpoints, oldest first: the order they are imported in. */
export const CHECKPOINTS: Checkpoint[] = [
  {
    folder: "2024-12-18-9b024af",
    event: "the 118th Congress's last file",
    at: "2024-12-19T12:00:00Z",
    openstates: "2024-12-28-6d7d6cd",
    vacant: [],
  },
  {
    folder: "2025-01-03-7bf2c8f",
    event: "2024 Election Results",
    at: "2025-01-04T12:00:00Z",
    openstates: "2024-12-28-6d7d6cd",
    vacant: [],
  },
  {
    folder: "2025-01-09-58d0543",
    event: "Vance resigned",
    at: "2025-01-10T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: [],
  },
  {
    folder: "2025-01-21-cee2a43",
    event: "Rubio resigned, Husted and Moody appointed",
    at: "2025-01-22T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: [],
  },
  {
    folder: "2025-01-29-ef08626",
    event: "Waltz resigned",
    at: "2025-01-30T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["FL-06"],
  },
  {
    folder: "2025-03-05-9ad100e",
    event: "Turner died",
    at: "2025-03-06T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["FL-06", "TX-18"],
  },
  {
    folder: "2025-04-06-3749522",
    event: "Patronis and Fine sworn in",
    at: "2025-04-07T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["AZ-07", "TX-18"],
  },
  {
    folder: "2026-01-13-be8e4b3",
    event: "Husted's and Moody's terms end at the special election",
    at: "2026-01-14T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["CA-01", "GA-14", "NJ-11", "TX-18"],
  },
  {
    folder: "2026-06-15-dfa9622",
    event: "the shipped snapshot",
    at: "2026-06-16T12:00:00Z",
    openstates: "2026-03-15-ce95899",
    vacant: ["CA-14", "FL-20", "GA-13", "TX-23"],
  },
];

/** The excerpt of legislators-historical.json: every member who leaves during the replay. */
export const historicalMembers: Member[] = JSON.parse(readFileSync(`${CONGRESS_HISTORY}/legislators-historical.excerpt.json`, "utf8"));

const checkpointFile = (cp: Checkpoint) => gunzipSync(readFileSync(path.join(CONGRESS_HISTORY, cp.folder, "legislators-current.json.gz")));
const membersCache = new Map<string, Member[]>();
/** A checkpoint's legislators-current.json, parsed once. */
export function membersOf(cp: Checkpoint): Member[] {
  if (!membersCache.has(cp.folder)) membersCache.set(cp.folder, JSON.parse(checkpointFile(cp).toString("utf8")));
  return membersCache.get(cp.folder)!;
}

/** What the sources answer: a legislators-current.json, the historical file made for it, and an openstates/people data folder. */
type Serving = { current: string; historical: string; openstates: string };

/**
 * The congress-legislators files (under /cl) and the openstates/people GitHub API (under /os) on
 * 127.0.0.1, answering as they did at the checkpoint last chosen with `serveCheckpoint` (or the
 * files chosen with `serve`). `sources` is what a job context reads them as.
 */
export async function startCongressHistoryServer() {
  const dir = mkdtempSync(path.join(tmpdir(), "congress-history-"));
  let serving: Serving = { current: "", historical: "", openstates: "" };
  let baseUrl = "";

  /** A checkpoint's legislators-current.json, decompressed into the temporary folder once. */
  function currentFile(cp: Checkpoint) {
    const file = path.join(dir, `${cp.folder}.json`);
    if (!existsSync(file)) writeFileSync(file, checkpointFile(cp));
    return file;
  }
  /**
   * legislators-historical.json as of a checkpoint: the excerpt's members who are not in its current
   * file and whose last term ended by the commit's date (the published file holds every former member).
   */
  function historicalFile(name: string, current: Member[], until: string) {
    const serving = new Set(current.map((m) => m.id.bioguide));
    const file = path.join(dir, `historical-${name}.json`);
    const records = historicalMembers.filter((m) => !serving.has(m.id.bioguide) && (m.terms.at(-1)!.end ?? "") <= until);
    writeFileSync(file, JSON.stringify(records, null, 2));
    return file;
  }

  function answer(pathname: string): FixtureAnswer | undefined {
    if (pathname === "/cl/legislators-current.json") return { file: serving.current, type: "application/json" };
    if (pathname === "/cl/legislators-historical.json") return { file: serving.historical, type: "application/json" };
    const shipped = pathname.match(/^\/cl\/([\w-]+\.json)$/);
    if (shipped && existsSync(path.join(SHIPPED, shipped[1]))) return { file: path.join(SHIPPED, shipped[1]) };
    // The GitHub contents API listing of a state's executive folder; a state not recorded is an empty folder.
    const listing = pathname.match(/^\/os\/contents\/([a-z]{2})\/executive$/);
    if (listing) {
      const folder = path.join(serving.openstates, listing[1], "executive");
      const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".yml")) : [];
      return {
        type: "application/json",
        body: JSON.stringify(
          files.map((name) => ({
            name,
            path: `data/${listing[1]}/executive/${name}`,
            type: "file",
            download_url: `${baseUrl}/os/raw/${listing[1]}/executive/${name}`,
          })),
        ),
      };
    }
    const raw = pathname.match(/^\/os\/raw\/([a-z]{2})\/executive\/([\w.-]+\.yml)$/);
    const file = raw && path.join(serving.openstates, raw[1], "executive", raw[2]);
    return file && existsSync(file) ? { file } : undefined;
  }
  // Each answer closes its connection: a run pauses longer than the server's keep-alive between its
  // steps, and reusing a connection the server is closing failed a run (ECONNRESET) under load.
  const routes = new Proxy(
    {},
    {
      get: (_, key) => {
        const found = typeof key === "string" ? answer(key) : undefined;
        return found && { ...found, headers: { ...found.headers, connection: "close" } };
      },
    },
  );
  const server = await startFixtureServer(routes);
  baseUrl = server.url;

  return {
    url: server.url,
    sources: { congressLegislators: `${server.url}/cl`, openstatesPeople: `${server.url}/os/contents` },
    /**
     * Answers with `current` (a legislators-current.json), the historical records of members not in
     * it whose last term ended by `until`, and the openstates/people data folder `openstates`.
     */
    serve({ name, current, until, openstates }: { name: string; current: string; until: string; openstates: string }) {
      const members: Member[] = JSON.parse(readFileSync(current, "utf8"));
      serving = { current, historical: historicalFile(name, members, until), openstates };
    },
    /** Answers as the sources did at `cp`. */
    serveCheckpoint(cp: Checkpoint) {
      serving = {
        current: currentFile(cp),
        historical: historicalFile(cp.folder, membersOf(cp), cp.folder.slice(0, 10)),
        openstates: path.join(OPENSTATES_HISTORY, cp.openstates),
      };
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The replay starts from the 118th Congress's last file: no official of the seed stays. */
export async function clearOfficials(db: Db) {
  await db.fieldUpdate.deleteMany({ where: { entityType: "official" } });
  await db.provenance.deleteMany({ where: { entityType: "official" } });
  await db.official.deleteMany();
}

/** Every row the import writes for officials (not its own SourceCheck and JobExecution records). */
export async function officialWrites(db: Db) {
  const ofOfficials = { entityType: "official" };
  const [officials, lastOfficialUpdate, provenance, lastProvenanceUpdate, changes, lastChange, terms, offices, assignments] =
    await Promise.all([
      db.official.count(),
      db.official.aggregate({ _max: { updatedAt: true } }),
      db.provenance.count({ where: ofOfficials }),
      db.provenance.aggregate({ where: ofOfficials, _max: { updatedAt: true } }),
      db.fieldUpdate.count({ where: ofOfficials }),
      db.fieldUpdate.aggregate({ where: ofOfficials, _max: { id: true } }),
      db.officialTerm.findMany({ orderBy: { id: "asc" } }),
      db.districtOffice.count(),
      db.committeeAssignment.count(),
    ]);
  return {
    officials,
    lastOfficialUpdate: lastOfficialUpdate._max.updatedAt,
    provenance,
    lastProvenanceUpdate: lastProvenanceUpdate._max.updatedAt,
    changes,
    lastChange: lastChange._max.id,
    terms: terms.length,
    termRows: createHash("sha256").update(JSON.stringify(terms)).digest("hex"),
    offices,
    assignments,
  };
}
