// The email digest of what a user follows: new roll-call votes by the officials they follow and on
// the issues they follow, and public changes to those officials' records, since their last digest.
// A digest with nothing new is not sent. Each digest is recorded ("sending") before the email goes
// and marked after, so a run stopped in between never sends it again: the next run marks it
// "interrupted" and moves the user's next digest on.
import type { Db } from "~/db.server";
import { composeEmail, EmailNotSentError, openMailPool, type Email } from "~/email.server";
import { env } from "~/env.server";
import { groupBy } from "~/lib/group-by";
import { billKey, POSITION_WORDS, subjectsOf } from "~/lib/issue-votes";
import { issuesOfBill, policyIssue, type PolicyIssueSlug } from "~/lib/policy-issues";
import { sign, signatureMatches } from "~/lib/signed-links.server";
import { officialChangesBetween } from "~/models/change-history.server";
import { rollCallTextOf } from "~/models/voting-records.server";

const HOUR = 60 * 60 * 1000;
export const DIGEST_PERIOD_MS = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;
/** A nightly run that starts a little earlier than the last one still sends the day's digest. */
const EARLY_START_MS = 2 * HOUR;
/** Lines of each kind in one email; more are summed up with a link to /my. */
const MAX_LINES = 20;

export const digestUnsubscribeUrl = (userId: string) =>
  `${env().APP_URL}/unsubscribe?user=${encodeURIComponent(userId)}&token=${sign(`digest:${userId}`)}`;
export const isValidDigestToken = (userId: string, token: string) => signatureMatches(`digest:${userId}`, token);

export async function stopDigests(db: Db, userId: string) {
  const result = await db.user.updateMany({ where: { id: userId }, data: { digestFrequency: "off", digestSince: null } });
  return result.count === 1;
}

type DueUser = { id: string; email: string; firstName: string | null; digestFrequency: "daily" | "weekly"; digestSince: Date };

/** Who is due a digest at `now`: active, confirmed, and a day or a week (their choice) since the last one. */
function dueAt(now: Date) {
  const before = (frequency: keyof typeof DIGEST_PERIOD_MS) => new Date(now.getTime() - DIGEST_PERIOD_MS[frequency] + EARLY_START_MS);
  return {
    isActive: true,
    emailConfirmed: true,
    OR: (["daily", "weekly"] as const).map((frequency) => ({ digestFrequency: frequency, digestSince: { lte: before(frequency) } })),
  };
}

export const countDueDigests = (db: Db, now: Date) => db.user.count({ where: dueAt(now) });

/** Users whose digest is due at `now`, by id after `afterId` (the run pages through them). */
async function dueUsers(db: Db, now: Date, afterId: string, take: number): Promise<DueUser[]> {
  const rows = await db.user.findMany({
    where: { id: { gt: afterId }, ...dueAt(now) },
    select: { id: true, email: true, firstName: true, digestFrequency: true, digestSince: true },
    orderBy: { id: "asc" },
    take,
  });
  return rows as DueUser[];
}

type Reader = { id: string; digestSince: Date };

/** Officials whose votes one query reads: small reads keep each synchronous SQLite step short. */
const OFFICIALS_PER_READ = 25;
/** Users whose news is put together between two yields to the site. */
const READERS_PER_TURN = 25;
/** Lets the site's requests in between the job's steps (better-sqlite3 works synchronously). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Vote = Awaited<ReturnType<typeof votesAfter>>[number];

const votesAfter = async (db: Db, officialIds: number[], window: { gt: Date; lte: Date }) =>
  rollCallTextOf(
    db,
    await db.votingRecord.findMany({
      where: { officialId: { in: officialIds }, createdAt: window },
      select: {
        officialId: true,
        voteId: true,
        billNumber: true,
        billTitle: true,
        voteDate: true,
        votePosition: true,
        sourceUrl: true,
        createdAt: true,
      },
      orderBy: [{ voteDate: "desc" }, { id: "desc" }],
    }),
  );

/**
 * Each followed official's votes up to `until`, read once for a whole run: a batch of users reads
 * only the officials no earlier batch read (or read from a later start), a few at a time.
 */
