import { describe, expect, test } from "vitest";
import { governorParty, partyControl, politicalLeaning } from "./political-leaning";

const o = (office: string, party: string) => ({ office, party });

describe("politicalLeaning: a state's leaning from its officials' parties", () => {
  test("more Democrats than Republicans is Democratic, counting the governor", () => {
    expect(politicalLeaning([o("Governor", "Democratic"), o("Senator", "Republican"), o("Senator", "Democratic")])).toBe("Democratic");
  });
  test("more Republicans is Republican", () => {
    expect(politicalLeaning([o("Senator", "Republican"), o("Senator", "Republican"), o("Representative", "Democratic")])).toBe(
      "Republican",
    );
  });
  test("equal and nonzero is Split; independents do not tip it", () => {
    expect(politicalLeaning([o("Senator", "Republican"), o("Senator", "Democratic"), o("Senator", "Independent")])).toBe("Split");
  });
  test("no officials is Unknown; cabinet members are not counted", () => {
    expect(politicalLeaning([])).toBe("Unknown");
    expect(politicalLeaning([o("Cabinet", "Democratic")])).toBe("Unknown");
  });
});

describe("partyControl of the congressional delegation", () => {
  test("a party holding more than half the seats controls it; the governor does not count", () => {
    expect(
      partyControl([
        o("Governor", "Republican"),
        o("Senator", "Democratic"),
        o("Senator", "Democratic"),
        o("Representative", "Republican"),
      ]),
    ).toBe("Democratic");
  });
  test("no majority is Split (Maine: R, I, D, D)", () => {
    expect(
      partyControl([
        o("Senator", "Republican"),
        o("Senator", "Independent"),
        o("Representative", "Democratic"),
        o("Representative", "Democratic"),
      ]),
    ).toBe("Split");
  });
  test("a territory with only its delegate follows the delegate; nobody at all is null", () => {
    expect(partyControl([o("Representative", "Republican")])).toBe("Republican");
    expect(partyControl([o("Governor", "Democratic")])).toBeNull();
  });
  test("governorParty is the governor's party or null", () => {
    expect(governorParty([o("Senator", "Democratic"), o("Governor", "Republican")])).toBe("Republican");
    expect(governorParty([o("Senator", "Democratic")])).toBeNull();
  });
});
