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

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