function createVoteReader(db: Db, until: Date) {
  const read = new Map<number, { after: number; name: string; votes: Vote[] }>();
  return async function votesOf(officialIds: number[], after: Date) {
    const missing = officialIds.filter((id) => (read.get(id)?.after ?? Infinity) > after.getTime());
    for (let i = 0; i < missing.length; i += OFFICIALS_PER_READ) {
      await nextTurn();
      const ids = missing.slice(i, i + OFFICIALS_PER_READ);
      const [votes, officials] = await Promise.all([
        votesAfter(db, ids, { gt: after, lte: until }),
        db.official.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
      ]);
      const byOfficial = groupBy(votes, (v) => v.officialId);
      for (const { id, name } of officials) read.set(id, { after: after.getTime(), name, votes: byOfficial.get(id) ?? [] });
    }
    return (officialId: number) => read.get(officialId);
  };
}

/**
 * What is new for each of these users between their own `digestSince` (exclusive) and `until`
 * (inclusive): votes by the officials they follow, roll calls on the issues they follow, and public
 * changes to those officials' records. One set of queries for the whole batch, not one per user;
 * a run passes its vote reader so that each official's votes are read once.
 */
export async function digestNewsOf(db: Db, readers: Reader[], until: Date, votesOf = createVoteReader(db, until)) {
  const follows = await db.follow.findMany({
    where: { userId: { in: readers.map((r) => r.id) } },
    select: { userId: true, officialId: true, issueSlug: true },
  });
  await nextTurn();
  const officialIds = [...new Set(follows.flatMap((f) => (f.officialId === null ? [] : [f.officialId])))];
  const slugs = new Set(follows.flatMap((f) => (f.issueSlug === null ? [] : [f.issueSlug as PolicyIssueSlug])));
  const window = { gt: new Date(Math.min(...readers.map((r) => r.digestSince.getTime()))), lte: until };
  // One after the other, with a yield between: better-sqlite3 answers each query synchronously.
  const official = await votesOf(officialIds, window.gt);
  await nextTurn();
  const rollCalls = slugs.size ? await issueRollCalls(db, slugs, window) : [];
  await nextTurn();
  const changes = officialIds.length ? await officialChangesBetween(db, officialIds, window) : [];
  await nextTurn();
  // Grouped once, so each user's news is read from their own officials' lists, not the batch's.
  const followsOf = groupBy(follows, (f) => f.userId);
  const changesOf = groupBy(changes, (c) => c.entityId);
  const news = new Map<string, News>();
  for (const [n, reader] of readers.entries()) {
    if (n % READERS_PER_TURN === READERS_PER_TURN - 1) await nextTurn();
    const mine = followsOf.get(reader.id) ?? [];
    const officials = mine.flatMap((f) => (f.officialId === null ? [] : [f.officialId]));
    const issues = new Set(mine.map((f) => f.issueSlug));
    const [since, last] = [reader.digestSince.getTime(), until.getTime()];
    const inWindow = (at: Date) => at.getTime() > since && at.getTime() <= last;
    // ISO dates and times compare as plain strings (localeCompare is many times slower): newest first.
    const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    const votes = officials.flatMap((id) => {
      const read = official(id);
      return read ? read.votes.filter((v) => inWindow(v.createdAt)).map((v) => ({ ...v, official: { id, name: read.name } })) : [];
    });
    votes.sort((a, b) => newestFirst(a.voteDate, b.voteDate));
    const mineNews = {
      votes,
      rollCalls: rollCalls.flatMap((r) => {
        const followed = r.issues.filter((slug) => issues.has(slug));
        return followed.length && inWindow(r.fetchedAt) ? [{ ...r, issues: followed }] : [];
      }),
      changes: officials
        .flatMap((id) => (changesOf.get(id) ?? []).filter((c) => c.entityType === "official" && inWindow(new Date(c.changedAt))))
        .sort((a, b) => newestFirst(a.changedAt, b.changedAt)),
    };
    news.set(reader.id, { ...mineNews, count: votes.length + mineNews.rollCalls.length + mineNews.changes.length });
  }
  return news;
}

