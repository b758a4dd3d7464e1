// Job executions and job settings: the queue the runner works
// through, what the job pages and JSON calls read, and the staff actions on them (run, cancel,
// review an error, enable or disable, the crawler's fields). Each check-and-write is one
// transaction, so two requests cannot both queue a run of the same job.
import type { Db, Tx } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import {
  BUSY_STATUSES,
  CHAIN_ORDER,
  ERROR_STATUSES,
  CRAWLER_FIELDS,
  DEFAULT_CRAWLER_FIELDS,
  JOB_DEFINITIONS,
  JOB_TEXTS,
  JOB_TYPES,
  type CrawlerField,
  type JobType,
} from "~/jobs/definitions";
import { nextRunAt } from "~/jobs/schedule";
import { officialsToCrawlCount } from "~/models/crawls.server";
import { Refusal } from "~/lib/refusal";
import { missingDataPriority, type CriticalField } from "~/lib/staff-edits";

export type Trigger = "schedule" | "manual" | "chain";
export type Progress = { completed: number; total: number; currentItem?: string | null };
export type Results = { processed: number; updated: number; [detail: string]: unknown };

const BUSY = { in: [...BUSY_STATUSES] };
/** A run with an error to show (ERROR_STATUSES with a message); the pages' hasError is the same rule. */
const hasErrorToShow = (row: { status: string; errorMessage: string | null }) =>
  (ERROR_STATUSES as readonly string[]).includes(row.status) && Boolean(row.errorMessage);
const now = () => new Date();

// ---------------------------------------------------------------- views

type ExecutionRow = Prisma.JobExecutionGetPayload<object>;

/** An execution as the pages and JSON calls show it. The log only in the detail view. */
export function executionView(row: ExecutionRow, { withLogs = false } = {}) {
  const definition = JOB_DEFINITIONS[row.jobType as JobType];
  const duration = row.startedAt && row.completedAt ? Math.round((row.completedAt.getTime() - row.startedAt.getTime()) / 1000) : null;
  return {
    id: row.id,
    jobType: row.jobType,
    jobName: definition?.title ?? row.jobType,
    status: row.status,
    trigger: row.trigger,
    triggeredById: row.triggeredById,
    parameters: row.parameters,
    results: row.results,
    errorMessage: row.errorMessage,
    errorReviewed: row.errorReviewed,
    errorViewedAt: row.errorViewedAt,
    progress: { completed: row.progressCompleted, total: row.progressTotal, currentItem: row.currentItem },
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    /** Whole seconds; null while not finished. */
    durationSeconds: duration,
    ...(withLogs && { logs: row.logs }),
  };
}
export type ExecutionView = ReturnType<typeof executionView>;

// ---------------------------------------------------------------- settings

type Setting = { enabled: boolean; config: Prisma.JsonValue | null; updatedAt: Date | null };

export async function jobSettings(db: Db | Tx): Promise<Record<JobType, Setting>> {
  const rows = await db.jobSetting.findMany();
  return Object.fromEntries(
    JOB_TYPES.map((type) => {
      const row = rows.find((r) => r.jobType === type);
      return [type, { enabled: row?.enabled ?? true, config: row?.config ?? null, updatedAt: row?.updatedAt ?? null }];
    }),
  ) as Record<JobType, Setting>;
}

/** The owner's switch: a disabled job does not run on schedule; it can still be run by hand. */
export async function setJobEnabled(db: Db, type: JobType, enabled: boolean) {
  await db.jobSetting.upsert({
    where: { jobType: type },
    create: { jobType: type, enabled, schedule: JOB_DEFINITIONS[type].schedule },
    update: { enabled },
  });
}

// ---------------------------------------------------------------- queueing

/** Queues one run. Refused (409) while a run of the same job is pending or running. */
export async function queueRun(db: Db, type: JobType, { trigger, userId = null, parameters }: QueueOptions) {
  const row = await db.$transaction(async (tx) => {
    if (await tx.jobExecution.findFirst({ where: { jobType: type, status: BUSY }, select: { id: true } }))
      throw new Refusal(JOB_TEXTS.alreadyRunning, 409);
    return tx.jobExecution.create({ data: { jobType: type, trigger, triggeredById: userId, parameters } });
  });
  return executionView(row);
}
type QueueOptions = { trigger: Trigger; userId?: string | null; parameters?: Prisma.InputJsonValue };

/** A run that never starts, recorded with its reason (a scheduled run while the job was busy). */
export async function recordSkipped(db: Db, type: JobType, reason: string, { trigger, userId = null, parameters }: QueueOptions) {
  const at = now();
  const row = await db.jobExecution.create({
    data: {
      jobType: type,
      status: "skipped",
      trigger,
      triggeredById: userId,
      parameters,
      errorMessage: reason,
      startedAt: at,
      completedAt: at,
    },
  });
  return executionView(row);
}

