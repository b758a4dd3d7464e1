import { describe, expect, test } from "vitest";
import { listLetter, stateColor } from "./map-colors";
import { compareOfficials, initials, officeLabel, shortOfficeLabel } from "./officials-order";
import { timeAgo } from "./relative-time";
import { majorityParty, statePositions } from "./state-positions";
import { splitAfterKey } from "~/components/split-pane";

describe("map colouring (spec 1 §4, §9)", () => {
  test("party colours; a topic greys everything; no data is grey", () => {
    expect(stateColor({ topic: null, position: undefined, partyControl: "Democratic" })).toBe("#3b82f6");
    expect(stateColor({ topic: null, position: undefined, partyControl: "Republican" })).toBe("#ef4444");
    expect(stateColor({ topic: null, position: "Independent", partyControl: "Republican" })).toBe("#8b5cf6");
    expect(stateColor({ topic: "economy", position: "Democratic", partyControl: "Democratic" })).toBe("#9ca3af");
    expect(stateColor({ topic: null, position: null, partyControl: "Democratic" })).toBe("#9ca3af");
    expect(stateColor({ topic: null, position: undefined, partyControl: "Split" })).toBe("#9ca3af");
  });
});

describe("list letters", () => {
  test("D, R, I for party; N/A for territories under senators or governors; a dash for no data", () => {
    expect(listLetter({ type: "state", group: "all", topic: null, position: "Democratic", partyControl: null })).toBe("D");
    expect(listLetter({ type: "state", group: null, topic: null, position: undefined, partyControl: "Republican" })).toBe("R");
    expect(listLetter({ type: "state", group: "senators", topic: null, position: "Independent", partyControl: null })).toBe("I");
    expect(listLetter({ type: "territory", group: "senators", topic: null, position: null, partyControl: "Democratic" })).toBe("N/A");
    expect(listLetter({ type: "territory", group: "governors", topic: null, position: null, partyControl: null })).toBe("N/A");
    expect(listLetter({ type: "territory", group: "representatives", topic: null, position: "Republican", partyControl: null })).toBe("R");
    expect(listLetter({ type: "state", group: "all", topic: null, position: null, partyControl: null })).toBe("–");
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
    expect(timeAgo(new Date("2026-11-09T12:00:00Z"), now)).toBe("12 days ago");
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
