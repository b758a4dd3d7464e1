import { expect, test } from "vitest";
import { formatDateTime, formatDay, formatJobTime } from "./dates";

test("dates and times read MMM d, yyyy h:mm a, in UTC", () => {
  expect(formatDateTime(new Date("2026-01-02T15:04:00Z"))).toBe("Jan 2, 2026 3:04 PM");
  expect(formatDateTime("2026-11-21T00:09:59Z")).toBe("Nov 21, 2026 12:09 AM");
  expect(formatDateTime(null)).toBe("Never");
  expect(formatDateTime(undefined, "Not verified")).toBe("Not verified");
});

test("a UTC calendar day as MMM d, yyyy, from a day key or a moment", () => {
  expect(formatDay("2026-01-02")).toBe("Jan 2, 2026");
  expect(formatDay(new Date("2026-11-21T23:59:59Z"))).toBe("Nov 21, 2026");
});

test("a job time in the jobs' zone, with its abbreviation, standard and daylight time alike", () => {
  expect(formatJobTime(new Date("2026-11-23T07:00:00Z"), "America/New_York")).toBe("Nov 23, 2026 2:00 AM EST");
  expect(formatJobTime(new Date("2026-07-01T06:00:00Z"), "America/New_York")).toBe("Jul 1, 2026 2:00 AM EDT");
  expect(formatJobTime(null, "America/New_York", "Not scheduled")).toBe("Not scheduled");
});
