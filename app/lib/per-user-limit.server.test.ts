import { expect, test } from "vitest";
import { perUserLimit } from "~/lib/per-user-limit.server";

test("a user gets the limit's uses in a window, the next is refused, and the window moving on gives them back; each user counts alone", () => {
  const allow = perUserLimit({ limit: 3, windowMs: 60_000 });
  const start = 1_000_000;
  expect([0, 1, 2, 3].map((i) => allow("ada", start + i))).toEqual([true, true, true, false]);
  expect(allow("grace", start + 4)).toBe(true);
  expect(allow("ada", start + 59_999)).toBe(false);
  expect(allow("ada", start + 60_000)).toBe(true); // the first use has left the window
});
