import { expect, test } from "vitest";
import { formatDateTime, formatDay } from "./dates";

test("MMM d, yyyy h:mm a in UTC (spec 2 §9)", () => {
  expect(formatDateTime(new Date("2026-01-02T15:04:00Z"))).toBe("Jan 2, 2026 3:04 PM");
  expect(formatDateTime("2026-11-21T00:09:59Z")).toBe("Nov 21, 2026 12:09 AM");
  expect(formatDateTime(null)).toBe("Never");
  expect(formatDateTime(undefined, "Not verified")).toBe("Not verified");
});

test("a UTC calendar day as MMM d, yyyy, from a day key or a moment", () => {
  expect(formatDay("2026-01-02")).toBe("Jan 2, 2026");
  expect(formatDay(new Date("2026-11-21T23:59:59Z"))).toBe("Nov 21, 2026");
});