/**
 * Run Full Chain: refused while any job is pending or running; otherwise every job is
 * queued in the chain's order (the runner takes them oldest first).
 */
export async function queueChain(db: Db, { userId }: { userId: string | null }) {
  const chain = now().toISOString();
  const rows = await db.$transaction(async (tx) => {
    if (await tx.jobExecution.findFirst({ where: { status: BUSY }, select: { id: true } })) throw new Refusal(JOB_TEXTS.chainBlocked, 409);
    const created = [];
    for (const type of CHAIN_ORDER) {
      created.push(
        await tx.jobExecution.create({ data: { jobType: type, trigger: "chain", triggeredById: userId, parameters: { chain } } }),
      );
    }
    return created;
  });
  return rows.map((row) => executionView(row));
}

// ---------------------------------------------------------------- the runner's side

/** Takes the oldest pending execution and marks it running, or null when none waits. */
export async function claimNextExecution(db: Db) {
  for (;;) {
    const next = await db.jobExecution.findFirst({ where: { status: "pending" }, orderBy: { id: "asc" } });
    if (!next) return null;
    const claimed = await db.jobExecution.updateMany({
      where: { id: next.id, status: "pending" },
      data: { status: "running", startedAt: now() },
    });
    if (claimed.count) return { ...next, status: "running" };
    // Cancelled between the read and the claim: look again.
  }
}

/** Progress and log of a running execution (a cancelled one is left as it is). */
export async function saveProgress(db: Db, id: number, progress: Progress, logs: string) {
  await db.jobExecution.updateMany({
    where: { id, status: "running" },
    data: { progressCompleted: progress.completed, progressTotal: progress.total, currentItem: progress.currentItem ?? null, logs },
  });
}

type Outcome = {
  status: "completed" | "completed_with_errors" | "failed" | "cancelled" | "skipped";
  results?: Results | null;
  errorMessage?: string | null;
};

/** The end of a run. An execution cancelled by staff meanwhile keeps its cancelled status. */
export async function finishExecution(db: Db, id: number, outcome: Outcome, progress: Progress, logs: string) {
  const { count } = await db.jobExecution.updateMany({
    where: { id, status: "running" },
    data: {
      status: outcome.status,
      results: (outcome.results ?? undefined) as Prisma.InputJsonValue | undefined,
      errorMessage: outcome.errorMessage ?? null,
      errorReviewed: outcome.status === "cancelled",
      completedAt: now(),
      progressCompleted: progress.completed,
      progressTotal: progress.total,
      currentItem: progress.currentItem ?? null,
      logs,
    },
  });
  if (!count) await db.jobExecution.update({ where: { id }, data: { logs } }); // cancelled meanwhile: keep its log
}

/** At start: runs left "running" by a process that stopped mid-run failed. Pending ones stay queued. */
export async function failInterruptedExecutions(db: Db, ids?: number[]) {
  const where = { status: "running", ...(ids && { id: { in: ids } }) };
  if (!(await db.jobExecution.count({ where }))) return 0; // a read: no write lock at each start for nothing
  const { count } = await db.jobExecution.updateMany({
    where: { status: "running", ...(ids && { id: { in: ids } }) },
    data: { status: "failed", errorMessage: JOB_TEXTS.interrupted, completedAt: now() },
  });
  return count;
}

// ---------------------------------------------------------------- staff actions

export async function findExecution(db: Db, id: number) {
  const row = await db.jobExecution.findUnique({ where: { id } });
  return row && executionView(row, { withLogs: true });
}

/**
 * Cancels a pending or running execution: a pending one never starts; a running one is marked
 * cancelled at once and its job stops at its next step (the runner aborts it). Returns the
 * status it had.
 */
export async function cancelExecution(db: Db, id: number) {
  return db.$transaction(async (tx) => {
    const row = await tx.jobExecution.findUnique({ where: { id }, select: { status: true } });
    if (!row) throw new Refusal(JOB_TEXTS.executionNotFound, 404);
    if (!(BUSY_STATUSES as readonly string[]).includes(row.status)) throw new Refusal(JOB_TEXTS.notCancellable, 409);
    await tx.jobExecution.update({
      where: { id },
      data: { status: "cancelled", errorMessage: JOB_TEXTS.cancelledByStaff, errorReviewed: true, completedAt: now() },
    });
    return row.status as "pending" | "running";
  });
}

/**
 * The Error Details dialog: opening it sends {viewed: true}, which records that the
 * error was seen; the Reviewed button sends {viewed: false}, which marks it reviewed, so it no
 * longer counts as an error to review. Only a failed, cancelled or completed-with-errors run with a
 * message has one.
 */
