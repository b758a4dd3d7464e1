import { describe, expect, test } from "vitest";
import { mapStanding } from "./map-colors";
import { compareOfficials, initials, officeLabel, shortOfficeLabel } from "./officials-order";
import { timeAgo } from "./relative-time";
import { majorityParty, statePositions } from "./state-positions";
import { splitAfterKey } from "~/components/split-pane";

describe("map standing: colour, words and list letter from one computation", () => {
  const base = { type: "state", group: "all" as const, topic: null, position: undefined, partyControl: null };
  test("party colours and letters follow the position for the group, else party control", () => {
    expect(mapStanding({ ...base, position: "Democratic" })).toEqual({
      heading: "Party control (all officials)",
      label: "Democratic",
      color: "#3b82f6",
      letter: "D",
    });
    expect(mapStanding({ ...base, group: null, partyControl: "Republican" })).toMatchObject({
      label: "Republican",
      color: "#ef4444",
      letter: "R",
    });
    expect(mapStanding({ ...base, group: "senators", position: "Independent", partyControl: "Republican" })).toMatchObject({
      heading: "Party control (senators)",
      label: "Independent",
      color: "#8b5cf6",
      letter: "I",
    });
  });
  test("Split and no data are grey with a dash, and say so", () => {
    expect(mapStanding({ ...base, position: "Split", partyControl: "Republican" })).toMatchObject({
      label: "Split",
      color: "#9ca3af",
      letter: "–",
    });
    expect(mapStanding({ ...base, position: null, partyControl: "Democratic" })).toMatchObject({
      label: "No data",
      color: "#9ca3af",
      letter: "–",
    });
  });
  test("a topic greys everything; territories under senators or governors are not applicable", () => {
    expect(mapStanding({ ...base, group: null, topic: "economy", partyControl: "Democratic" })).toEqual({
      heading: "Topic overlay",
      label: "No data yet",
      color: "#9ca3af",
      letter: "–",
    });
    expect(mapStanding({ ...base, type: "territory", group: "governors", position: null })).toMatchObject({
      label: "Not applicable",
      letter: "N/A",
    });
    expect(mapStanding({ ...base, type: "territory", group: "representatives", position: "Republican" })).toMatchObject({ letter: "R" });
  });
});

describe("party-majority positions", () => {
  test("the majority party among officials of the type; a tie is Split; none is null", () => {
    expect(majorityParty([{ party: "Democratic" }, { party: "Democratic" }, { party: "Republican" }])).toBe("Democratic");
    expect(majorityParty([{ party: "Democratic" }, { party: "Republican" }])).toBe("Split");
    expect(majorityParty([])).toBeNull();
    const officials = [
      { stateId: 1, office: "Senator", party: "Republican" },
      { stateId: 1, office: "Senator", party: "Republican" },
      { stateId: 1, office: "Governor", party: "Democratic" },
      { stateId: 1, office: "Representative", party: "Democratic" },
      { stateId: 1, office: "Representative", party: "Democratic" },
    ];
    expect(statePositions(officials, [1, 2], "senators")).toEqual([
      { stateId: 1, overallMajorityPosition: "Republican" },
      { stateId: 2, overallMajorityPosition: null },
    ]);
    expect(statePositions(officials, [1], "governors")[0].overallMajorityPosition).toBe("Democratic");
    expect(statePositions(officials, [1], "all")[0].overallMajorityPosition).toBe("Democratic");
  });
});

describe("sorting and labels", () => {
  test("Governor, Cabinet, Senator, Representative; by name within office", () => {
    const o = (office: string, lastName: string) => ({ office, lastName, firstName: "A" });
    const sorted = [
      o("Representative", "Adams"),
      o("Senator", "Young"),
      o("Governor", "Zed"),
      o("Senator", "Baker"),
      o("Cabinet", "Moe"),
    ].sort(compareOfficials);
    expect(sorted.map((x) => `${x.office} ${x.lastName}`)).toEqual([
      "Governor Zed",
      "Cabinet Moe",
      "Senator Baker",
      "Senator Young",
      "Representative Adams",
    ]);
  });
  test("office labels and initials", () => {
    expect(officeLabel("Representative")).toBe("House Representative");
    expect(shortOfficeLabel("Senator")).toBe("Sen");
    expect(shortOfficeLabel("Representative")).toBe("House Rep");
    expect(initials({ firstName: "alexandria", lastName: "ocasio-cortez", name: "x" })).toBe("AO");
    expect(initials({ firstName: null, lastName: null, name: "Cher" })).toBe("C");
  });
  test("verification age", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(timeAgo(new Date("2026-11-21T08:00:00Z"), now)).toBe("today");
    expect(timeAgo(new Date("2026-11-22T08:00:00Z"), now)).toBe("today");
    expect(timeAgo(new Date("2026-11-20T08:00:00Z"), now)).toBe("yesterday");
    expect(timeAgo(new Date("2026-11-09T12:00:00Z"), now)).toBe("12 days ago");
    expect(timeAgo(new Date("2026-10-07T12:00:00Z"), now)).toBe("1 month ago");
    expect(timeAgo(new Date("2026-06-15T00:00:00Z"), now)).toBe("5 months ago");
    expect(timeAgo(new Date("2021-10-28T00:00:00Z"), now)).toBe("5 years ago");
  });
});

describe("split pane keyboard", () => {
  test("arrows move 10%, Shift goes all the way, both sides keep 30%", () => {
    expect(splitAfterKey(50, "ArrowLeft", false)).toBe(40);
    expect(splitAfterKey(50, "ArrowRight", false)).toBe(60);
    expect(splitAfterKey(50, "ArrowLeft", true)).toBe(30);
    expect(splitAfterKey(50, "ArrowRight", true)).toBe(70);
    expect(splitAfterKey(35, "ArrowLeft", false)).toBe(30);
    expect(splitAfterKey(50, "Tab", false)).toBeNull();
  });
});
