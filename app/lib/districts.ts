// House districts' page addresses and long names. A district is a state abbreviation and a
// ZIP-table district number (app/lib/zip.ts): 1..53, 0 at-large, 98 a non-voting delegate's seat.
import { AT_LARGE, DELEGATE, districtSlug } from "~/lib/zip";

export const districtHref = (state: string, number: number) => `/district/${districtSlug(state, number)}`;

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/** "California's 12th congressional district"; a state's only seat (at-large or delegate) is its "at-large congressional district". */
export const districtTitle = (stateName: string, number: number) =>
  `${stateName}'s ${number === AT_LARGE || number === DELEGATE ? "at-large" : ordinal(number)} congressional district`;

const SINGLE_SEAT_WORDS = new Set(["AL", "AT-LARGE", "DELEGATE", "DEL"]);

/**
 * Reads a district address as people write it: "CA-12", "ca-012", "WY-0", "WY-AL", "DC-98",
 * "DC-delegate". Returns the state and what follows: a number, or "single" for a word naming a
 * state's only seat. Null when it is not a district address at all.
 */
export function parseDistrictSlug(raw: string): { state: string; seat: number | "single" } | null {
  const match = /^([A-Za-z]{2})-([A-Za-z-]{2,9}|\d{1,3})$/.exec(raw);
  if (!match) return null;
  const state = match[1].toUpperCase();
  const rest = match[2].toUpperCase();
  if (/^\d+$/.test(rest)) return { state, seat: Number(rest) };
  return SINGLE_SEAT_WORDS.has(rest) ? { state, seat: "single" } : null;
}