/** Roll calls fetched in the window on bills of the followed issues, each with the issues it is on. */
async function issueRollCalls(db: Db, slugs: Set<PolicyIssueSlug>, fetchedAt: { gt: Date; lte: Date }) {
  const rollCalls = await db.rollCall.findMany({
    where: { fetchedAt, billType: { not: null } },
    orderBy: [{ voteDate: "desc" }, { id: "desc" }],
  });
  const onBills = [...new Map(rollCalls.map((r) => [billKey(r.congress, r.billType!, r.billNumber!), r])).values()];
  const bills = onBills.length
    ? await db.bill.findMany({
        where: { OR: onBills.map((r) => ({ congress: r.congress, type: r.billType!, number: r.billNumber! })) },
        select: { congress: true, type: true, number: true, policyArea: true, subjects: true },
      })
    : [];
  const issuesOf = new Map(
    bills.map((b) => [billKey(b.congress, b.type, b.number), issuesOfBill({ policyArea: b.policyArea, subjects: subjectsOf(b.subjects) })]),
  );
  return rollCalls.flatMap((r) => {
    const issues = (issuesOf.get(billKey(r.congress, r.billType!, r.billNumber!)) ?? []).filter((slug) => slugs.has(slug));
    return issues.length ? [{ ...r, issues }] : [];
  });
}

type News = {
  votes: (Vote & { official: { id: number; name: string } })[];
  rollCalls: (Awaited<ReturnType<typeof issueRollCalls>>[number] & { issues: PolicyIssueSlug[] })[];
  changes: Awaited<ReturnType<typeof officialChangesBetween>>;
  count: number;
};
const capped = <T>(list: T[], line: (item: T) => string) => [
  ...list.slice(0, MAX_LINES).map(line),
  ...(list.length > MAX_LINES ? [`…and ${list.length - MAX_LINES} more on your page.`] : []),
];

