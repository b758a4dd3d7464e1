// The open data downloads: the files against the database (read back with a real CSV
// parser), hostile values, the cache per data version, and the HTTP answers of the production
// build (ETag and Last-Modified, 304, HEAD, 405, 404).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { currentOpenData, openDataPath, type Manifest } from "~/models/open-data.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const root = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-open-data-"));
process.env.OPEN_DATA_DIR = root;

const read = (manifest: Manifest, file: string) => readFileSync(openDataPath(manifest, file, root), "utf8");
const csv = (text: string) => parse(text, { columns: true, bom: false }) as Record<string, string>[];
const header = (text: string) => (parse(text, { to_line: 1 }) as string[][])[0];

// ----------------------------------------------------------------- the database, read directly
// What each published column holds, written here as SQL on the tables (not through the generator's
// column list): [column, SQL expression, the Provenance field behind its _source/_verified_at].
type Published = readonly (readonly [column: string, expression: string, provenance: string | null])[];
const seconds = (expression: string) => `strftime('%Y-%m-%dT%H:%M:%SZ', ${expression})`;
const OFFICIALS_IN_THE_DATABASE: Published = [
  ["id", "o.id", null],
  ["name", "o.name", "name"],
  ["first_name", "o.firstName", "firstName"],
  ["last_name", "o.lastName", "lastName"],
  ["party", "o.party", "party"],
  ["office", "o.office", "office"],
  ["state", "s.abbreviation", "stateId"],
  ["district", "o.district", "district"],
  ["tenure", "o.tenure", "tenure"],
  ["committee", "o.committee", "committee"],
  ["phone", "o.phone", "phone"],
  ["email", "o.email", "email"],
  ["contact_form_url", "o.contactFormUrl", "contactFormUrl"],
  ["website", "o.website", "website"],
  ["x_profile_url", "o.xProfileUrl", "xProfileUrl"],
  ["office_address", "o.officeAddress", "officeAddress"],
  ["date_of_birth", "o.dateOfBirth", "dateOfBirth"],
  ["gender", "o.gender", "gender"],
  ["bills_sponsored", "o.billsSponsored", "billsSponsored"],
  ["approval_rating", "o.approvalRating", "approvalRating"],
  ["photo_url", "o.photoUrl", "photoUrl"],
  ["bioguide_id", "o.bioguideId", "bioguideId"],
  ["govtrack_id", "o.govtrackId", "govtrackId"],
  ["opensecret_id", "o.opensecretId", "opensecretId"],
  ["ballotpedia_slug", "o.ballotpediaSlug", "ballotpediaSlug"],
  ["fec_id", "o.fecId", "fecId"],
  ["votesmart_id", "o.votesmartId", "votesmartId"],
  ["icpsr_id", "o.icpsrId", "icpsrId"],
  ["wikipedia_slug", "o.wikipediaSlug", "wikipediaSlug"],
  ["washington_post_slug", "o.washingtonPostSlug", "washingtonPostSlug"],
  ["updated_at", seconds("o.updatedAt"), null],
];
const STATES_IN_THE_DATABASE: Published = [
  ["id", "s.id", null],
  ["name", "s.name", "name"],
  ["abbreviation", "s.abbreviation", "abbreviation"],
  ["type", "s.type", "type"],
  ["population", "s.population", "population"],
  ["electoral_votes", "s.electoralVotes", "electoralVotes"],
  ["house_seats", "s.houseSeats", "houseSeats"],
  ["party_control", "s.partyControl", "partyControl"],
  ["governor_party", "s.governorParty", "governorParty"],
  ["political_leaning", "s.politicalLeaning", "politicalLeaning"],
  ["official_website", "s.officialWebsite", "officialWebsite"],
  ["updated_at", seconds("s.updatedAt"), null],
];
const selectList = (columns: Published) => columns.map(([column, expression]) => `${expression} AS "${column}"`).join(", ");

