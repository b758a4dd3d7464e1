// ZIP codes as visitors type them, and the rules about what the ZIP table can answer.

/** Turns what a visitor typed into a 5-digit ZIP: 5 digits, or ZIP+4 (12345-6789 or 123456789) whose first 5 digits are used. */
export function parseZip(input: string | null | undefined): { ok: true; zip: string } | { ok: false; message: string } {
  const value = (input ?? "").trim();
  if (value === "") return { ok: false, message: "Enter a 5-digit ZIP code." };
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(value);
  if (!match) return { ok: false, message: "A ZIP code is 5 digits (such as 20001) or ZIP+4 (such as 20001-1234)." };
  return { ok: true, zip: match[1] };
}

/** True when the text looks like the start of a ZIP lookup rather than a name: exactly 5 digits, or ZIP+4. */
export const looksLikeZip = (input: string) => /^\s*\d{5}(?:-?\d{4})?\s*$/.test(input);

/**
 * ZIP code areas that cross a state line. The ZIP table carries one state per ZIP, so for these it
 * drops or mislabels the other state's district; they must ask for a street address instead of
 * answering. Source: prisma/data/zip-district/README.md ("Known defects" 1), which lists the 115
 * ZCTAs that OpenSourceActivismTech/us-zipcodes-congress zccd.csv places in two states.
 */
export const CROSS_STATE_ZIPS: ReadonlySet<string> = new Set(
  (
    "02861 03579 19973 20135 21874 21912 24604 24622 27048 28675 30165 30741 37642 37752 38079 38326 38549 38769 38852 " +
    "40965 42223 42602 51001 51023 51360 51557 51640 52542 52573 52626 54540 56027 56136 56144 56164 56219 56220 56257 " +
    "56744 57026 57030 57034 57068 57717 57724 57735 58030 58225 58621 59221 59270 59275 59847 63673 65729 65733 65761 " +
    "66541 66955 68325 68327 68420 68719 68755 68943 68978 69026 69168 69201 69212 69216 69337 71937 71953 72338 72644 " +
    "73949 75556 79835 79837 79922 80737 81120 81137 81324 82063 82082 82701 82801 82930 83120 83127 83342 83856 84034 " +
    "84531 84536 86044 86504 86514 86515 87328 88430 89010 89019 89060 89061 89439 89832 97635 97910 97913 99033 99128 99362"
  ).split(" "),
);

/** The ZIP table's district numbers: 0 is an at-large seat, 98 a non-voting delegate (DC and the five territories). */
export const AT_LARGE = 0;
export const DELEGATE = 98;

/** An official's `district` value for a ZIP-table district: "AL" for at-large and delegate seats, else "01".."53". */
export const officialDistrict = (district: number) =>
  district === AT_LARGE || district === DELEGATE ? "AL" : String(district).padStart(2, "0");

/** The House seat's title: Puerto Rico elects a Resident Commissioner, DC and the other territories a Delegate. */
export function houseTitle(state: string, district: number) {
  if (district !== DELEGATE) return "Representative";
  return state === "PR" ? "Resident Commissioner" : "Delegate";
}

/**
 * How the seat is named on screen: "District 30", "At-large" for a state's only seat, "Delegate
 * (at-large)" for the non-voting member of DC, Puerto Rico and the territories.
 */
export function districtLabel(district: number) {
  if (district === AT_LARGE) return "At-large";
  if (district === DELEGATE) return "Delegate (at-large)";
  return `District ${district}`;
}

/** The district's short name and page address segment: CA-30, and VT-AL / DC-AL for a state's only seat. */
export const districtSlug = (state: string, district: number) =>
  `${state}-${district === AT_LARGE || district === DELEGATE ? "AL" : district}`;
