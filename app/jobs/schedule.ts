// When a job's schedule next fires, in the configured zone (croner handles daylight saving: a
// 2:00 AM job on the night clocks skip 2:00 runs at 3:00).
import { Cron } from "croner";

/** The first time the pattern fires after `after`, or null. */
export function nextRunAt(pattern: string, timeZone: string, after: Date = new Date()): Date | null {
  const cron = new Cron(pattern, { timezone: timeZone, paused: true });
  try {
    return cron.nextRun(after);
  } finally {
    cron.stop();
  }
}

/** Whether the pattern fired in (since, now]: the scheduler ticks every minute and looks back to its last tick. */
export function firedBetween(pattern: string, timeZone: string, since: Date, now: Date): boolean {
  const next = nextRunAt(pattern, timeZone, since);
  return next !== null && next.getTime() <= now.getTime();
}