type Value = string | number | null;
function sql(query: string, ...params: Value[]): Record<string, Value>[] {
  const file = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return file.prepare(query).all(...params) as Record<string, Value>[];
  } finally {
    file.close();
  }
}
/** A value as a CSV cell: empty for null, and text a spreadsheet would run as a formula behind a quote. */
const csvCell = (value: Value) =>
  value === null ? "" : typeof value === "number" ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
const csvCells = (row: Record<string, Value>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, csvCell(v)]));

/**
 * The rows a table's files should hold, from the database: each column, and for a sourced one its
 * source's name and when it was last verified: the later of its Provenance row's verifiedAt and,
 * for an import, the latest check of that source.
 */
function published(entityType: "official" | "state", columns: Published, query: string) {
  const sources = new Map<string, { source: string; verified: string }>();
  for (const p of sql(
    `SELECT p.entityId, p.fieldName, p.sourceName,
       ${seconds("CASE WHEN p.method = 'import' AND julianday(c.checkedAt) > julianday(p.verifiedAt) THEN c.checkedAt ELSE p.verifiedAt END")} AS verified
     FROM Provenance p LEFT JOIN (SELECT sourceName, max(checkedAt) AS checkedAt FROM SourceCheck GROUP BY sourceName) c ON c.sourceName = p.sourceName
     WHERE p.entityType = ?`,
    entityType,
  )) {
    sources.set(`${p.entityId} ${p.fieldName}`, { source: p.sourceName as string, verified: p.verified as string });
  }
  const json = sql(query).map((row) =>
    Object.fromEntries(
      columns.flatMap(([column, , provenance]): [string, Value][] => {
        if (!provenance) return [[column, row[column]]];
        const source = sources.get(`${row.id} ${provenance}`);
        return [
          [column, row[column]],
          [`${column}_source`, source?.source ?? null],
          [`${column}_verified_at`, source?.verified ?? null],
        ];
      }),
    ),
  );
  return { json, csv: json.map(csvCells) };
}
const currentOfficial = (office: string) => db.official.findFirstOrThrow({ where: { isActive: true, office }, select: { id: true } });

type Package = { resources: { path: string; bytes: number; hash: string; schema: { fields: { name: string; type: string }[] } }[] };
const schemaOf = (manifest: Manifest, file: string) => {
  const pkg = JSON.parse(read(manifest, "datapackage.json")) as Package;
  return pkg.resources.find((r) => r.path === file)!;
};

