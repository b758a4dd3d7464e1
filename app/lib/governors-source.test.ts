// Governors from the recorded openstates/people files (tests/fixtures/openstates).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { governorFromOpenstates, governorsAt, governorToOfficial, openstatesIdOf, type OpenstatesPerson } from "~/lib/governors-source";

const person = (state: string, prefix: string) => {
  const folder = `tests/fixtures/openstates/${state}/executive`;
  const file = readdirSync(folder).find((f) => f.startsWith(prefix))!;
  return parse(readFileSync(`${folder}/${file}`, "utf8")) as OpenstatesPerson;
};

describe("governorFromOpenstates", () => {
  test("a current governor with continuous service since the first term", () => {
    const g = governorFromOpenstates(person("ak", "Mike-Dunleavy"), "https://example.test/ak.yml", new Date("2026-11-22T12:00:00Z"))!;
    expect(g).toMatchObject({ state: "AK", name: "Mike Dunleavy", party: "Republican", termStart: "2018-12-03" });
    expect(governorToOfficial(g)).toMatchObject({ office: "Governor", tenure: "Since 2018", openstatesId: g.openstatesId });
  });

  test("a role that ended is over on its end date, one that has not started is to come, and only the current one is current", () => {
    const at = new Date("2026-11-22T12:00:00Z");
    const newsom = governorFromOpenstates(person("ca", "Gavin-Newsom"), "x", at)!;
    expect(newsom).toMatchObject({ state: "CA", roleEnd: "2026-01-01" });
    const early = new Date("2018-01-01T12:00:00Z");
    const dunleavyElect = governorFromOpenstates(person("ak", "Mike-Dunleavy"), "x", early)!;
    expect(dunleavyElect.termStart).toBe("2018-12-03");
    const dunleavy = governorFromOpenstates(person("ak", "Mike-Dunleavy"), "x", at)!;
    expect(governorsAt([newsom, dunleavy], at)).toEqual({ current: [dunleavy], upcoming: [], ended: [newsom] });
    expect(governorsAt([dunleavyElect], early)).toEqual({ current: [], upcoming: [dunleavyElect], ended: [] });
  });

  test("other executive officers are not governors", () => {
    expect(governorFromOpenstates(person("de", "Anthony-Albence"), "x", new Date("2026-11-22T12:00:00Z"))).toBeNull();
  });

  test("an office in another state is dropped (WY's file carries Puerto Rico's)", () => {
    const g = governorFromOpenstates(person("wy", "Mark-Gordon"), "x", new Date("2026-11-22T12:00:00Z"))!;
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
