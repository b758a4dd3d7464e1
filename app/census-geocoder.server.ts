// The U.S. Census Bureau's public geocoder (no key): a one-line street address to its 119th-Congress
// House district. Called from the server only when a visitor asks to narrow a split or state-crossing
// ZIP down; the address is sent to the Census Bureau and nothing is kept here. The request goes
// through the outbound guard (fetchJson; decision 0031).
import { env } from "~/env.server";
import { fetchJson } from "~/jobs/http.server";

/** The geocoder's own layer name for the districts in force (119th Congress, 2025-2027). */
export const CENSUS_DISTRICT_LAYER = "119th Congressional Districts";

/** A visitor waits for this long at most; then the candidate list is shown instead. */
export const GEOCODER_TIMEOUT_MS = 4_000;

export type GeocodedDistrict =
  { status: "found"; matchedAddress: string; stateFips: string; district: number } | { status: "no-match" } | { status: "unreachable" };

type GeographiesAnswer = {
  result?: {
    addressMatches?: { matchedAddress?: string; geographies?: Record<string, { STATE?: string; CD119?: string }[]> }[];
  };
};

/** The geographies/onelineaddress URL for `address` (current benchmark and vintage, the district layer only). */
export function geocoderUrl(base: string, address: string) {
  const url = new URL("/geocoder/geographies/onelineaddress", base);
  url.search = new URLSearchParams({
    address,
    benchmark: "Public_AR_Current",
    vintage: "Current_Current",
    layers: CENSUS_DISTRICT_LAYER,
    format: "json",
  }).toString();
  return url.toString();
}

/**
 * Asks the geocoder which district `address` lies in. District numbers are the ZIP table's: 0 an
 * at-large seat ("00"), 98 a delegate. Any failure (no answer in time, an error status, an answer
 * in another shape) is "unreachable", so the caller falls back to the candidate districts.
 */
export async function geocodeDistrict(
  address: string,
  { base = env().CENSUS_GEOCODER_URL, fetchImpl = fetch, timeoutMs = GEOCODER_TIMEOUT_MS } = {},
): Promise<GeocodedDistrict> {
  let answer: GeographiesAnswer;
  try {
    answer = await fetchJson<GeographiesAnswer>(fetchImpl, geocoderUrl(base, address), new AbortController().signal, {
      timeoutMs,
      maxBytes: 1_000_000,
    });
  } catch {
    return { status: "unreachable" };
  }
  const matches = answer?.result?.addressMatches;
  if (!Array.isArray(matches)) return { status: "unreachable" };
  const match = matches[0];
  const district = match?.geographies?.[CENSUS_DISTRICT_LAYER]?.[0];
  if (!match || !district?.STATE || !/^\d{2}$/.test(district.CD119 ?? "")) return { status: "no-match" };
  return { status: "found", matchedAddress: match.matchedAddress ?? address, stateFips: district.STATE, district: Number(district.CD119) };
}