describe("officials.csv", () => {
  test("one row per current official, governors included, under the header datapackage.json declares", async () => {
    const manifest = await currentOpenData(db, root);
    const file = read(manifest, "officials.csv");
    const rows = csv(file);
    const current = await db.official.findMany({ where: { isActive: true }, select: { id: true, office: true } });
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(current.map((o) => o.id).sort((a, b) => a - b));
    expect(rows.filter((r) => r.office === "Governor")).toHaveLength(current.filter((o) => o.office === "Governor").length);
    expect(current.some((o) => o.office === "Governor")).toBe(true);
    expect(header(file)).toEqual(schemaOf(manifest, "officials.csv").schema.fields.map((f) => f.name));
    expect(header(file)).toEqual(expect.arrayContaining(["phone", "phone_source", "phone_verified_at"]));
  });

  test("read back with a CSV parser, every column of every row is the database's value and source (and the JSON's)", async () => {
    const senator = await currentOfficial("Senator");
    await db.official.update({ where: { id: senator.id }, data: { phone: "+1 202-555-0100", approvalRating: 47.5 } });
    // A later check of one import source re-verifies its values; an earlier one of another does not,
    // nor does any check re-verify a staff edit.
    await db.sourceCheck.createMany({
      data: [
        { sourceName: "congress-legislators", checkedAt: new Date() },
        { sourceName: "openstates/people", checkedAt: new Date("2001-01-01T00:00:00Z") },
      ],
    });
    await db.provenance.update({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: senator.id, fieldName: "phone" } },
      data: { method: "staff_edit", sourceName: "Civic Atlas staff", verifiedAt: new Date("2025-03-04T05:06:07.890Z") },
    });
    const manifest = await currentOpenData(db, root);
    const expected = published(
      "official",
      OFFICIALS_IN_THE_DATABASE,
      `SELECT ${selectList(OFFICIALS_IN_THE_DATABASE)} FROM Official o JOIN State s ON s.id = o.stateId WHERE o.isActive = 1 ORDER BY o.id`,
    );
    expect(expected.csv.length).toBeGreaterThan(500);
    expect(csv(read(manifest, "officials.csv"))).toEqual(expected.csv);
    expect(JSON.parse(read(manifest, "officials.json"))).toEqual(expected.json);
    // The rows above include a neutralised phone, a number with a fraction and imported sources.
    const senatorRow = expected.csv.find((row) => row.id === String(senator.id))!;
    expect(senatorRow).toMatchObject({
      phone: "'+1 202-555-0100",
      approval_rating: "47.5",
      phone_source: "Civic Atlas staff",
      phone_verified_at: "2025-03-04T05:06:07Z",
      name_source: "congress-legislators",
    });
    expect(senatorRow.name_verified_at > "2026").toBe(true); // re-verified by the check just now
    expect(expected.csv.find((row) => row.office === "Governor")!.name_source).toBe("openstates/people");
  });

  test("commas, quotes and line breaks survive, and cells starting with = + - @ are neutralised with a quote", async () => {
    const hostile = {
      name: 'Smith, "Bob"\nJr.',
      phone: '=HYPERLINK("http://evil.example","call")',
      email: "@SUM(1+1)",
      officeAddress: '-2+3, Suite "A"\r\nWashington',
      tenure: "+cmd|' /C calc'!A0",
      committee: "Plain, with a comma",
    };
    const target = await db.official.findFirstOrThrow({ where: { isActive: true, office: "Senator" }, select: { id: true } });
    await db.official.update({ where: { id: target.id }, data: hostile });
    const manifest = await currentOpenData(db, root);
    const file = read(manifest, "officials.csv");
    const row = csv(file).find((r) => Number(r.id) === target.id)!;
    expect(row.name).toBe(hostile.name);
    expect(row.committee).toBe(hostile.committee);
    expect(row.phone).toBe(`'${hostile.phone}`);
    expect(row.email).toBe(`'${hostile.email}`);
    expect(row.office_address).toBe(`'${hostile.officeAddress}`);
    expect(row.tenure).toBe(`'${hostile.tenure}`);
    expect(file).toContain(`"Smith, ""Bob""\nJr."`);
    const json = (JSON.parse(read(manifest, "officials.json")) as Record<string, unknown>[]).find((o) => o.id === target.id)!;
    expect(json).toMatchObject({ name: hostile.name, phone: hostile.phone, email: hostile.email, office_address: hostile.officeAddress });
  });
});

