// Search on the shipped data: what people type, and the first result they should get.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { rankSearch } from "~/lib/search";
import { searchCandidates } from "~/models/officials.server";
import { loader as searchApi } from "~/routes/api.search";

const first = async (q: string) => rankSearch(await searchCandidates(db), q)[0]?.name;

describe("the first result for real queries", () => {
  test.each([
    // Nicknames from the data and common names from the reviewed table
    ["AOC", "Alexandria Ocasio-Cortez"],
    ["aoc", "Alexandria Ocasio-Cortez"],
    ["Bernie", "Bernard Sanders"],
    ["Bernie Sanders", "Bernard Sanders"],
    ["chuck", "Charles E. Schumer"],
    ["Chuck Grassley", "Chuck Grassley"],
    ["Dick Durbin", "Richard J. Durbin"],
    ["JB Pritzker", "J. B. Pritzker"],
    ["Maggie Hassan", "Margaret Wood Hassan"],
    ["Hank Johnson", 'Henry C. "Hank" Johnson, Jr.'],
    ["Tim Kaine", "Tim Kaine"],
    // Word order, punctuation and accents
    ["Pelosi Nancy", "Nancy Pelosi"],
    ["Sanders Bernie", "Bernard Sanders"],
    ["cruz ted", "Ted Cruz"],
    ["Ocasio-Cortez", "Alexandria Ocasio-Cortez"],
    ["ocasio cortez", "Alexandria Ocasio-Cortez"],
    ["velazquez", "Nydia M. Velázquez"],
    ["Eleanor Holmes Norton", "Eleanor Holmes Norton"],
    // Office words filter rather than match a name
    ["sen warren", "Elizabeth Warren"],
    ["senator schiff", "Adam B. Schiff"],
    ["rep jeffries", "Hakeem S. Jeffries"],
    ["representative pelosi", "Nancy Pelosi"],
    ["gov newsom", "Gavin Newsom"],
    ["gov texas", "Greg Abbott"],
    ["governor ca", "Gavin Newsom"],
    ["sen ny", "Charles E. Schumer"],
    // One typo
    ["Pelosy", "Nancy Pelosi"],
    ["McConell", "Mitch McConnell"],
    ["Fettermen", "John Fetterman"],
    ["Rasken", "Jamie Raskin"],
    ["Osoff", "Jon Ossoff"],
    ["Sandres", "Bernard Sanders"],
    // An exact state first
    ["NY", "New York"],
    ["ny", "New York"],
    ["New York", "New York"],
    ["Texas", "Texas"],
    ["AK", "Alaska"],
    ["Washington", "Washington"],
    ["Puerto Rico", "Puerto Rico"],
    ["DC", "District of Columbia"],
    // Plain names
    ["Hochul", "Kathy Hochul"],
    ["Whitmer", "Gretchen Whitmer"],
    ["Murkowski", "Lisa Murkowski"],
    ["Hakeem", "Hakeem S. Jeffries"],
    ["Cantwell", "Maria Cantwell"],
    ["Mike Johnson", "Mike Johnson"],
  ])("%s → %s", async (q, name) => {
    expect(await first(q)).toBe(name);
  });
});

describe("what follows the first result", () => {
  test("NY: New York, then its governor and senators, before Nydia Velázquez", async () => {
    const names = rankSearch(await searchCandidates(db), "NY").map((r) => r.name);
    expect(names.slice(0, 4)).toEqual(["New York", "Kathy Hochul", "Kirsten E. Gillibrand", "Charles E. Schumer"]);
    expect(names.indexOf("Nydia M. Velázquez")).toBeGreaterThan(3);
  });

  test("an office word with a state lists only that office there; a rep query finds no senator", async () => {
    const results = rankSearch(await searchCandidates(db), "senators wy");
    expect(results.map((r) => r.name)).toEqual(["Cynthia M. Lummis", "John Barrasso"]);
    expect(rankSearch(await searchCandidates(db), "rep warren").map((r) => r.name)).not.toContain("Elizabeth Warren");
  });

  test("GET /api/search answers the same ranking", async () => {
    const response = (await searchApi({
      request: new Request("http://localhost/api/search?q=AOC"),
      params: {},
      context: {},
    } as never)) as Response;
    const { results } = (await response.json()) as { results: { name: string }[] };
    expect(results[0].name).toBe("Alexandria Ocasio-Cortez");
  });
});
