// House districts' addresses and names, shared by pages, the map and the ZIP lookup.
// A district is a state abbreviation and a Census district number: 1..53, 0 for an at-large
// seat, 98 for a non-voting delegate's seat (DC and the territories).

export const AT_LARGE = 0;
export const DELEGATE = 98;

const isSingleSeat = (number: number) => number === AT_LARGE || number === DELEGATE;

/** The one address of a district page: "CA-12"; a state's only seat (at-large or delegate) is "WY-AL", "DC-AL". */
export const districtSlug = (state: string, number: number) => `${state.toUpperCase()}-${isSingleSeat(number) ? "AL" : number}`;

export const districtHref = (state: string, number: number) => `/district/${districtSlug(state, number)}`;

/** An official's district field ("01".."53", or "AL" for a state's only seat) for a district number. */
export const officialDistrictValue = (number: number) => (isSingleSeat(number) ? "AL" : String(number).padStart(2, "0"));

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/** "12th district", "At-large district", "Delegate district". */
export function districtName(number: number) {
  if (number === AT_LARGE) return "At-large district";
  if (number === DELEGATE) return "Delegate district";
  return `${ordinal(number)} district`;
}

/** "California's 12th congressional district", for titles and link names. */
export const districtTitle = (stateName: string, number: number) =>
  `${stateName}'s ${districtName(number)
    .replace(/^./, (c) => c.toLowerCase())
    .replace("district", "congressional district")}`;

const SINGLE_SEAT_WORDS = new Set(["AL", "AT-LARGE", "DELEGATE", "DEL"]);

/**
 * Reads a district address as people write it: "CA-12", "ca-012", "WY-AL", "WY-0", "DC-98",
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
