import { describe, expect, test } from "vitest";
import { endReasonWords, endsOnCongressSchedule, senateSeatName, vacancyOf, vacantWords } from "~/lib/seat-vacancy";

const TODAY = "2026-11-27";
const ended = (type: string, end: string | null, endReason: string | null = null) => ({ type, end, endReason, isCurrent: false });

describe("vacancyOf: what an empty seat's last term says", () => {
  test("a member who left early: an ordinary vacancy since that day", () => {
    expect(vacancyOf(ended("rep", "2026-04-14"), TODAY)).toEqual({ since: "2026-04-14", reason: null, termEnded: false });
    expect(vacancyOf(ended("sen", "2026-10-01"), TODAY)).toEqual({ since: "2026-10-01", reason: null, termEnded: false });
  });

  test("a term the source says ended for a reason (an appointee's, at a special election): ended without a successor", () => {
    expect(vacancyOf(ended("sen", "2026-11-03", "special-election"), TODAY)).toEqual({
      since: "2026-11-03",
      reason: "special-election",
      termEnded: true,
    });
  });

  test("a House or Senate term ending on Congress's schedule (noon, January 3 of an odd year) ended without a successor", () => {
    expect(vacancyOf(ended("rep", "2025-01-03"), TODAY)).toEqual({ since: "2025-01-03", reason: null, termEnded: true });
    expect(vacancyOf(ended("sen", "2025-01-03"), TODAY)?.termEnded).toBe(true);
    expect(vacancyOf(ended("rep", "2026-01-03"), TODAY)?.termEnded).toBe(false); // an even year: no Congress ends then
    expect(endsOnCongressSchedule("2027-01-03")).toBe(true);
    expect(endsOnCongressSchedule("2027-01-04")).toBe(false);
  });

  test("a governorship passes at once: an ended governor's term always awaits the source's successor", () => {
    expect(vacancyOf(ended("gov", "2026-11-02"), TODAY)).toEqual({ since: "2026-11-02", reason: null, termEnded: true });
  });

  test("no date on file: no term, a term still current or ending after today, an end not on file", () => {
    expect(vacancyOf(undefined, TODAY)).toBeNull();
    expect(vacancyOf({ type: "rep", end: "2027-01-03", endReason: null, isCurrent: true }, TODAY)).toBeNull();
    expect(vacancyOf(ended("rep", "2027-01-03"), TODAY)).toBeNull();
    expect(vacancyOf(ended("sen", null, "date-not-on-file"), TODAY)).toBeNull();
    expect(vacancyOf(ended("sen", "2026-11-03", "date-not-on-file"), TODAY)).toBeNull();
  });
});

describe("vacantWords: one wording on every page", () => {
  test("an ordinary vacancy, and one whose date is not on file", () => {
    expect(vacantWords({ since: "2026-11-02", reason: null, termEnded: false })).toBe("Vacant since Nov 2, 2026");
    expect(vacantWords(null)).toBe("Vacant (date not on file)");
  });

  test("a term that ended with no successor named: the reason in parentheses only when the source gives one", () => {
    expect(vacantWords({ since: "2026-11-03", reason: "special-election", termEnded: true })).toBe(
      "Term ended Nov 3, 2026 (special election); the source has not yet named who holds the seat",
    );
    expect(vacantWords({ since: "2027-01-03", reason: null, termEnded: true })).toBe(
      "Term ended Jan 3, 2027; the source has not yet named who holds the seat",
    );
  });

  test("reasons: the known ones in words, any other code with its dashes as spaces", () => {
    expect(endReasonWords("special-election")).toBe("special election");
    expect(endReasonWords("appointed-successor-sworn")).toBe("appointed successor sworn");
    expect(vacantWords({ since: "2026-06-30", reason: "resigned-to-run", termEnded: true })).toBe(
      "Term ended Jun 30, 2026 (resigned to run); the source has not yet named who holds the seat",
    );
  });

  test("a Senate seat is named by its class when known", () => {
    expect(senateSeatName(3)).toBe("Senate seat (class 3)");
    expect(senateSeatName(null)).toBe("Senate seat");
  });
});
