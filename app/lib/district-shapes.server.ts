// House district shapes (119th Congress): which districts each state has, which districts share
// a border, and what the district map draws. The shapes are generated, projected and simplified,
// by scripts/generate-district-shapes.ts; this module only picks from them.
import { DISTRICT_SHAPES } from "./district-shapes.data";
import { districtHref } from "./districts";
import { AT_LARGE, DELEGATE, districtSlug } from "./zip";

/** One state's districts in the state's own frame (0 0 width height), SVG path data with 1 decimal. */
export type StateShapes = {
  width: number;
  height: number;
  /** The state's whole outline. */
  outline: string;
  /** The lines between its districts (each drawn once). */
  borders: string;
  /** By district number: the shape, a label point, and whether it is too small to see at this scale. */
  districts: Record<string, { d: string; x: number; y: number; small: boolean }>;
  /** By district number: the districts ("CA-11", any state) sharing a border with it. */
  neighbours: Record<string, string[]>;
};
export type DistrictShapeData = Record<string, StateShapes>;

/** A state's district numbers in order: [1..n], [0] for an at-large seat, [98] for a delegate; [] for an unknown state. */
export const districtNumbers = (state: string): number[] =>
  Object.keys(DISTRICT_SHAPES[state.toUpperCase()]?.districts ?? {})
    .map(Number)
    .sort((a, b) => a - b);

/** The districts sharing a border with this one, in any state. */
export function districtNeighbours(state: string, number: number): { state: string; number: number }[] {
  const ids = DISTRICT_SHAPES[state.toUpperCase()]?.neighbours[number] ?? [];
  return ids.map((id) => {
    const [s, n] = id.split("-");
    return { state: s, number: Number(n) };
  });
}

export type DistrictMapData = {
  viewBox: string;
  /** The state behind the highlighted districts, or null when they cover all of it. */
  outline: string | null;
  borders: string | null;
  districts: { number: number; slug: string; href: string; label: string; d: string; x: number; y: number; small: boolean }[];
};

/**
 * What the district map draws: the given districts of a state highlighted (each a link named by
 * `label`) over the state's outline and inner borders. Null for an unknown state; unknown numbers are skipped.
 */
export function districtMap(state: string, numbers: number[], label: (number: number) => string): DistrictMapData | null {
  const shapes = DISTRICT_SHAPES[state.toUpperCase()];
  if (!shapes) return null;
  const all = Object.keys(shapes.districts).length;
  const highlighted = [...new Set(numbers)].filter((n) => shapes.districts[n]).sort((a, b) => a - b);
  return {
    viewBox: `0 0 ${shapes.width} ${shapes.height}`,
    outline: highlighted.length < all ? shapes.outline : null,
    borders: all > 1 ? shapes.borders : null,
    districts: highlighted.map((number) => ({
      number,
      slug: districtSlug(state, number),
      href: districtHref(state, number),
      label: label(number),
      ...shapes.districts[number],
    })),
  };
}

/**
 * The district a parsed address names, or null when the state has no such district. A state's
 * only seat answers to its number (0 or 98), to 1 and to the words in parseDistrictSlug.
 */
export function resolveDistrict(state: string, seat: number | "single"): number | null {
  const numbers = districtNumbers(state);
  const only = numbers.length === 1 && (numbers[0] === AT_LARGE || numbers[0] === DELEGATE) ? numbers[0] : null;
  if (seat === "single" || (only !== null && (seat === 0 || seat === 1 || seat === 98))) return only;
  return numbers.includes(seat) ? seat : null;
}

/** The page of an official's House district (their `district` value: "01".."53" or "AL"), or null when there is none. */
export function districtHrefOfOfficial(state: string, district: string | null): string | null {
  if (!district) return null;
  const number = resolveDistrict(state, district === "AL" ? "single" : /^\d{1,2}$/.test(district) ? Number(district) : -1);
  return number === null ? null : districtHref(state, number);
}
