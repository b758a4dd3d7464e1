import { describe, expect, test } from "vitest";
import { PROFILE_OPTIONS, REGISTRATION_OPTIONS, optionLabel, sameProfileOption } from "./account-schemas";

describe("choice labels (issue 13 §6)", () => {
  test("profile values read as written; registration values read as words", () => {
    expect(optionLabel("2-3 times per week")).toBe("2-3 times per week");
    expect(optionLabel("every-election")).toBe("Every election");
    expect(optionLabel("prefer-not-to-say")).toBe("Prefer not to say");
    expect(optionLabel("green")).toBe("Green Party");
  });
  test("a registration choice with a profile equivalent is that option, so the edit list has no duplicate", () => {
    expect(sameProfileOption("independent", PROFILE_OPTIONS.politicalAffiliation)).toBe("Independent");
    expect(sameProfileOption("green", PROFILE_OPTIONS.politicalAffiliation)).toBe("Green Party");
    expect(sameProfileOption("major-elections", PROFILE_OPTIONS.votingFrequency)).toBeUndefined();
    // The edit list as the profile page builds it, for every registration choice: no label twice.
    const options = PROFILE_OPTIONS.politicalAffiliation;
    for (const value of REGISTRATION_OPTIONS.politicalAffiliation) {
      const current = sameProfileOption(value, options) ?? value;
      const labels = (options.includes(current as never) ? [...options] : [current, ...options]).map(optionLabel);
      expect(new Set(labels).size, value).toBe(labels.length);
    }
  });
});
