// The shipped district shapes against the reference data, and the map drawn from them.
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { DistrictMap } from "~/components/district-map";
import { districtHrefOfOfficial, districtMap, districtNeighbours, districtNumbers, resolveDistrict } from "~/lib/district-shapes.server";
import { parseDistrictSlug } from "~/lib/districts";

const states: { abbreviation: string; type: string; houseSeats: number }[] = JSON.parse(readFileSync("prisma/data/states.json", "utf8"));

describe("the shapes", () => {
  test("cover 441 districts: every state's House seats, one delegate seat for DC and each territory", () => {
    expect(states.reduce((n, s) => n + districtNumbers(s.abbreviation).length, 0)).toBe(441);
    for (const s of states) {
      const numbers = districtNumbers(s.abbreviation);
      if (s.type !== "state") expect(numbers, s.abbreviation).toEqual([98]);
      else if (s.houseSeats === 1) expect(numbers, s.abbreviation).toEqual([0]);
      else expect(numbers, s.abbreviation).toEqual(Array.from({ length: s.houseSeats }, (_, i) => i + 1));
    }
  });

  test("neighbours share a border both ways, across state lines too", () => {
    const ca12 = districtNeighbours("CA", 12);
    expect(ca12).toEqual([
      { state: "CA", number: 8 },
      { state: "CA", number: 10 },
      { state: "CA", number: 14 },
    ]);
    for (const n of ca12) expect(districtNeighbours(n.state, n.number)).toContainEqual({ state: "CA", number: 12 });
    expect(districtNeighbours("WY", 0).map((n) => n.state)).toEqual(expect.arrayContaining(["MT", "SD", "NE", "CO", "UT", "ID"]));
    expect(districtNeighbours("NY", 12)).toContainEqual({ state: "NJ", number: 8 });
    expect(districtNeighbours("HI", 1)).toEqual([{ state: "HI", number: 2 }]);
    expect(districtNeighbours("GU", 98)).toEqual([]);
  });
});

describe("addresses", () => {
  test("a number, or a word for a state's only seat", () => {
    expect(parseDistrictSlug("ca-012")).toEqual({ state: "CA", seat: 12 });
    expect(parseDistrictSlug("WY-AL")).toEqual({ state: "WY", seat: "single" });
    expect(parseDistrictSlug("DC-delegate")).toEqual({ state: "DC", seat: "single" });
    for (const junk of ["", "CA", "CA12", "CA-", "CA-1.5", "CA-twelve", "C-1", "CAL-1", "CA-1234", "../CA-1"])
      expect(parseDistrictSlug(junk), junk).toBeNull();
  });

  test("resolve to the state's districts only: at-large 0, delegate 98, both also as 1", () => {
    expect(resolveDistrict("CA", 52)).toBe(52);
    expect(resolveDistrict("CA", 53)).toBeNull();
    expect(resolveDistrict("CA", 0)).toBeNull();
    expect(resolveDistrict("CA", "single")).toBeNull();
    expect(resolveDistrict("WY", "single")).toBe(0);
    expect(resolveDistrict("WY", 1)).toBe(0);
    expect(resolveDistrict("WY", 98)).toBe(0);
    expect(resolveDistrict("DC", 0)).toBe(98);
    expect(resolveDistrict("PR", "single")).toBe(98);
    expect(resolveDistrict("ZZ", 1)).toBeNull();
  });

  test("an official's district value leads to its page", () => {
    expect(districtHrefOfOfficial("CA", "12")).toBe("/district/CA-12");
    expect(districtHrefOfOfficial("WY", "AL")).toBe("/district/WY-AL");
    expect(districtHrefOfOfficial("DC", "AL")).toBe("/district/DC-AL");
    expect(districtHrefOfOfficial("CA", "99")).toBeNull();
    expect(districtHrefOfOfficial("CA", null)).toBeNull();
  });
});

describe("the map", () => {
  const render = (state: string, numbers: number[]) =>
    renderToStaticMarkup(<DistrictMap map={districtMap(state, numbers, (n) => `${state} district ${n}`)!} title="Map" />);

  test("each highlighted district is a link named for it, drawn over the rest of its state", () => {
    const svg = render("CA", [12]);
    expect(svg).toContain('<a href="/district/CA-12" aria-label="CA district 12"');
    expect(svg.match(/<a /g)).toHaveLength(1);
    expect(svg.match(/<path /g)).toHaveLength(3);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  });

  test("a state's only seat is drawn alone; territories are drawn too", () => {
    expect(render("WY", [0])).toContain('href="/district/WY-AL"');
    expect(render("WY", [0]).match(/<path /g)).toHaveLength(1);
    for (const s of ["DC", "PR", "GU", "AS", "MP", "VI", "AK", "HI"]) expect(render(s, districtNumbers(s)), s).toMatch(/<path d="M\d/);
  });

  test("several districts (a ZIP that spans them) are each a link; unknown ones are skipped", () => {
    const svg = render("TX", [7, 9, 99]);
    expect(svg).toContain('href="/district/TX-7"');
    expect(svg).toContain('href="/district/TX-9"');
    expect(svg).not.toContain("TX-99");
    expect(districtMap("ZZ", [1], String)).toBeNull();
  });

  test("coordinates have at most one decimal, and a tiny district gets a dot", () => {
    const svg = render("NY", [12]);
    expect(svg).not.toMatch(/\d\.\d\d/);
    expect(svg).toContain("<circle");
  });
});
