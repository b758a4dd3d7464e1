import { describe, expect, test } from "vitest";
import { csvHeader, csvRow, dataPackage, fieldsOf, formatBytes, jsonRow, OFFICIAL_FIELDS, RESOURCES, type Column } from "./open-data";

type Row = { phone: string | null; since: Date };
const columns: Column<Row>[] = [
  { name: "phone", type: "string", description: "Phone.", value: (r) => r.phone, provenance: "phone" },
  { name: "since", type: "datetime", description: "Since.", value: (r) => r.since },
];
const fields = fieldsOf(columns);
const verified = new Date("2026-06-15T10:20:30.456Z");

describe("companion columns", () => {
  test("a sourced column is followed by its _source and _verified_at columns; others stand alone", () => {
    expect(fields.map((f) => `${f.name}:${f.type}`)).toEqual([
      "phone:string",
      "phone_source:string",
      "phone_verified_at:datetime",
      "since:datetime",
    ]);
  });
  test("they carry the value's source and verification time, or nothing when none is recorded", () => {
    const row = {
      phone: "+1 202-555-0100",
      since: verified,
      sources: { phone: { sourceName: "congress-legislators", verifiedAt: verified } },
    };
    expect(csvRow(fields, row)).toBe("'+1 202-555-0100,congress-legislators,2026-06-15T10:20:30Z,2026-06-15T10:20:30Z\r\n");
    expect(jsonRow(fields, { ...row, phone: null, sources: {} })).toBe(
      '{"phone":null,"phone_source":null,"phone_verified_at":null,"since":"2026-06-15T10:20:30Z"}',
    );
  });
  test("the officials file has a companion pair for every value but its id and update time", () => {
    const names = OFFICIAL_FIELDS.map((f) => f.name);
    const values = names.filter((n) => !n.endsWith("_source") && !n.endsWith("_verified_at"));
    for (const name of values.filter((n) => n !== "id" && n !== "updated_at")) {
      expect(names).toEqual(expect.arrayContaining([`${name}_source`, `${name}_verified_at`]));
    }
    expect(names).not.toContain("id_source");
  });
});

describe("CSV cells", () => {
  test("quotes a header or cell with a comma, quote or line break and neutralises formula starts", () => {
    expect(csvHeader([{ name: "a,b" }, { name: "c" }])).toBe('"a,b",c\r\n');
    const one: Column<{ v: string }>[] = [{ name: "v", type: "string", description: "", value: (r) => r.v }];
    const write = (v: string) => csvRow(fieldsOf(one), { v, sources: {} });
    expect(write('say "hi",\nthen')).toBe('"say ""hi"",\nthen"\r\n');
    expect(write("=1+1")).toBe("'=1+1\r\n");
    expect(write("@x")).toBe("'@x\r\n");
    expect(write("-x,y")).toBe(`"'-x,y"\r\n`);
    expect(write("a=b")).toBe("a=b\r\n");
  });
});

test("sizes are written in decimal units", () => {
  expect([formatBytes(70), formatBytes(24_531), formatBytes(1_915_189)]).toEqual(["70 bytes", "24.5 KB", "1.9 MB"]);
});

test("the data package lists every file with its size, hash, fields and a valid Table Schema type for each", () => {
  const facts = Object.fromEntries(RESOURCES.map((r) => [r.file, { bytes: 10, hash: "ab" }]));
  const pkg = dataPackage(7, verified, "https://atlas.example", facts);
  expect(pkg.version).toBe("7");
  expect(pkg.homepage).toBe("https://atlas.example/data");
  expect(pkg.resources.map((r) => r.path)).toEqual(RESOURCES.map((r) => r.file));
  expect(new Set(pkg.resources.map((r) => r.name)).size).toBe(RESOURCES.length);
  for (const r of pkg.resources) {
    expect(r).toMatchObject({ bytes: 10, hash: "sha256:ab", encoding: "utf-8" });
    for (const f of r.schema.fields) expect(["string", "integer", "number", "date", "datetime"]).toContain(f.type);
    for (const key of r.schema.primaryKey) expect(r.schema.fields.map((f) => f.name)).toContain(key);
  }
});
