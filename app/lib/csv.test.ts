import { describe, expect, test } from "vitest";
import { csvField, toCsv } from "./csv";

describe("csvField", () => {
  test("plain text, numbers, booleans and empty values stay as they are", () => {
    expect(csvField("Ada")).toBe("Ada");
    expect(csvField(42)).toBe("42");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("true");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });

  test("commas, quotes and line breaks are quoted, quotes doubled", () => {
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  test("text starting with =, +, -, @, tab or carriage return is neutralised with an apostrophe", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("=1,2")).toBe('"\'=1,2"');
    expect(csvField("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  test("a header row, then one line per row, CRLF line ends", () => {
    expect(
      toCsv(
        ["ID", "Name"],
        [
          [1, "Ada"],
          [2, "Lovelace, Ada"],
        ],
      ),
    ).toBe('ID,Name\r\n1,Ada\r\n2,"Lovelace, Ada"\r\n');
  });
});
