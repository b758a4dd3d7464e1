// What the housekeeping job removes (app/lib/retention.ts has the periods): each kind of row past
// its time, removed in small batches, each batch one short statement (DELETE ... WHERE id IN
// (SELECT id ... LIMIT n)), so the job can give the event loop back to requests between batches.
import type { Db } from "~/db.server";
import { daysBefore, monthsBefore, RETENTION } from "~/lib/retention";

type Sweep = {
  /** The key in the job's results. */
  key: string;
  label: string;
  /** How many rows are due now, counting at most `cap` (a count of every due row reads the whole index in one statement). */
  count: (db: Db, now: Date, cap: number) => Promise<number>;
  /** Removes (or anonymises) up to `size` due rows; returns how many. */
  batch: (db: Db, now: Date, size: number) => Promise<number>;
};

export const SWEEPS: Sweep[] = [
  {
    key: "expiredSessions",
    label: "Expired sessions",
    count: (db, now, cap) => db.session.count({ where: { expirationDate: { lt: now } }, orderBy: { expirationDate: "asc" }, take: cap }),
    async batch(db, now, size) {
      return (await db.session.deleteMany({ where: { expirationDate: { lt: now } }, limit: size })).count;
    },
  },
  {
    key: "expiredVerifications",
    label: "Expired email links",
    count: (db, now, cap) => db.verification.count({ where: { expiresAt: { lt: now } }, orderBy: { expiresAt: "asc" }, take: cap }),
    async batch(db, now, size) {
      return (await db.verification.deleteMany({ where: { expiresAt: { lt: now } }, limit: size })).count;
    },
  },
  {
    key: "contactMessages",
    label: `Contact messages over ${RETENTION.contactMessagesMonths} months`,
    count: (db, now, cap) =>
      db.contactMessage.count({
        where: { createdAt: { lt: monthsBefore(now, RETENTION.contactMessagesMonths) } },
        orderBy: { createdAt: "asc" },
        take: cap,
      }),
    async batch(db, now, size) {
      const where = { createdAt: { lt: monthsBefore(now, RETENTION.contactMessagesMonths) } };
      return (await db.contactMessage.deleteMany({ where, limit: size })).count;
    },
  },
  {
    key: "activityEntries",
    label: `Account activity over ${RETENTION.activityMonths} months`,
    count: (db, now, cap) =>
      db.activityLog.count({
        where: { createdAt: { lt: monthsBefore(now, RETENTION.activityMonths) } },
        orderBy: { createdAt: "asc" },
        take: cap,
      }),
    async batch(db, now, size) {
      const where = { createdAt: { lt: monthsBefore(now, RETENTION.activityMonths) } };
      return (await db.activityLog.deleteMany({ where, limit: size })).count;
    },
  },
  {
    // The logs the application keeps itself are the job logs; the execution rows stay as history.
    key: "jobLogs",
    label: `Job logs over ${RETENTION.logDays} days`,
    count: (db, now, cap) =>
      db.jobExecution.count({
        where: { createdAt: { lt: daysBefore(now, RETENTION.logDays) }, logs: { not: null } },
        orderBy: { createdAt: "asc" },
        take: cap,
      }),
    async batch(db, now, size) {
      const where = { createdAt: { lt: daysBefore(now, RETENTION.logDays) }, logs: { not: null } };
      return (await db.jobExecution.updateMany({ where, data: { logs: null }, limit: size })).count;
    },
  },
];
