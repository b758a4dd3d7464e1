// Days say "today" and "yesterday" (numeric: "auto"); months and years always say the number
// ("1 month ago", not "last month").
const days = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const counted = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });

/** "today", "yesterday", "12 days ago", "1 month ago", "5 months ago", "2 years ago". */
export function timeAgo(date: Date, now: Date = new Date()): string {
  const daysAgo = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 86_400_000));
  if (daysAgo < 45) return days.format(-daysAgo, "day");
  const months = Math.round(daysAgo / 30.44);
  if (months < 18) return counted.format(-months, "month");
  return counted.format(-Math.round(daysAgo / 365.25), "year");
}
