import { describe, expect, test } from "vitest";
import { consistencyIssues, findDuplicates, qualityScore, type CheckedOfficial } from "./data-quality";

const VT = { abbreviation: "VT", type: "state", houseSeats: 1 };
const CA = { abbreviation: "CA", type: "state", houseSeats: 52 };
const PR = { abbreviation: "PR", type: "territory", houseSeats: 0 };
const official = (id: number, over: Partial<CheckedOfficial> = {}): CheckedOfficial => ({
  id,
  name: `Person ${"ABCDEFGHIJ"[id]}`,
  office: "Representative",
  party: "Democratic",
  district: "05",
  state: CA,
  currentTermEnds: ["2027-01-03"],
  ...over,
});

describe("consistency", () => {
  test("a clean record has no issues", () => {
    expect(consistencyIssues(official(1), "2026-11-22")).toEqual([]);
    expect(consistencyIssues(official(2, { state: VT, district: "AL" }), "2026-11-22")).toEqual([]);
    expect(consistencyIssues(official(3, { state: PR, district: "AL" }), "2026-11-22")).toEqual([]);
  });

  test("party, office, district against the state's seats, ended terms", () => {
    expect(consistencyIssues(official(1, { party: "Whig" }), "2026-11-22")).toEqual([
      'Party "Whig" is not one of Democratic, Republican, Independent, Other',
    ]);
    expect(consistencyIssues(official(1, { office: "Mayor" }), "2026-11-22")[0]).toMatch(/^Office "Mayor"/);
    expect(consistencyIssues(official(1, { district: "53" }), "2026-11-22")).toEqual(["District 53 is not one of CA's 52 districts"]);
    expect(consistencyIssues(official(1, { state: VT, district: "01" }), "2026-11-22")).toEqual([
      "District 01 but VT has one at-large seat",
    ]);
    expect(consistencyIssues(official(1, { office: "Senator", district: null, state: PR }), "2026-11-22")).toEqual(["PR has no senators"]);
    expect(consistencyIssues(official(1, { currentTermEnds: ["2026-11-21"] }), "2026-11-22")).toEqual(["Current term ended on 2026-11-21"]);
    expect(consistencyIssues(official(1, { currentTermEnds: ["2026-11-22"] }), "2026-11-22")).toEqual([]);
  });
});

test("duplicates: the same person twice, one seat twice, three senators", () => {
  const groups = findDuplicates([
    official(1, { name: "Ann Lee" }),
    official(2, { name: "ANN LEE", district: "06" }),
    official(3, { district: "05" }),
    official(4, { office: "Senator", district: null, name: "Sam One" }),
    official(5, { office: "Senator", district: null, name: "Sue Two" }),
    official(6, { office: "Senator", district: null, name: "Sid Three" }),
    official(7, { district: "07" }),
  ]);
  expect(groups).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ reason: "Same name, state and office", officialIds: [1, 2] }),
      expect.objectContaining({ reason: "Two representatives for one seat", key: "CA-05", officialIds: [1, 3] }),
      expect.objectContaining({ reason: "More than two senators for one state", officialIds: [4, 5, 6] }),
    ]),
  );
  expect(groups).toHaveLength(3);
});

test("quality score", () => {
  expect(qualityScore([], 0)).toBe(100);
  expect(qualityScore(["email"], 0)).toBe(86);
  expect(qualityScore(["email", "phone"], 1)).toBe(61);
  expect(qualityScore(["email", "phone", "officeAddress", "websiteUrl", "socialMediaLinks", "biography", "committees"], 3)).toBe(0);
});
