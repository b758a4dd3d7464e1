// The job pages' time texts: "... ago" from the loader's time, durations in whole seconds.
import { describe, expect, test } from "vitest";
import { ago, durationText, hasError } from "./job-history";

const now = "2026-11-22T12:00:00.000Z";
const before = (seconds: number) => new Date(Date.parse(now) - seconds * 1000).toISOString();

describe("ago", () => {
  test.each([
    [0, "just now"],
    [1, "1 second ago"],
    [59, "59 seconds ago"],
    [60, "1 minute ago"],
    [3599, "59 minutes ago"],
    [7200, "2 hours ago"],
    [86_400 * 3, "3 days ago"],
  ])("%i seconds before is %s", (seconds, text) => expect(ago(before(seconds), now)).toBe(text));

  test("a run not started yet, and a clock behind the row", () => {
    expect(ago(null, now)).toBe("Not started");
    expect(ago(before(-30), now)).toBe("just now");
  });
});

test("duration: whole seconds once finished, In progress before", () => {
  expect(durationText({ completedAt: now, durationSeconds: 7 })).toBe("7 s");
  expect(durationText({ completedAt: null, durationSeconds: null })).toBe("In progress");
});

test("only a failed, cancelled or completed-with-errors run with a message has an error", () => {
  expect(hasError({ status: "failed", errorMessage: "boom" })).toBe(true);
  expect(hasError({ status: "completed_with_errors", errorMessage: "587 of 587 Ballotpedia lookups failed; first: …" })).toBe(true);
  expect(hasError({ status: "completed", errorMessage: null })).toBe(false);
  expect(hasError({ status: "cancelled", errorMessage: "Cancelled by an administrator" })).toBe(true);
  expect(hasError({ status: "failed", errorMessage: null })).toBe(false);
  expect(hasError({ status: "skipped", errorMessage: "Skipped: the previous run was still pending or running." })).toBe(false);
});
