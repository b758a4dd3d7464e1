import * as cheerio from "cheerio";
import { describe, expect, test } from "vitest";
import {
  atomFeed,
  changeFiltersQuery,
  describeSource,
  groupByDay,
  historyFieldLabel,
  historyLinkText,
  parseChangeFilters,
  parsePage,
  STAFF_ONLY_FIELDS,
} from "~/lib/change-history";

const origin = { method: null, sourceName: null, sourceUrl: null, submitterRole: null, reviewerRole: null };

describe("describeSource", () => {
  test("an import names its source and links it", () => {
    expect(
      describeSource({ ...origin, method: "import", sourceName: "congress-legislators", sourceUrl: "https://x.example/l.json" }),
    ).toEqual({
      label: "congress-legislators",
      url: "https://x.example/l.json",
    });
  });
  test("staff are named by role only: an admin's edit, a moderator's approved suggestion, an approved crawler finding", () => {
    expect(describeSource({ ...origin, method: "staff_edit", submitterRole: "admin", reviewerRole: "admin" }).label).toBe(
      "staff edit (Admin)",
    );
    expect(describeSource({ ...origin, method: "staff_edit", submitterRole: "moderator", reviewerRole: "owner" }).label).toBe(
      "staff suggestion (Moderator), approved by staff (Owner)",
    );
    expect(describeSource({ ...origin, method: "crawler", sourceName: "Contact crawler", reviewerRole: "admin" }).label).toBe(
      "official website (crawler), approved by staff (Admin)",
    );
    // A deleted account leaves no role: still "staff", never a guess.
    expect(describeSource({ ...origin, method: "staff_edit" }).label).toBe("staff edit (staff)");
  });
});

test("labels are the data-management pages' labels, and staff notes are never public", () => {
  expect(historyFieldLabel("official", "phone")).toBe("Phone");
  expect(historyFieldLabel("official", "website")).toBe("Official website");
  expect(historyFieldLabel("official", "mastodonUrl")).toBe("Mastodon URL");
  expect(historyFieldLabel("state", "partyControl")).toBe("Party control");
  expect(STAFF_ONLY_FIELDS).toContain("notes");
});

test("parsePage takes plain whole numbers from 1 to 10000 only", () => {
  expect(parsePage(null)).toBe(1);
  expect(parsePage("")).toBe(1);
  expect(parsePage("2")).toBe(2);
  expect(parsePage("10000")).toBe(10_000);
  for (const bad of ["0", "-1", "1.5", "02", "abc", "10001", "1e3", " 2", "99999999999999999999"]) expect(parsePage(bad), bad).toBeNull();
});

test("parseChangeFilters: empty means all, a state is two letters, the group one of three; the query string round-trips", () => {
  const ok = parseChangeFilters(new URLSearchParams("state=tx&group=contact&page=3"));
  expect(ok).toEqual({ filters: { stateAbbreviation: "TX", group: "contact", page: 3 } });
  expect(parseChangeFilters(new URLSearchParams("state=&group="))).toEqual({ filters: { stateAbbreviation: null, group: null, page: 1 } });
  expect(parseChangeFilters(new URLSearchParams("state=Texas"))).toHaveProperty("error");
  expect(parseChangeFilters(new URLSearchParams("group=toString"))).toHaveProperty("error");
  expect(parseChangeFilters(new URLSearchParams("page=x"))).toHaveProperty("error");
  if ("filters" in ok) expect(changeFiltersQuery(ok.filters)).toBe("?state=TX&group=contact&page=3");
  expect(changeFiltersQuery({ page: 1 })).toBe("");
});

test("groupByDay keeps the order and splits on the UTC day", () => {
  const days = groupByDay([
    { changedAt: "2026-11-22T23:59:00.000Z" },
    { changedAt: "2026-11-22T00:00:00.000Z" },
    { changedAt: "2026-11-21T23:59:59.000Z" },
  ]);
  expect(days.map((d) => [d.day, d.entries.length])).toEqual([
    ["2026-11-22", 2],
    ["2026-11-21", 1],
  ]);
});

test("historyLinkText", () => {
  expect(historyLinkText(12, "2025-03-04T10:00:00.000Z")).toBe("History: 12 changes since March 2025");
  expect(historyLinkText(1, "2025-03-04T10:00:00.000Z")).toBe("History: 1 change since March 2025");
  expect(historyLinkText(0, null)).toBe("History: no changes recorded yet");
});

test("atomFeed escapes markup and control characters so the document stays well-formed", () => {
  const xml = atomFeed({
    id: "tag:x,2026:f",
    title: "A & B <c>",
    selfUrl: "https://x.example/f.atom?a=1&b=2",
    pageUrl: "https://x.example/f",
    updated: "2026-11-22T00:00:00.000Z",
    entries: [
      {
        id: "tag:x,2026:e/1",
        title: 'Phone "changed"',
        updated: "2026-11-22T00:00:00.000Z",
        link: "https://x.example/e",
        summary: "old </summary><evil/> new\u0001",
        author: "staff edit (Admin)",
      },
    ],
  });
  const $ = cheerio.load(xml, { xml: true });
  expect($("feed > title").text()).toBe("A & B <c>");
  expect($('link[rel="self"]').attr("href")).toBe("https://x.example/f.atom?a=1&b=2");
  expect($("entry summary").text()).toBe("old </summary><evil/> new");
  expect($("evil")).toHaveLength(0);
});