describe("the other files", () => {
  test("every CSV's header and every JSON object's keys are the package's fields; sizes and hashes are the files'", async () => {
    const manifest = await currentOpenData(db, root);
    const pkg = JSON.parse(read(manifest, "datapackage.json")) as Package;
    expect(pkg.resources.map((r) => r.path)).toEqual([
      "officials.csv",
      "officials.json",
      "states.csv",
      "states.json",
      "districts.csv",
      "votes.csv",
    ]);
    for (const resource of pkg.resources) {
      const content = read(manifest, resource.path);
      const names = resource.schema.fields.map((f) => f.name);
      if (resource.path.endsWith(".csv")) expect(header(content), resource.path).toEqual(names);
      else expect(Object.keys((JSON.parse(content) as object[])[0]), resource.path).toEqual(names);
      expect(resource.bytes).toBe(Buffer.byteLength(content));
      expect(resource.hash).toBe(`sha256:${manifest.files[resource.path].hash}`);
    }
  });

  test("read back with a CSV parser, states, districts and votes are the database's rows, column for column", async () => {
    const member = await db.official.findFirstOrThrow({
      where: { isActive: true, office: "Representative", state: { abbreviation: "WY" } },
    });
    const former = await db.official.findFirstOrThrow({
      where: { isActive: true, office: "Representative", state: { abbreviation: "VT" } },
    });
    const vote = { chamber: "house", billNumber: "H.R. 1", voteDate: "2025-09-08", votePosition: "Nay" };
    await db.votingRecord.createMany({
      data: [
        {
          ...vote,
          officialId: member.id,
          voteId: "h999-119.2025",
          billTitle: "A test bill, with a comma",
          sourceUrl: "https://clerk.house.gov/Votes/2025999",
        },
        { ...vote, officialId: member.id, voteId: "h998-119.2025", billTitle: '=cmd "quoted"\nline', votePosition: "Not Voting" },
        { ...vote, officialId: former.id, voteId: "h997-119.2025", billTitle: "Cast before leaving office" },
      ],
    });
    await db.official.update({ where: { id: former.id }, data: { isActive: false } }); // a former member's votes are not published
    await db.state.update({ where: { abbreviation: "WY" }, data: { officialWebsite: "@wyo.gov" } });
    const manifest = await currentOpenData(db, root);

    const states = published("state", STATES_IN_THE_DATABASE, `SELECT ${selectList(STATES_IN_THE_DATABASE)} FROM State s ORDER BY s.id`);
    expect(states.csv).toHaveLength(56);
    expect(csv(read(manifest, "states.csv"))).toEqual(states.csv);
    expect(JSON.parse(read(manifest, "states.json"))).toEqual(states.json);
    expect(states.csv.find((s) => s.abbreviation === "WY")).toMatchObject({
      official_website: "'@wyo.gov",
      population_source: "U.S. Census Bureau, 2020 Census",
    });

    // A ZIP area's member: the current representative of its seat (0 at-large and 98 delegate are "AL").
    const districts = sql(`
      SELECT z.zip, z.state, z.district, z.state || '-' || z.district AS district_code,
        (SELECT o.id FROM Official o JOIN State s ON s.id = o.stateId
          WHERE o.isActive = 1 AND o.office = 'Representative' AND s.abbreviation = z.state
            AND o.district = CASE WHEN z.district IN (0, 98) THEN 'AL' ELSE printf('%02d', z.district) END) AS representative_id
      FROM ZipCode z ORDER BY z.zip, z.district`);
    expect(districts.length).toBeGreaterThan(30_000);
    expect(csv(read(manifest, "districts.csv"))).toEqual(districts.map(csvCells));
    expect(districts.filter((d) => d.state === "VT").every((d) => d.representative_id === null)).toBe(true); // its member left

    const votes = sql(`
      SELECT v.officialId AS official_id, v.voteId AS vote_id, v.voteDate AS date, v.chamber, v.billNumber AS bill,
        v.billTitle AS bill_title, v.votePosition AS position, v.sourceUrl AS source_url,
        NULL AS question, NULL AS result, NULL AS roll_call_fetched_at, NULL AS bill_url, NULL AS policy_area, NULL AS subjects,
        NULL AS issues, NULL AS bill_source_url, NULL AS bill_fetched_at
      FROM VotingRecord v JOIN Official o ON o.id = v.officialId WHERE o.isActive = 1 ORDER BY v.id`);
    // These roll calls are not stored (no RollCall or Bill row): their question, bill and subjects are
    // empty (tests/integration/official-votes.test.ts fills them).
    expect(votes.map((v) => v.vote_id)).toEqual(["h999-119.2025", "h998-119.2025"]);
    expect(csv(read(manifest, "votes.csv"))).toEqual(votes.map(csvCells));
  });
});