/** The digest email: plain lines (composeEmail), links back to the site and each source, and a one-click unsubscribe. */
export function digestEmail(user: Pick<DueUser, "id" | "email" | "firstName" | "digestFrequency">, news: News): Email {
  const site = env().APP_URL;
  const unsubscribe = digestUnsubscribeUrl(user.id);
  const lines = [
    `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
    `Here is what is new since your last ${user.digestFrequency} digest.`,
    ...(news.votes.length ? ["Votes by officials you follow:"] : []),
    ...capped(
      news.votes,
      (v) =>
        `${v.official.name}: ${POSITION_WORDS[v.votePosition] ?? v.votePosition} on ${v.billNumber ? `${v.billNumber}, ` : ""}${v.billTitle} (${v.voteDate}). ${site}/representative/${v.official.id}${v.sourceUrl ? ` Source: ${v.sourceUrl}` : ""}`,
    ),
    ...(news.rollCalls.length ? ["Roll calls on issues you follow:"] : []),
    ...capped(
      news.rollCalls,
      (r) =>
        `${r.issues.map((slug) => policyIssue(slug)?.label).join(", ")}: ${r.billTitle.replace(/\.$/, "")} (${r.billType!.toUpperCase()} ${r.billNumber}). ${r.question}${r.result ? `: ${r.result}` : ""}, ${r.voteDate}. ${site}/issues/${r.issues[0]} Source: ${r.sourceUrl}`,
    ),
    ...(news.changes.length ? ["Changes to officials you follow:"] : []),
    ...capped(
      news.changes,
      (c) =>
        `${c.subject.name}: ${c.label} is now ${c.newValue ?? "empty"}${c.oldValue ? ` (was ${c.oldValue})` : ""}. ${site}${c.subject.href}${c.source.url ? ` Source: ${c.source.url}` : ""}`,
    ),
    "Your page, and how often these emails come:",
    `${site}/my#updates`,
    "To stop these emails, open this link (one click):",
    unsubscribe,
  ];
  return {
    ...composeEmail(user.email, `Your Civic Atlas ${user.digestFrequency} digest: ${news.count} new`, lines),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type DigestRun = { sent: number; failed: number; empty: number; interrupted: number };

/** Digests in flight at once, each on one of the mail pool's connections. */
export const DIGESTS_IN_FLIGHT = 10;
/**
 * Digests recorded in one write before their emails go, and marked in one write after. A run
 * killed outright leaves at most this many "sending" (then "interrupted": perhaps sent, never again).
 */
const DIGESTS_PER_WRITE = 50;

type Outcome = { sent: true } | { sent: false; reason: string };

/**
 * Sends every due digest at `now`, a batch of users at a time, `concurrency` emails in flight over
 * one pool of SMTP connections. `pause` runs before each email (the job's step: cancellation, and
 * a yield so the site's requests go first); `failed` hears of each digest that could not be sent
 * (kept "failed"; the user's next run tries the same period again).
 *
 * Never twice: a digest is recorded "sending" and its user claimed (their next window moved to
 * `now`, only while they are still due) in one write before the email goes, so a second run
 * racing this one skips them, and marked "sent" after. A run stopped by `pause` takes back the
 * claims it had not started; a run killed outright leaves "sending" rows the next run marks
 * "interrupted" and never sends again.
 */
export async function sendDueDigests(
  db: Db,
  {
    now,
    pause = async () => {},
    send,
    failed = () => {},
    batchSize = 100,
    concurrency = DIGESTS_IN_FLIGHT,
  }: {
    now: Date;
    pause?: () => Promise<void>;
    send?: (email: Email) => Promise<void>;
    failed?: (email: string, sentence: string) => void;
    batchSize?: number;
    concurrency?: number;
  },
): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, failed: 0, empty: 0, interrupted: await markInterrupted(db) };
  await nextTurn();
  const pool = send ? { send, close: () => {} } : openMailPool();
  const votesOf = createVoteReader(db, now);
  try {
    for (let afterId = ""; ;) {
      const users = await dueUsers(db, now, afterId, batchSize);
      if (users.length === 0) return run;
      afterId = users[users.length - 1].id;
      await nextTurn();
      const newsOf = await digestNewsOf(db, users, now, votesOf);
      // Nothing new up to now: the next digest's news starts now, so windows stay short.
      const empty = users.filter((user) => newsOf.get(user.id)!.count === 0).map((user) => user.id);
      await db.user.updateMany({ where: { id: { in: empty } }, data: { digestSince: now } });
      run.empty += empty.length;
      await nextTurn();
      const due = users.filter((user) => newsOf.get(user.id)!.count > 0);
      for (let i = 0; i < due.length; i += DIGESTS_PER_WRITE) {
        const claimed = await recordDigests(db, due.slice(i, i + DIGESTS_PER_WRITE), newsOf, now);
        await nextTurn();
        const outcomes = new Map<number, Outcome>();
        const stopped = await inFlight(claimed, concurrency, async ({ user, digestId }) => {
          await pause();
          try {
            await pool.send(digestEmail(user, newsOf.get(user.id)!));
            outcomes.set(digestId, { sent: true });
          } catch (error) {
            outcomes.set(digestId, {
              sent: false,
              reason: error instanceof EmailNotSentError ? error.message : "The email could not be sent",
            });
          }
        });
        await markDigests(db, claimed, outcomes, now);
        for (const { user, digestId } of claimed) {
          const outcome = outcomes.get(digestId);
          if (outcome?.sent) run.sent++;
          else if (outcome) {
            failed(user.email, outcome.reason);
            run.failed++;
          }
        }
        if (stopped) throw stopped.error;
        await nextTurn();
      }
    }
  } finally {
    pool.close();
  }
}

type Claimed = { user: DueUser; digestId: number };

