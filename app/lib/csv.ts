// CSV writing (RFC 4180): CRLF line ends; a field with a comma, quote or line break is quoted with
// its quotes doubled; a text cell that a spreadsheet would run as a formula is neutralised.

export type CsvValue = string | number | boolean | Date | null | undefined;

/** Characters that start a formula in Excel, LibreOffice and Google Sheets (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A leading apostrophe makes the spreadsheet show the text instead of evaluating it.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV lines, each ending in CRLF: a whole file, or one part of a streamed one. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvLines([header, ...rows]);
}
