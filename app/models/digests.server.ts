// The email digest of what a user follows: new roll-call votes by the officials they follow and on
// the issues they follow, and public changes to those officials' records, since their last digest.
// A digest with nothing new is not sent. Each digest is recorded ("sending") before the email goes
// and marked after, so a run stopped in between never sends it again: the next run marks it
// "interrupted" and moves the user's next digest on.
import type { Db } from "~/db.server";
import { composeEmail, EmailNotSentError, sendEmail, type Email } from "~/email.server";
import { env } from "~/env.server";
import { groupBy } from "~/lib/group-by";
import { billKey, POSITION_WORDS, subjectsOf } from "~/lib/issue-votes";
import { issuesOfBill, policyIssue, type PolicyIssueSlug } from "~/lib/policy-issues";
import { sign, signatureMatches } from "~/lib/signed-links.server";
import { officialChangesBetween } from "~/models/change-history.server";

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

/**
 * What is new for each of these users between their own `digestSince` (exclusive) and `until`
 * (inclusive): votes by the officials they follow, roll calls on the issues they follow, and public
 * changes to those officials' records. One set of queries for the whole batch, not one per user.
 */
export async function digestNewsOf(db: Db, readers: Reader[], until: Date) {
  const follows = await db.follow.findMany({
    where: { userId: { in: readers.map((r) => r.id) } },
    select: { userId: true, officialId: true, issueSlug: true },
  });
  const officialIds = [...new Set(follows.flatMap((f) => (f.officialId === null ? [] : [f.officialId])))];
  const slugs = new Set(follows.flatMap((f) => (f.issueSlug === null ? [] : [f.issueSlug as PolicyIssueSlug])));
  const window = { gt: new Date(Math.min(...readers.map((r) => r.digestSince.getTime()))), lte: until };
  const [votes, rollCalls, changes] = await Promise.all([
    officialIds.length
      ? db.votingRecord.findMany({
          where: { officialId: { in: officialIds }, createdAt: window },
          select: {
            voteId: true,
            billNumber: true,
            billTitle: true,
            voteDate: true,
            votePosition: true,
            sourceUrl: true,
            createdAt: true,
            official: { select: { id: true, name: true } },
          },
          orderBy: [{ voteDate: "desc" }, { id: "desc" }],
        })
      : [],
    slugs.size ? issueRollCalls(db, slugs, window) : [],
    officialIds.length ? officialChangesBetween(db, officialIds, window) : [],
  ]);
  // Grouped once, so each user's news is read from their own officials' lists, not the batch's.
  const followsOf = groupBy(follows, (f) => f.userId);
  const votesOf = groupBy(votes, (v) => v.official.id);
  const changesOf = groupBy(changes, (c) => c.entityId);
  return new Map(
    readers.map((reader) => {
      const mine = followsOf.get(reader.id) ?? [];
      const officials = mine.flatMap((f) => (f.officialId === null ? [] : [f.officialId]));
      const issues = new Set(mine.map((f) => f.issueSlug));
      const inWindow = (at: Date | string) => new Date(at) > reader.digestSince && new Date(at) <= until;
      const news = {
        votes: officials.flatMap((id) => (votesOf.get(id) ?? []).filter((v) => inWindow(v.createdAt))),
        rollCalls: rollCalls.flatMap((r) => {
          const followed = r.issues.filter((slug) => issues.has(slug));
          return followed.length && inWindow(r.fetchedAt) ? [{ ...r, issues: followed }] : [];
        }),
        changes: officials
          .flatMap((id) => (changesOf.get(id) ?? []).filter((c) => c.entityType === "official" && inWindow(c.changedAt)))
          .sort((a, b) => b.changedAt.localeCompare(a.changedAt)), // ISO times: newest first
      };
      news.votes.sort((a, b) => b.voteDate.localeCompare(a.voteDate));
      return [reader.id, { ...news, count: news.votes.length + news.rollCalls.length + news.changes.length }];
    }),
  );
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

type News = NonNullable<ReturnType<Awaited<ReturnType<typeof digestNewsOf>>["get"]>>;
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

/**
 * Sends every due digest at `now`, a batch of users at a time; `pause` runs between users (the
 * job's step: cancellation, and a yield so the site's requests go first); `failed` hears of each
 * digest that could not be sent (kept "failed"; the user's next run tries the same period again).
 */
export async function sendDueDigests(
  db: Db,
  {
    now,
    pause = async () => {},
    send = sendEmail,
    failed = () => {},
    batchSize = 500,
  }: {
    now: Date;
    pause?: () => Promise<void>;
    send?: (email: Email) => Promise<void>;
    failed?: (email: string, sentence: string) => void;
    batchSize?: number;
  },
): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, failed: 0, empty: 0, interrupted: await markInterrupted(db) };
  for (let afterId = ""; ;) {
    const users = await dueUsers(db, now, afterId, batchSize);
    if (users.length === 0) return run;
    const newsOf = await digestNewsOf(db, users, now);
    // Nothing new up to now: the next digest's news starts now, so windows stay short.
    const empty = users.filter((user) => newsOf.get(user.id)!.count === 0).map((user) => user.id);
    await db.user.updateMany({ where: { id: { in: empty } }, data: { digestSince: now } });
    run.empty += empty.length;
    for (const user of users) {
      const news = newsOf.get(user.id)!;
      if (news.count === 0) continue;
      await pause();
      const digest = await db.digest.create({
        data: {
          userId: user.id,
          frequency: user.digestFrequency,
          periodStart: user.digestSince,
          periodEnd: now,
          itemCount: news.count,
          status: "sending",
        },
      });
      try {
        await send(digestEmail(user, news));
        await db.$transaction([
          db.digest.update({ where: { id: digest.id }, data: { status: "sent", sentAt: new Date() } }),
          db.user.update({ where: { id: user.id }, data: { digestSince: now } }),
        ]);
        run.sent++;
      } catch (error) {
        const message = error instanceof EmailNotSentError ? error.message : "The email could not be sent";
        await db.digest.update({ where: { id: digest.id }, data: { status: "failed", error: message } });
        failed(user.email, message);
        run.failed++;
      }
    }
    afterId = users[users.length - 1].id;
  }
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
