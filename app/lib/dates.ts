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

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Jan 2, 2026": a UTC calendar day, from a moment or a "2026-01-02" day key. */
export function formatDay(value: Date | string): string {
  return DAY_FORMAT.format(
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value),
  );
}
