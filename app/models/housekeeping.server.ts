// What the housekeeping job removes (app/lib/retention.ts has the periods): each kind of row past
// its time, found and removed in small batches, each batch one short transaction.
import type { Db } from "~/db.server";
import { daysBefore, monthsBefore, RETENTION } from "~/lib/retention";

type Sweep = {
  /** The key in the job's results. */
  key: string;
  label: string;
  /** How many rows are due now. */
  count: (db: Db, now: Date) => Promise<number>;
  /** Removes (or anonymises) up to `size` due rows; returns how many. */
  batch: (db: Db, now: Date, size: number) => Promise<number>;
};

const ids = (rows: { id: string | number }[]) => rows.map((r) => r.id);

export const SWEEPS: Sweep[] = [
  {
    key: "expiredSessions",
    label: "Expired sessions",
    count: (db, now) => db.session.count({ where: { expirationDate: { lt: now } } }),
    async batch(db, now, size) {
      const where = { expirationDate: { lt: now } };
      const due = ids(await db.session.findMany({ where, select: { id: true }, take: size }));
      return (await db.session.deleteMany({ where: { id: { in: due as string[] }, ...where } })).count;
    },
  },
  {
    key: "expiredVerifications",
    label: "Expired email links",
    count: (db, now) => db.verification.count({ where: { expiresAt: { lt: now } } }),
    async batch(db, now, size) {
      const where = { expiresAt: { lt: now } };
      const due = ids(await db.verification.findMany({ where, select: { id: true }, take: size }));
      return (await db.verification.deleteMany({ where: { id: { in: due as string[] }, ...where } })).count;
    },
  },
  {
    key: "contactMessages",
    label: `Contact messages over ${RETENTION.contactMessagesMonths} months`,
    count: (db, now) => db.contactMessage.count({ where: { createdAt: { lt: monthsBefore(now, RETENTION.contactMessagesMonths) } } }),
    async batch(db, now, size) {
      const where = { createdAt: { lt: monthsBefore(now, RETENTION.contactMessagesMonths) } };
      const due = ids(await db.contactMessage.findMany({ where, select: { id: true }, take: size }));
      return (await db.contactMessage.deleteMany({ where: { id: { in: due as number[] }, ...where } })).count;
    },
  },
  {
    key: "activityEntries",
    label: `Account activity over ${RETENTION.activityMonths} months`,
    count: (db, now) => db.activityLog.count({ where: { createdAt: { lt: monthsBefore(now, RETENTION.activityMonths) } } }),
    async batch(db, now, size) {
      const where = { createdAt: { lt: monthsBefore(now, RETENTION.activityMonths) } };
      const due = ids(await db.activityLog.findMany({ where, select: { id: true }, take: size }));
      return (await db.activityLog.deleteMany({ where: { id: { in: due as number[] }, ...where } })).count;
    },
  },
  {
    // The logs the application keeps itself are the job logs; the execution rows stay as history.
    key: "jobLogs",
    label: `Job logs over ${RETENTION.logDays} days`,
    count: (db, now) => db.jobExecution.count({ where: { createdAt: { lt: daysBefore(now, RETENTION.logDays) }, logs: { not: null } } }),
    async batch(db, now, size) {
      const where = { createdAt: { lt: daysBefore(now, RETENTION.logDays) }, logs: { not: null } };
      const due = ids(await db.jobExecution.findMany({ where, select: { id: true }, take: size }));
      return (await db.jobExecution.updateMany({ where: { id: { in: due as number[] }, ...where }, data: { logs: null } })).count;
    },
  },
];
