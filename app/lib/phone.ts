// US phone numbers of officials: one stored form ("202-224-3121", with " x123" for an extension, the
// form the congress-legislators data and the crawler already use) and one displayed form
// ("(202) 224-3121 ext. 123"). A stored value that does not read as a US number is shown as stored.

const US_PHONE = /^(?:\+?1[\s.-]*)?\(?([2-9]\d{2})\)?[\s.-]*([2-9]\d{2})[\s.-]*(\d{4})(?:\s*(?:,|#|x|ext\.?|extension)\s*(\d{1,6}))?$/i;

export const PHONE_MESSAGE = "Enter a US phone number: 10 digits, like (202) 224-3121, and an optional extension (x123).";

function parts(value: string) {
  const match = US_PHONE.exec(value.trim());
  return match ? { area: match[1], exchange: match[2], line: match[3], extension: match[4] } : null;
}

/** A US number in the stored form, or null when the text is not one. */
export function storedPhone(value: string): string | null {
  const p = parts(value);
  return p ? `${p.area}-${p.exchange}-${p.line}${p.extension ? ` x${p.extension}` : ""}` : null;
}

/** How a phone reads on every page: "(202) 224-3121", "(202) 224-3121 ext. 123", or the stored text when it is not a US number. */
export function displayPhone(value: string): string {
  const p = parts(value);
  return p ? `(${p.area}) ${p.exchange}-${p.line}${p.extension ? ` ext. ${p.extension}` : ""}` : value;
}

/** The tel: link of a phone: "tel:+12022243121,123" (the comma dials the extension after a pause). */
export function phoneHref(value: string): string {
  const p = parts(value);
  if (!p) return `tel:${value.replace(/[^\d+]/g, "")}`;
  return `tel:+1${p.area}${p.exchange}${p.line}${p.extension ? `,${p.extension}` : ""}`;
}
