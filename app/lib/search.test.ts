import { describe, expect, test } from "vitest";
import { rankSearch, type SearchResult } from "./search";

const state = (id: number, name: string, abbreviation: string): SearchResult => ({ kind: "state", id, name, abbreviation });
const official = (id: number, name: string, stateAbbreviation = "XX"): SearchResult => {
  const [firstName, ...rest] = name.split(" ");
  return {
    kind: "official",
    id,
    name,
    firstName,
    lastName: rest.join(" "),
    office: "Senator",
    party: "Democratic",
    stateAbbreviation,
    stateName: "X",
  };
};

describe("rankSearch: the order of search results", () => {
  const candidates = [
    state(1, "North Carolina", "NC"),
    state(2, "California", "CA"),
    official(3, "Maria Cantwell"),
    official(4, "Cal Cunningham"),
    official(5, "Alex Padilla", "CA"),
    state(6, "Texas", "TX"),
  ];

  test("names starting with the query first, then states before officials, then alphabetical", () => {
    expect(rankSearch(candidates, "car").map((r) => r.name)).toEqual(["North Carolina"]);
    expect(rankSearch(candidates, "can").map((r) => r.name)).toEqual(["Maria Cantwell"]);
    expect(rankSearch(candidates, "cal").map((r) => r.name)).toEqual(["California", "Cal Cunningham"]);
  });

  test("an exact state abbreviation comes first, with its statewide officials", () => {
    expect(rankSearch(candidates, "ca").map((r) => r.name)).toEqual([
      "California",
      "Alex Padilla",
      "Cal Cunningham",
      "North Carolina",
      "Maria Cantwell",
    ]);
  });

  test("case-insensitive; matches abbreviations of states and first or last names of officials", () => {
    expect(rankSearch(candidates, "TX").map((r) => r.name)).toEqual(["Texas"]);
    expect(rankSearch(candidates, "padil").map((r) => r.name)).toEqual(["Alex Padilla"]);
    expect(rankSearch(candidates, "ALEX").map((r) => r.name)).toEqual(["Alex Padilla"]);
  });

  test("needs 2 non-blank characters and returns at most 8", () => {
    expect(rankSearch(candidates, " c ")).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => official(100 + i, `Anna Person${i}`));
    expect(rankSearch(many, "anna")).toHaveLength(8);
  });
});

describe("the names people use", () => {
  const sanders: SearchResult = {
    kind: "official",
    id: 9,
    name: "Bernard Sanders",
    firstName: "Bernard",
    lastName: "Sanders",
    nickname: "Bernie",
    office: "Senator",
    party: "Independent",
    stateAbbreviation: "VT",
    stateName: "Vermont",
  };
  test("an official is found by nickname, nickname and last name, and official full name", () => {
    for (const q of ["Bernie Sanders", "bernie", "Bernard Sanders", "sanders"]) expect(rankSearch([sanders], q), q).toEqual([sanders]);
    expect(rankSearch([sanders], "Bernie Smith")).toEqual([]);
  });
  test("word order, an office word as a filter, one typo", () => {
    for (const q of ["Sanders Bernie", "sen sanders", "senator bernie", "Sandres"]) expect(rankSearch([sanders], q), q).toEqual([sanders]);
    expect(rankSearch([sanders], "rep sanders")).toEqual([]);
    expect(rankSearch([sanders], "Sxndrxs")).toEqual([]);
  });
});