export async function reviewError(db: Db, id: number, viewed: boolean) {
  return db.$transaction(async (tx) => {
    const row = await tx.jobExecution.findUnique({ where: { id } });
    if (!row) throw new Refusal(JOB_TEXTS.executionNotFound, 404);
    if (!hasErrorToShow(row)) throw new Refusal(JOB_TEXTS.noErrorToReview, 409);
    const updated = await tx.jobExecution.update({
      where: { id },
      data: viewed ? { errorViewedAt: row.errorViewedAt ?? now() } : { errorReviewed: true, errorViewedAt: row.errorViewedAt ?? now() },
    });
    return executionView(updated);
  });
}

// ---------------------------------------------------------------- the contact crawler's fields

export async function crawlerConfig(db: Db | Tx) {
  const setting = await db.jobSetting.findUnique({ where: { jobType: "contact_crawl" } });
  const stored = (setting?.config as { fields_to_check?: unknown } | null)?.fields_to_check;
  const fields = Array.isArray(stored) ? (stored.filter((f) => f in CRAWLER_FIELDS) as CrawlerField[]) : [...DEFAULT_CRAWLER_FIELDS];
  return { fields_to_check: fields, updated_at: setting?.config ? setting.updatedAt : null };
}

/** The crawler field that is also a critical field of the Missing Data tab, if any. */
const CRITICAL_OF: Partial<Record<CrawlerField, CriticalField>> = {
  email: "email",
  phone: "phone",
  officeAddress: "officeAddress",
  website: "websiteUrl",
  xProfileUrl: "socialMediaLinks",
};

/**
 * Saving the crawler's fields clears every earlier missing-data flag and creates a new set:
 * one flag per active official with any of the fields empty, listing those fields, with
 * the Missing Data tab's priority for the critical ones among them.
 */
export async function saveCrawlerConfig(db: Db, fields: CrawlerField[]) {
  const columns = Object.fromEntries(fields.map((f) => [f, true])) as Prisma.OfficialSelect;
  const officials = (await db.official.findMany({ where: { isActive: true }, select: { id: true, ...columns } })) as unknown as ({
    id: number;
  } & Record<string, unknown>)[];
  const flags = officials.flatMap((o) => {
    const missing = fields.filter((f) => o[f] === null || o[f] === undefined || o[f] === "");
    if (!missing.length) return [];
    const critical = missing.flatMap((f) => CRITICAL_OF[f] ?? []);
    return [{ officialId: o.id, priority: missingDataPriority(critical), missingCriticalFields: missing }];
  });
  await db.$transaction(async (tx) => {
    await tx.jobSetting.upsert({
      where: { jobType: "contact_crawl" },
      create: { jobType: "contact_crawl", schedule: JOB_DEFINITIONS.contact_crawl.schedule, config: { fields_to_check: fields } },
      update: { config: { fields_to_check: fields } },
    });
    await tx.missingDataFlag.deleteMany({ where: { resolvedAt: null } });
    await tx.missingDataFlag.createMany({ data: flags });
  });
  return { ...(await crawlerConfig(db)), flagged: flags.length };
}

// ---------------------------------------------------------------- reading

export async function jobHistory(db: Db, type: JobType, take = 10) {
  const rows = await db.jobExecution.findMany({ where: { jobType: type }, orderBy: { id: "desc" }, take });
  return rows.map((row) => executionView(row));
}

export async function currentExecution(db: Db, type: JobType) {
  const row = await db.jobExecution.findFirst({ where: { jobType: type, status: BUSY }, orderBy: { id: "asc" } });
  return row && executionView(row);
}

type Clock = { now?: Date; timeZone: string };

/**
 * Each job's state for the dashboard and the integration pages:
 * currentStatus is the busy status while a run waits or runs, "disabled" when the owner turned the
 * job off, else the last run's status ("active" before any).
 */
