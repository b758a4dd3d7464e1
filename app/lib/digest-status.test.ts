import { expect, test } from "vitest";
import { lastDigestSentence } from "./digest-status";

const at = new Date("2026-11-28T10:15:00Z");

test("each state of the last digest reads as a sentence with its time in UTC", () => {
  expect(lastDigestSentence(null)).toBe("No digest has been sent yet.");
  expect(lastDigestSentence({ status: "sent", sentAt: at, createdAt: at, itemCount: 1, error: null })).toBe(
    "Last digest sent Nov 28, 2026 10:15 AM UTC, with 1 new item.",
  );
  expect(lastDigestSentence({ status: "failed", sentAt: null, createdAt: at, itemCount: 3, error: "The mail server refused it" })).toBe(
    "The last digest, on Nov 28, 2026 10:15 AM UTC, could not be sent (The mail server refused it). The next run tries again.",
  );
  expect(lastDigestSentence({ status: "interrupted", sentAt: null, createdAt: at, itemCount: 3, error: null })).toMatch(
    /interrupted by a server restart and may not have arrived/,
  );
});
