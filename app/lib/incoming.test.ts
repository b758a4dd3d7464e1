import { describe, expect, test } from "vitest";
import { incomingWords } from "~/lib/incoming";

describe("an incoming official's words", () => {
  test("the office's -elect title, the name and the day the term begins", () => {
    expect(incomingWords({ office: "Governor", name: "Pat Example", start: "2027-01-20" })).toBe(
      "Governor-elect Pat Example takes office Jan 20, 2027",
    );
    expect(incomingWords({ office: "Representative", name: "Ana Ruiz", start: "2027-01-03" })).toBe(
      "Representative-elect Ana Ruiz takes office Jan 3, 2027",
    );
  });
});
