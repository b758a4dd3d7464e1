// Staff pages show times as "MMM d, yyyy h:mm a", in UTC: the server renders them and
// the browser must hydrate the same text, so no local time zone may enter.

const OPTIONS: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
};
const FORMAT = new Intl.DateTimeFormat("en-US", { ...OPTIONS, timeZone: "UTC" });

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

/**
 * A job time as staff dates read ("MMM d, yyyy h:mm a") in the jobs' zone with its
 * abbreviation ("Nov 23, 2026 2:00 AM EST"), so a next run agrees with the schedule's local time.
 * Built from parts, so server and browser render the same text.
 */
export function formatJobTime(value: Date | string | null | undefined, timeZone: string, fallback = "Never"): string {
  if (!value) return fallback;
  const format = new Intl.DateTimeFormat("en-US", { ...OPTIONS, timeZone, timeZoneName: "short" });
  const parts = Object.fromEntries(format.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}
