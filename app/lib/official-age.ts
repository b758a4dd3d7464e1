// How old a date of birth makes an official, and the ages the checks hold them to: under 18 is
// refused (a typo, not a politician); under the Constitution's minimum for the office (25 for the
// House, 30 for the Senate) is a warning only, since the date may be right and the office wrong.
import { dayInWashington } from "~/lib/terms";

export const MIN_AGE = 18;
const OFFICE_MIN_AGE: Record<string, { age: number; holder: string }> = {
  Representative: { age: 25, holder: "a representative" },
  Senator: { age: 30, holder: "a senator" },
};

export const DATE_OF_BIRTH_TEXTS = {
  future: "Date of birth must be in the past",
  tooYoung: `Date of birth must make the person at least ${MIN_AGE}`,
} as const;

/** Whole years from a date of birth (YYYY-MM-DD) to a day (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The refusal for a date of birth on `today` (Washington's day), or null when it may be saved. */
export function dateOfBirthRefusal(dateOfBirth: string, today = dayInWashington(new Date())): string | null {
  if (dateOfBirth >= today) return DATE_OF_BIRTH_TEXTS.future;
  return ageOn(dateOfBirth, today) < MIN_AGE ? DATE_OF_BIRTH_TEXTS.tooYoung : null;
}

/** The warning when a date of birth makes the holder of an office younger than it requires, else null. */
export function officeAgeWarning(
  official: { dateOfBirth: string | null; office: string | null },
  today = dayInWashington(new Date()),
): string | null {
  const rule = official.office ? OFFICE_MIN_AGE[official.office] : undefined;
  if (!rule || !official.dateOfBirth) return null;
  const age = ageOn(official.dateOfBirth, today);
  return age < rule.age
    ? `Check the date of birth: it makes them ${age}, younger than the ${rule.age} years ${rule.holder} must be.`
    : null;
}
