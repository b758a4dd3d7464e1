// How long personal data is kept: the privacy page states these periods and the housekeeping job
// (app/jobs/housekeeping.server.ts) enforces them, so both read them from here.
export const RETENTION = {
  contactMessagesMonths: 24,
  activityMonths: 12,
  logDays: 30,
} as const;

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