/** Records a "sending" digest for each of these users still due, claiming them; users another run claimed first are left out. */
async function recordDigests(db: Db, users: DueUser[], newsOf: Map<string, News>, now: Date): Promise<Claimed[]> {
  const digests = await db.$transaction(async (tx) => {
    const claimed = await tx.user.updateManyAndReturn({
      where: { id: { in: users.map((u) => u.id) }, ...dueAt(now) },
      data: { digestSince: now },
      select: { id: true },
    });
    const ours = new Set(claimed.map((c) => c.id));
    return tx.digest.createManyAndReturn({
      data: users
        .filter((user) => ours.has(user.id))
        .map((user) => ({
          userId: user.id,
          frequency: user.digestFrequency,
          periodStart: user.digestSince,
          periodEnd: now,
          itemCount: newsOf.get(user.id)!.count,
          status: "sending",
        })),
      select: { id: true, userId: true },
    });
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  return digests.map((d) => ({ user: byId.get(d.userId)!, digestId: d.id }));
}

/**
 * After the emails: sent ones marked "sent"; refused ones "failed" with the reason, their user's
 * window back where it was (the next run tries again); ones never started (the run stopped) taken
 * back as if never recorded.
 */
async function markDigests(db: Db, claimed: Claimed[], outcomes: Map<number, Outcome>, now: Date) {
  const sent = claimed.filter((c) => outcomes.get(c.digestId)?.sent);
  const notSent = claimed.filter((c) => !outcomes.get(c.digestId)?.sent);
  await db.$transaction([
    db.digest.updateMany({ where: { id: { in: sent.map((c) => c.digestId) } }, data: { status: "sent", sentAt: new Date() } }),
    ...notSent.flatMap(({ user, digestId }) => {
      const outcome = outcomes.get(digestId);
      const giveBack = db.user.updateMany({ where: { id: user.id, digestSince: now }, data: { digestSince: user.digestSince } });
      return outcome && !outcome.sent
        ? [db.digest.update({ where: { id: digestId }, data: { status: "failed", error: outcome.reason } }), giveBack]
        : [db.digest.delete({ where: { id: digestId } }), giveBack];
    }),
  ]);
}

/**
 * Runs `work` on each item, at most `limit` at once. After one throws no further item starts; the
 * first error is returned once the started ones have ended.
 */
async function inFlight<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<{ error: unknown } | null> {
  let next = 0;
  let stopped: { error: unknown } | null = null;
  const worker = async () => {
    while (!stopped && next < items.length) {
      const item = items[next++];
      await work(item).catch((error: unknown) => {
        stopped ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return stopped;
}

/** Digests a stopped run recorded but never marked: perhaps sent, so never sent again. */
async function markInterrupted(db: Db) {
  const stuck = await db.digest.findMany({ where: { status: "sending" }, select: { id: true, userId: true, periodEnd: true } });
  for (const digest of stuck)
    await db.$transaction([
      db.digest.update({ where: { id: digest.id }, data: { status: "interrupted" } }),
      db.user.updateMany({ where: { id: digest.userId, digestSince: { lt: digest.periodEnd } }, data: { digestSince: digest.periodEnd } }),
    ]);
  return stuck.length;
}

/** The last digest a user was sent, for their page and the staff's user detail page. */
export const lastDigestOf = (db: Db, userId: string) =>
  db.digest.findFirst({
    where: { userId },
    select: { status: true, sentAt: true, createdAt: true, itemCount: true, error: true },
    orderBy: { id: "desc" },
  });

/** Digests sent and not sent over the last `days` days, for the staff dashboard. */
export async function digestCounts(db: Db, now: Date, days = 7) {
  const since = { gte: new Date(now.getTime() - days * 24 * HOUR) };
  const [sent, failed] = await Promise.all([
    db.digest.count({ where: { status: "sent", createdAt: since } }),
    db.digest.count({ where: { status: "failed", createdAt: since } }),
  ]);
  return { days, sent, failed };
}
