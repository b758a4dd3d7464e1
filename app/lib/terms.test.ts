import { describe, expect, test } from "vitest";
import { dayInWashington, END_DATE_NOT_ON_FILE, termBoundary, termCovers, termEventDay, termUpcoming } from "~/lib/terms";

describe("when a term is held", () => {
  test("a boundary is noon in Washington, in winter and in summer time", () => {
    expect(termBoundary("2027-01-03").toISOString()).toBe("2027-01-03T17:00:00.000Z");
    expect(termBoundary("2025-07-04").toISOString()).toBe("2025-07-04T16:00:00.000Z");
  });

  test("the 119th Congress's House term covers the morning of January 3, 2027 and not its afternoon", () => {
    const term = { start: "2025-01-03", end: "2027-01-03" };
    expect(termCovers(term, new Date("2027-01-03T16:59:59Z"))).toBe(true);
    expect(termCovers(term, new Date("2027-01-03T17:00:00Z"))).toBe(false);
    expect(termCovers(term, new Date("2025-01-03T16:59:59Z"))).toBe(false);
  });

  test("a term with no end covers every moment after its start; one ended on an unknown day covers none", () => {
    expect(termCovers({ start: "2019-01-07", end: null }, new Date("2026-11-27T12:00:00Z"))).toBe(true);
    expect(termCovers({ start: "2019-01-07", end: null, endReason: END_DATE_NOT_ON_FILE }, new Date("2026-11-27T12:00:00Z"))).toBe(false);
  });

  test("the day of the event: the start of a term that covers or is to come, else its end", () => {
    const at = new Date("2026-11-27T12:00:00Z");
    expect(termUpcoming({ start: "2027-01-03", end: "2029-01-03" }, at)).toBe(true);
    expect(termEventDay({ start: "2027-01-03", end: "2029-01-03" }, at)).toBe("2027-01-03");
    expect(termEventDay({ start: "2025-01-21", end: "2026-11-03" }, at)).toBe("2026-11-03");
    expect(termEventDay({ start: "2025-01-21", end: null, endReason: END_DATE_NOT_ON_FILE }, at)).toBeNull();
  });
});

test("today in Washington: late evening there is already tomorrow in UTC", () => {
  expect(dayInWashington(new Date("2026-11-28T03:00:00Z"))).toBe("2026-11-27");
  expect(dayInWashington(new Date("2026-11-28T06:00:00Z"))).toBe("2026-11-28");
});
