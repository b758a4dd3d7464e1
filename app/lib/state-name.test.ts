import { describe, expect, it } from "vitest";
import { abbreviationOfStateName } from "./state-name";

const states = [
  { name: "California", abbreviation: "CA" },
  { name: "New York", abbreviation: "NY" },
  { name: "District of Columbia", abbreviation: "DC" },
];

describe("a state's full name in a URL", () => {
  it("is found in any case, with spaces, hyphens or underscores between the words", () => {
    expect(abbreviationOfStateName("california", states)).toBe("CA");
    expect(abbreviationOfStateName("CALIFORNIA", states)).toBe("CA");
    expect(abbreviationOfStateName("new-york", states)).toBe("NY");
    expect(abbreviationOfStateName("New York", states)).toBe("NY");
    expect(abbreviationOfStateName(" district_of--columbia ", states)).toBe("DC");
  });
  it("is not guessed from part of a name or a typo", () => {
    expect(abbreviationOfStateName("york", states)).toBeNull();
    expect(abbreviationOfStateName("californa", states)).toBeNull();
    expect(abbreviationOfStateName("", states)).toBeNull();
  });
});
