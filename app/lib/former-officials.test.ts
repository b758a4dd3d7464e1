import { describe, expect, test } from "vitest";
import { formerHeading, formerValueSource, lastService, officeTitle, serviceDates, type ServedTerm } from "~/lib/former-officials";

const TODAY = "2026-11-27";
const term = (t: Partial<ServedTerm> & Pick<ServedTerm, "type" | "start">): ServedTerm => ({
  end: null,
  state: "OH",
  district: null,
  senateClass: null,
  endReason: null,
  isCurrent: false,
  ...t,
});
const OHIO = { name: "Ohio", abbreviation: "OH" };

describe("lastService: the last stretch of service in the official's office", () => {
  test("one term per Congress makes one stretch: from the start of continuous service to the last term's end", () => {
    const terms = [
      term({ type: "rep", start: "2019-01-03", end: "2021-01-03", district: 5 }),
      term({ type: "rep", start: "2021-01-03", end: "2023-01-03", district: 5 }),
      term({ type: "rep", start: "2023-01-03", end: "2025-01-03", district: 5 }),
    ];
    expect(lastService("Representative", terms, TODAY)).toMatchObject({ start: "2019-01-03", end: "2025-01-03" });
  });

  test("a gap, another district or another office ends the stretch; a term ending the day before the next began does not", () => {
    const gap = [
      term({ type: "rep", start: "2011-01-03", end: "2013-01-03", district: 5 }),
      term({ type: "rep", start: "2015-01-03", end: "2017-01-03", district: 5 }),
    ];
    expect(lastService("Representative", gap, TODAY)?.start).toBe("2015-01-03");
    const redistricted = [
      term({ type: "rep", start: "2021-01-03", end: "2023-01-03", district: 4 }),
      term({ type: "rep", start: "2023-01-03", end: "2025-01-03", district: 5 }),
    ];
    expect(lastService("Representative", redistricted, TODAY)?.start).toBe("2023-01-03");
    const march = [
      term({ type: "sen", start: "1927-03-04", end: "1933-03-03" }),
      term({ type: "sen", start: "1933-03-04", end: "1939-01-03" }),
    ];
    expect(lastService("Senator", march, TODAY)?.start).toBe("1927-03-04");
    // A House member who became senator: the Senate stretch only.
    const moved = [
      term({ type: "rep", start: "2017-01-03", end: "2025-01-03", district: 5 }),
      term({ type: "sen", start: "2025-01-21", end: "2026-11-03", endReason: "special-election" }),
    ];
    expect(lastService("Senator", moved, TODAY)).toMatchObject({ start: "2025-01-21", end: "2026-11-03" });
  });

  test("the end is not on file for a term still current, ending after today, or stored as not on file; no term, no service", () => {
    expect(lastService("Senator", [term({ type: "sen", start: "2023-01-03", end: "2029-01-03", isCurrent: true })], TODAY)?.end).toBeNull();
    expect(lastService("Senator", [term({ type: "sen", start: "2023-01-03", end: "2029-01-03" })], TODAY)?.end).toBeNull();
    expect(
      lastService("Senator", [term({ type: "sen", start: "2023-01-03", end: null, endReason: "date-not-on-file" })], TODAY)?.end,
    ).toBeNull();
    expect(lastService("Senator", [], TODAY)).toBeNull();
    // A term that has not begun (an incoming official's) is not service.
    const elect = [
      term({ type: "sen", start: "2019-01-03", end: "2025-01-03" }),
      term({ type: "sen", start: "2027-01-03", end: "2033-01-03" }),
    ];
    expect(lastService("Senator", elect, TODAY)).toMatchObject({ start: "2019-01-03", end: "2025-01-03" });
    expect(lastService("Senator", [term({ type: "sen", start: "2027-01-03", end: "2033-01-03" })], TODAY)).toBeNull();
  });
});

describe("the former official's heading", () => {
  test("office words as the site uses them, with the stretch's dates", () => {
    const service = lastService("Senator", [term({ type: "sen", start: "2023-01-03", end: "2025-01-10" })], TODAY);
    expect(formerHeading(officeTitle("Senator", OHIO, { term: null, official: null }), service)).toBe(
      "Former U.S. Senator from Ohio, Jan 3, 2023 – Jan 10, 2025",
    );
    expect(officeTitle("Representative", { name: "Texas", abbreviation: "TX" }, { term: 20, official: "20" })).toBe(
      "House Representative for Texas's 20th congressional district",
    );
    expect(officeTitle("Representative", { name: "Vermont", abbreviation: "VT" }, { term: null, official: "AL" })).toBe(
      "House Representative for Vermont's at-large congressional district",
    );
    expect(officeTitle("Representative", { name: "District of Columbia", abbreviation: "DC" }, { term: 0, official: "DEL" })).toBe(
      "Delegate for District of Columbia's at-large congressional district",
    );
    expect(officeTitle("Governor", OHIO, { term: null, official: null })).toBe("Governor of Ohio");
  });

  test("an unknown end or no term on file says so", () => {
    expect(serviceDates({ start: "2023-01-03", end: null })).toBe("Jan 3, 2023 – date not on file");
    expect(formerHeading("Governor of Ohio", null)).toBe("Former Governor of Ohio, dates not on file");
  });
});

describe("formerValueSource: no current verified claim on what the source held while they served", () => {
  const current = {
    label: "congress-legislators · verified today",
    url: "https://example.org/l.json",
    detail: "congress-legislators, imported, verified Nov 27, 2026",
  };
  const imported = { sourceName: "congress-legislators", sourceUrl: "https://example.org/l.json", method: "import" };

  test("an imported value of the office is as of when they left", () => {
    expect(formerValueSource("phone", imported, current, "2026-11-03")).toEqual({
      label: "congress-legislators · as of when they left",
      url: "https://example.org/l.json",
      detail: "congress-legislators, imported, as of when they left office on Nov 3, 2026",
    });
    expect(formerValueSource("office", imported, current, null).detail).toBe(
      "congress-legislators, imported, as of when they left office (date not on file)",
    );
  });

  test("a value staff entered, and facts about the person, keep their verified date", () => {
    const staff = { sourceName: "Civic Atlas staff", sourceUrl: null, method: "staff_edit" };
    expect(formerValueSource("phone", staff, current, "2026-11-03")).toBe(current);
    expect(formerValueSource("dateOfBirth", imported, current, "2026-11-03")).toBe(current);
  });
});
