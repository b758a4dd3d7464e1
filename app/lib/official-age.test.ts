import { describe, expect, test } from "vitest";
import { ageOn, dateOfBirthRefusal, officeAgeWarning } from "./official-age";

const TODAY = "2026-11-27";

describe("dates of birth", () => {
  test("age in whole years, a birthday counting from its own day", () => {
    expect(ageOn("1999-11-27", TODAY)).toBe(27);
    expect(ageOn("1999-11-28", TODAY)).toBe(26);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
  });

  test("a day today or later is refused, as is one that makes the person under 18", () => {
    expect(dateOfBirthRefusal("2030-01-01", TODAY)).toBe("Date of birth must be in the past");
    expect(dateOfBirthRefusal(TODAY, TODAY)).toBe("Date of birth must be in the past");
    expect(dateOfBirthRefusal("2008-11-28", TODAY)).toBe("Date of birth must make the person at least 18");
    expect(dateOfBirthRefusal("2008-11-27", TODAY)).toBeNull();
    expect(dateOfBirthRefusal("1941-09-08", TODAY)).toBeNull();
  });

  test("under 30 for a senator or 25 for a representative is a warning; governors and older members have none", () => {
    expect(officeAgeWarning({ dateOfBirth: "1999-06-01", office: "Senator" }, TODAY)).toBe(
      "Check the date of birth: it makes them 27, younger than the 30 years a senator must be.",
    );
    expect(officeAgeWarning({ dateOfBirth: "2002-06-01", office: "Representative" }, TODAY)).toBe(
      "Check the date of birth: it makes them 24, younger than the 25 years a representative must be.",
    );
    expect(officeAgeWarning({ dateOfBirth: "1996-11-27", office: "Senator" }, TODAY)).toBeNull();
    expect(officeAgeWarning({ dateOfBirth: "2002-06-01", office: "Governor" }, TODAY)).toBeNull();
    expect(officeAgeWarning({ dateOfBirth: null, office: "Senator" }, TODAY)).toBeNull();
  });
});
