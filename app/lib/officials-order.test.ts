import { describe, expect, test } from "vitest";
import { compareByDistrict, districtLabel, houseOrderOf } from "./officials-order";

const member = (lastName: string, district: string | null) => ({ lastName, firstName: "A", district });

describe("House members by district", () => {
  test("at-large first, then by district number (not as text), a member without a district last", () => {
    const sorted = [member("Z", "10"), member("Y", "02"), member("X", null), member("W", "AL"), member("V", "01")].sort(compareByDistrict);
    expect(sorted.map((m) => m.district)).toEqual(["AL", "01", "02", "10", null]);
  });
  test("?order=district picks it; anything else is the default, by last name", () => {
    expect(houseOrderOf("district")).toBe("district");
    expect(houseOrderOf("bogus")).toBe("name");
    expect(houseOrderOf(null)).toBe("name");
  });
  test("a district reads District 1, At-large, or Delegate (at-large) for DC and the territories", () => {
    expect(districtLabel("01")).toBe("District 1");
    expect(districtLabel("AL", "VT")).toBe("At-large");
    expect(districtLabel("AL", "DC")).toBe("Delegate (at-large)");
    expect(districtLabel("AL", "PR")).toBe("Delegate (at-large)");
  });
});
