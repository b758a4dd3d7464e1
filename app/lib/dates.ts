// Staff pages show times as "MMM d, yyyy h:mm a" (spec 2 §9), in UTC: the server renders them and
// the browser must hydrate the same text, so no local time zone may enter.

const FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "UTC",
});

/** "Jan 2, 2026 3:04 PM" (UTC), or the fallback for a missing date. */
export function formatDateTime(value: Date | string | null | undefined, fallback = "Never"): string {
  if (!value) return fallback;
  const parts = Object.fromEntries(FORMAT.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}
