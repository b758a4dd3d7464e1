// Governors from the recorded openstates/people files (tests/fixtures/openstates).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { governorFromOpenstates, governorToOfficial, openstatesIdOf, type OpenstatesPerson } from "~/lib/governors-source";

const person = (state: string, prefix: string) => {
  const folder = `tests/fixtures/openstates/${state}/executive`;
  const file = readdirSync(folder).find((f) => f.startsWith(prefix))!;
  return parse(readFileSync(`${folder}/${file}`, "utf8")) as OpenstatesPerson;
};

describe("governorFromOpenstates", () => {
  test("a current governor with continuous service since the first term", () => {
    const g = governorFromOpenstates(person("ak", "Mike-Dunleavy"), "https://example.test/ak.yml", "2026-11-22")!;
    expect(g).toMatchObject({ state: "AK", name: "Mike Dunleavy", party: "Republican", termStart: "2018-12-03" });
    expect(governorToOfficial(g)).toMatchObject({ office: "Governor", tenure: "Since 2018", openstatesId: g.openstatesId });
  });

  test("a role that ended is not current, nor is one that has not started", () => {
    expect(governorFromOpenstates(person("ca", "Gavin-Newsom"), "x", "2026-11-22")).toBeNull();
    expect(governorFromOpenstates(person("ak", "Mike-Dunleavy"), "x", "2018-01-01")).toBeNull();
  });

  test("other executive officers are not governors", () => {
    expect(governorFromOpenstates(person("de", "Anthony-Albence"), "x", "2026-11-22")).toBeNull();
  });

  test("an office in another state is dropped (WY's file carries Puerto Rico's)", () => {
    const g = governorFromOpenstates(person("wy", "Mark-Gordon"), "x", "2026-11-22")!;
    expect(g).toMatchObject({ state: "WY", phone: null, address: null });
  });

  test("the person id of a shipped record comes only from a person file's name", () => {
    const base = { state: "NJ", name: "A", firstName: "A", lastName: "B", party: "Democratic", termStart: "2026-01-20" };
    const none = { website: null, photoUrl: null, phone: null, address: null, contactFormUrl: null, xProfileUrl: null, asOf: "2026-11-21" };
    const file = "https://github.com/openstates/people/blob/abc/data/wa/executive/Bob-Ferguson-117499b6-79e9-4eaf-827d-59c0ed14b7c0.yml";
    expect(openstatesIdOf({ ...base, ...none, sources: [file] })).toBe("ocd-person/117499b6-79e9-4eaf-827d-59c0ed14b7c0");
    expect(openstatesIdOf({ ...base, ...none, sources: [`${file} (office phone only, from the predecessor's record)`] })).toBeNull();
  });
});