export async function jobStatuses(db: Db, { now: at = now(), timeZone }: Clock, historySize = 5) {
  const settings = await jobSettings(db);
  const [recent, unreviewed, successes] = await Promise.all([
    Promise.all(
      JOB_TYPES.map((type) => db.jobExecution.findMany({ where: { jobType: type }, orderBy: { id: "desc" }, take: historySize })),
    ),
    db.jobExecution.groupBy({
      by: ["jobType"],
      where: { status: { in: [...ERROR_STATUSES] }, errorMessage: { not: null }, errorReviewed: false },
      _count: { _all: true },
    }),
    db.jobExecution.groupBy({ by: ["jobType"], where: { status: "completed" }, _max: { completedAt: true } }),
  ]);
  return JOB_TYPES.map((type, i) => {
    const definition = JOB_DEFINITIONS[type];
    const history = recent[i].map((row) => executionView(row));
    const busy = history.find((e) => (BUSY_STATUSES as readonly string[]).includes(e.status));
    const { enabled } = settings[type];
    const unreviewedErrorCount = unreviewed.find((u) => u.jobType === type)?._count._all ?? 0;
    return {
      name: type,
      jobType: type,
      title: definition.title,
      schedule: definition.scheduleText,
      enabled,
      currentStatus: busy?.status ?? (enabled ? (history[0]?.status ?? "active") : "disabled"),
      recentHistory: history,
      lastRun: history.find((e) => e.startedAt)?.startedAt ?? null,
      lastSuccess: successes.find((s) => s.jobType === type)?._max.completedAt ?? null,
      nextRun: enabled ? nextRunAt(definition.schedule, timeZone, at) : null,
      hasUnreviewedErrors: unreviewedErrorCount > 0,
      unreviewedErrorCount,
    };
  });
}

export async function jobStatus(db: Db, type: JobType, clock: Clock) {
  return (await jobStatuses(db, clock)).find((s) => s.jobType === type)!;
}

/** The batch page's status: the congress import. */
export async function batchStatus(db: Db, clock: Clock) {
  const status = await jobStatus(db, "congress_import", clock);
  const latest = status.recentHistory[0];
  const lastFinished = status.recentHistory.find((e) => e.completedAt);
  return {
    status: latest?.status ?? null,
    startedAt: latest?.startedAt ?? null,
    lastRun: status.lastRun,
    nextRun: status.nextRun,
    progress: { completed: latest?.progress.completed ?? 0, total: latest?.progress.total ?? 0 },
    recordsImported: recordsProcessed(lastFinished),
    lastDuration: lastFinished?.durationSeconds ?? null,
  };
}

const recordsProcessed = (e: ExecutionView | undefined) => (e?.results as Results | null)?.processed ?? null;

export async function batchHistory(db: Db, take = 10) {
  return (await jobHistory(db, "congress_import", take)).map((e) => ({
    id: e.id,
    status: e.status,
    startedAt: e.startedAt,
    completedAt: e.completedAt,
    errorMessage: e.errorMessage,
    results: { ...(e.results as object | null), recordsProcessed: recordsProcessed(e) },
  }));
}

/** How a crawl that is no longer running ended, in the words the crawler page uses. */
const CRAWL_ENDINGS: Record<string, string> = {
  completed: "finished",
  completed_with_errors: "finished with errors",
  failed: "failed",
  cancelled: "was cancelled",
  skipped: "was skipped",
  pending: "is waiting to start",
};

/** The crawler page's status: success rate as a rounded percentage. */
export async function crawlerStatus(db: Db, clock: Clock) {
  const [status, withWebsite] = await Promise.all([jobStatus(db, "contact_crawl", clock), officialsToCrawlCount(db)]);
  const running = status.recentHistory.find((e) => e.status === "running");
  const latest = status.recentHistory[0];
  // The last crawl that ran to its end, failed sites and all: its success rate is the one to show.
  const lastCompleted = status.recentHistory.find((e) => e.status === "completed" || e.status === "completed_with_errors");
  const results = lastCompleted?.results as (Results & { successful?: number }) | null | undefined;
  return {
    isRunning: Boolean(running),
    currentRepresentative: running?.progress.currentItem ?? null,
    lastRunAt: status.lastRun,
    nextRunAt: status.nextRun,
    /** The running crawl's progress; a crawl that ended is told by `lastCrawl` instead. */
    progress: running ? { completed: running.progress.completed ?? 0, total: running.progress.total ?? 0 } : null,
    lastCrawl:
      !running && latest
        ? {
            id: latest.id,
            ending: CRAWL_ENDINGS[latest.status] ?? latest.status,
            completed: latest.progress.completed ?? 0,
            total: latest.progress.total ?? 0,
          }
        : null,
    successRate: results?.processed ? Math.round(((results.successful ?? 0) / results.processed) * 100) : null,
    /** Officials in office with a website: what a full crawl visits. */
    withWebsite,
  };
}

export async function crawlerHistory(db: Db, take = 10) {
  return (await jobHistory(db, "contact_crawl", take)).map((e) => {
    const results = e.results as Results | null;
    return {
      id: e.id,
      status: e.status,
      startedAt: e.startedAt,
      completedAt: e.completedAt,
      errorMessage: e.errorMessage,
      results: { ...results, contactsCollected: results?.contactsCollected ?? null, representativesProcessed: results?.processed ?? null },
    };
  });
}
