// Staff pages show every time in one zone, the jobs' zone (JOBS_TIME_ZONE), so a run's time, a
// user's last login and a message's arrival read alike: "Nov 23, 2026 2:00 AM EST", with the zone's
// full name in the title. The root loader sends the zone, so server and browser render the same text.
import { formatJobTime } from "~/lib/dates";
import { useRootData } from "~/root";

export function useStaffTimeZone(): string {
  return useRootData()?.timeZone ?? "UTC";
}

/** "Eastern Time (America/New_York)": how the page names its zone. */
export function zoneLabel(timeZone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date(0))
    .find((p) => p.type === "timeZoneName")?.value;
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}

export function StaffTime({ value, fallback = "Never" }: { value: Date | string | null | undefined; fallback?: string }) {
  const timeZone = useStaffTimeZone();
  if (!value) return <>{fallback}</>;
  return (
    <time dateTime={new Date(value).toISOString()} title={zoneLabel(timeZone)}>
      {formatJobTime(value, timeZone)}
    </time>
  );
}

/** The line under a staff table or panel that names the zone of its times. */
export function TimeZoneNote({ lead = "" }: { lead?: string }) {
  const timeZone = useStaffTimeZone();
  return (
    <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {lead}Times are in {zoneLabel(timeZone)}.
    </p>
  );
}
