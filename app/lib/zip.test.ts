import { describe, expect, test } from "vitest";
import { CROSS_STATE_ZIPS, districtLabel, houseTitle, looksLikeZip, officialDistrict, parseZip } from "~/lib/zip";

describe("parseZip", () => {
  test("5 digits, and ZIP+4 with or without the hyphen, give the 5-digit ZIP", () => {
    expect(parseZip("90210")).toEqual({ ok: true, zip: "90210" });
    expect(parseZip(" 20001-1234 ")).toEqual({ ok: true, zip: "20001" });
    expect(parseZip("200011234")).toEqual({ ok: true, zip: "20001" });
  });

  test("anything else is refused with a message that says what a ZIP looks like", () => {
    expect(parseZip("")).toEqual({ ok: false, message: "Enter a 5-digit ZIP code." });
    expect(parseZip(null)).toEqual({ ok: false, message: "Enter a 5-digit ZIP code." });
    for (const bad of ["9021", "902100", "90210-12", "abcde", "90 210", "90210-12345", "Denver"]) {
      expect(parseZip(bad)).toEqual({ ok: false, message: "A ZIP code is 5 digits (such as 20001) or ZIP+4 (such as 20001-1234)." });
    }
  });

  test("looksLikeZip tells a ZIP from a name in the search box", () => {
    expect(looksLikeZip("90210")).toBe(true);
    expect(looksLikeZip("90210-1234")).toBe(true);
    expect(looksLikeZip("9021")).toBe(false);
    expect(looksLikeZip("Smith")).toBe(false);
  });
});

describe("district rules", () => {
  test("the README's 115 state-crossing ZIP code areas, 30165 (Rome, GA) among them", () => {
    expect(CROSS_STATE_ZIPS.size).toBe(115);
    expect(CROSS_STATE_ZIPS.has("30165")).toBe(true);
    expect(CROSS_STATE_ZIPS.has("90210")).toBe(false);
  });

  test("seat names: at-large, Delegate, Resident Commissioner", () => {
    expect(officialDistrict(0)).toBe("AL");
    expect(officialDistrict(98)).toBe("AL");
    expect(officialDistrict(7)).toBe("07");
    expect(houseTitle("DC", 98)).toBe("Delegate");
    expect(houseTitle("PR", 98)).toBe("Resident Commissioner");
    expect(houseTitle("CA", 30)).toBe("Representative");
    expect(districtLabel(0)).toBe("At-large");
    expect(districtLabel(98)).toBe("Delegate (at-large)");
    expect(districtLabel(30)).toBe("District 30");
  });
});