describe("the cache", () => {
  test("kept until the data changes, then generated again and the old files removed", async () => {
    const first = await currentOpenData(db, root);
    const again = await currentOpenData(db, root);
    expect(again).toEqual(first);
    const target = await db.official.findFirstOrThrow({ where: { isActive: true, office: "Governor" }, select: { id: true } });
    await db.official.update({ where: { id: target.id }, data: { phone: "(307) 555-0199" } });
    const next = await currentOpenData(db, root);
    expect(next.version).toBeGreaterThan(first.version);
    expect(next.files["officials.csv"].hash).not.toBe(first.files["officials.csv"].hash);
    expect(csv(read(next, "officials.csv")).find((r) => Number(r.id) === target.id)!.phone).toBe("(307) 555-0199");
    expect(readdirSync(root)).toEqual([`v${next.version}`]);
  });

  test("concurrent first requests share one generation", async () => {
    await db.official.updateMany({ where: { office: "Governor", isActive: true }, data: { committee: null } });
    const [a, b, c] = await Promise.all([currentOpenData(db, root), currentOpenData(db, root), currentOpenData(db, root)]);
    expect(b.generatedAt).toBe(a.generatedAt);
    expect(c.generatedAt).toBe(a.generatedAt);
  });
});

describe("over HTTP (production build)", () => {
  let server: BuiltServer;
  const serverRoot = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-open-data-http-"));
  beforeAll(async () => {
    server = await startBuiltServer({ OPEN_DATA_DIR: serverRoot });
  });
  afterAll(() => server.stop());
  const get = (p: string, init: RequestInit = {}) => fetch(server.url + p, { redirect: "manual", ...init });

  test("a download carries ETag and Last-Modified; a repeat with If-None-Match or If-Modified-Since is a 304", async () => {
    const first = await get("/data/officials.csv");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const body = await first.text();
    expect(csv(body).length).toBeGreaterThan(500);
    const repeat = await get("/data/officials.csv", { headers: { "If-None-Match": etag } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    expect((await get("/data/officials.csv", { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);
    expect((await get("/data/officials.csv", { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  test("after a data change the download is generated again: new ETag, the new value, and the old ETag gets a 200", async () => {
    const before = await get("/data/officials.json");
    const etag = before.headers.get("etag")!;
    const target = await db.official.findFirstOrThrow({ where: { isActive: true, office: "Representative" }, select: { id: true } });
    await db.official.update({ where: { id: target.id }, data: { email: "open-data-test@house.example" } });
    const after = await get("/data/officials.json", { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const rows = (await after.json()) as { id: number; email: string | null }[];
    expect(rows.find((r) => r.id === target.id)!.email).toBe("open-data-test@house.example");
  });

  test("HEAD answers the headers without a body", async () => {
    const head = await get("/data/states.csv", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await head.text()).toBe("");
  });

  test("other methods are 405; unknown names and odd paths are 404", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await get("/data/officials.csv", { method, headers: { Origin: server.url } });
      expect(response.status, method).toBe(405);
    }
    for (const p of [
      "/data/nope.csv",
      "/data/manifest.json",
      "/data/OFFICIALS.CSV",
      "/data/officials.csv.bak",
      "/data/%2e%2e%2fpackage.json",
      "/data/..%2f..%2fpackage.json",
    ]) {
      expect((await get(p)).status, p).toBe(404);
    }
    // A raw request line with dot segments (fetch would remove them) reaches no file either.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () =>
        socket.write("GET /data/../package.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      );
      let received = "";
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404/);
    expect(raw).not.toContain('"name": "civic-atlas"');
  });

  test("/data lists every download with its size, links to it, and is linked from the footer", async () => {
    const page = await (await get("/data")).text();
    for (const file of ["officials.csv", "officials.json", "states.csv", "states.json", "districts.csv", "votes.csv", "datapackage.json"]) {
      expect(page).toContain(`href="/data/${file}"`);
    }
    expect(page).toMatch(/CC0 1\.0 Universal/);
    expect(page).toMatch(/\d+(\.\d)? (KB|MB|bytes)/);
    expect(page).toContain('href="/data"');
  });
});
