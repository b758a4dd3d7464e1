// The open data downloads (issue 15): the files against the database (read back with a real CSV
// parser), hostile values, the cache per data version, and the HTTP answers of the production
// build (ETag and Last-Modified, 304, HEAD, 405, 404).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { currentOpenData, openDataPath, type Manifest } from "~/models/open-data.server";
import { provenanceOf } from "~/models/officials.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const root = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-open-data-"));
process.env.OPEN_DATA_DIR = root;

const read = (manifest: Manifest, file: string) => readFileSync(openDataPath(manifest, file, root), "utf8");
const csv = (text: string) => parse(text, { columns: true, bom: false }) as Record<string, string>[];
const header = (text: string) => (parse(text, { to_line: 1 }) as string[][])[0];
/** A CSV text cell as stored: the leading apostrophe that neutralises a formula start removed. */
const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
const text = (value: string | null) => value ?? "";
const iso = (date: Date | undefined) => (date ? date.toISOString().replace(/\.\d{3}Z$/, "Z") : "");

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

  test("read back with a CSV parser, every row matches the database, its sources and the JSON file", async () => {
    const manifest = await currentOpenData(db, root);
    const rows = csv(read(manifest, "officials.csv"));
    const json = JSON.parse(read(manifest, "officials.json")) as Record<string, string | number | null>[];
    expect(json).toHaveLength(rows.length);
    const officials = await db.official.findMany({ where: { isActive: true }, include: { state: { select: { abbreviation: true } } } });
    const byId = new Map(officials.map((o) => [o.id, o]));
    for (const [i, row] of rows.entries()) {
      const o = byId.get(Number(row.id))!;
      const sources = await provenanceOf(db, o.id);
      expect({
        name: row.name,
        party: row.party,
        office: row.office,
        state: row.state,
        district: row.district,
        phone: unneutralised(row.phone),
        email: row.email,
        website: row.website,
        office_address: unneutralised(row.office_address),
        date_of_birth: row.date_of_birth,
        bioguide_id: row.bioguide_id,
        phone_source: row.phone_source,
        phone_verified_at: row.phone_verified_at,
        website_source: row.website_source,
      }).toEqual({
        name: o.name,
        party: o.party,
        office: o.office,
        state: o.state.abbreviation,
        district: text(o.district),
        phone: text(o.phone),
        email: text(o.email),
        website: text(o.website),
        office_address: text(o.officeAddress),
        date_of_birth: text(o.dateOfBirth),
        bioguide_id: text(o.bioguideId),
        phone_source: sources.phone?.sourceName ?? "",
        phone_verified_at: iso(sources.phone?.verifiedAt),
        website_source: sources.website?.sourceName ?? "",
      });
      // The JSON carries the same values, typed and unneutralised.
      const expected = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === "" ? null : unneutralised(v)]));
      const actual = Object.fromEntries(Object.entries(json[i]).map(([k, v]) => [k, v === null ? null : String(v)]));
      expect(actual).toEqual(expected);
    }
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

  test("states, districts and votes match the database", async () => {
    const state = await db.state.findUniqueOrThrow({ where: { abbreviation: "WY" } });
    const member = await db.official.findFirstOrThrow({
      where: { isActive: true, office: "Representative", state: { abbreviation: "WY" } },
    });
    await db.votingRecord.create({
      data: {
        officialId: member.id,
        voteId: "h999-119.2025",
        chamber: "house",
        billTitle: "A test bill, with a comma",
        billNumber: "H.R. 1",
        voteDate: "2025-09-08",
        votePosition: "Nay",
      },
    });
    const manifest = await currentOpenData(db, root);
    const wy = csv(read(manifest, "states.csv")).find((s) => s.abbreviation === "WY")!;
    expect(wy).toMatchObject({ id: String(state.id), name: "Wyoming", population: String(state.population), house_seats: "1" });
    expect(wy.population_source).toBe("U.S. Census Bureau, 2020 Census");
    const wyZips = await db.zipCode.findMany({ where: { state: "WY" } });
    const districts = csv(read(manifest, "districts.csv")).filter((d) => d.state === "WY");
    expect(districts.map((d) => d.zip).sort()).toEqual(wyZips.map((z) => z.zip).sort());
    expect(districts.every((d) => d.district === "0" && d.district_code === "WY-0" && d.representative_id === String(member.id))).toBe(
      true,
    );
    expect(csv(read(manifest, "votes.csv")).filter((v) => v.official_id === String(member.id))).toContainEqual({
      official_id: String(member.id),
      vote_id: "h999-119.2025",
      date: "2025-09-08",
      chamber: "house",
      bill: "H.R. 1",
      bill_title: "A test bill, with a comma",
      position: "Nay",
      source_url: "",
    });
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
