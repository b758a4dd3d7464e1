// What a signed-in user follows (officials and issues) and how often they want the email digest of
// it. Private to the user: only their own /my page reads it.
import type { Db } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { groupBy } from "~/lib/group-by";
import { policyIssue, POLICY_ISSUES, type PolicyIssueSlug } from "~/lib/policy-issues";
import { rollCallTextOf } from "~/models/voting-records.server";

export const DIGEST_FREQUENCIES = ["daily", "weekly", "off"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** What a Follow or Unfollow button names: one official, or one issue of the policy-issues table. */
export type FollowTarget = { officialId: number } | { issueSlug: PolicyIssueSlug };

/**
 * Reads a follow form's target: `officialId` (a whole number naming a public official) or `issue`
 * (a slug of the policy-issues table). Null when the form names neither, or something unknown.
 */
export async function readFollowTarget(db: Db, form: FormData): Promise<FollowTarget | null> {
  const issue = form.get("issue");
  if (typeof issue === "string" && issue) return policyIssue(issue) ? { issueSlug: issue as PolicyIssueSlug } : null;
  const raw = form.get("officialId");
  const officialId = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (officialId === null) return null;
  const official = await db.official.findUnique({ where: { id: officialId }, select: { id: true } });
  return official ? { officialId } : null;
}

/** Following twice is following once. */
export async function follow(db: Db, userId: string, target: FollowTarget) {
  const exists = await db.follow.findFirst({ where: { userId, ...target }, select: { id: true } });
  if (!exists) await db.follow.create({ data: { userId, ...target } });
}

export async function unfollow(db: Db, userId: string, target: FollowTarget) {
  await db.follow.deleteMany({ where: { userId, ...target } });
}

export async function isFollowing(db: Db, userId: string, target: FollowTarget) {
  return (await db.follow.count({ where: { userId, ...target } })) > 0;
}

/** A user's follows: the officials (by name) and the issues (in the policy-issues table's order). */
export async function followsOf(db: Db, userId: string) {
  const rows = await db.follow.findMany({
    where: { userId },
    select: {
      issueSlug: true,
      official: { select: { id: true, name: true, office: true, party: true, district: true, state: { select: { abbreviation: true } } } },
    },
  });
  const slugs = new Set(rows.map((r) => r.issueSlug));
  return {
    officials: rows.flatMap((r) => (r.official ? [r.official] : [])).sort((a, b) => a.name.localeCompare(b.name)),
    issues: POLICY_ISSUES.filter((issue) => slugs.has(issue.slug)).map(({ slug, label, kind }) => ({ slug, label, kind })),
  };
}

export async function digestFrequencyOf(db: Db, userId: string): Promise<DigestFrequency | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { digestFrequency: true } });
  const value = user?.digestFrequency;
  return DIGEST_FREQUENCIES.includes(value as DigestFrequency) ? (value as DigestFrequency) : null;
}

/** Choosing a frequency starts the news of the first digest now; changing daily to weekly keeps it. */
export async function setDigestFrequency(db: Db, userId: string, frequency: DigestFrequency, now = new Date()) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { digestSince: true } });
  const since = frequency === "off" ? null : (user.digestSince ?? now);
  await db.user.update({ where: { id: userId }, data: { digestFrequency: frequency, digestSince: since } });
}

type LatestVote = {
  officialId: number;
  voteId: string;
  billNumber: string | null;
  billTitle: string;
  description: string | null;
  voteDate: string;
  votePosition: string;
  sourceUrl: string | null;
};

/**
 * Each official's latest `perOfficial` votes, newest first (the /my page shows a few under each
 * official): one query for all of them, numbering each official's votes by date.
 */
export async function latestVotesOf(db: Db, officialIds: number[], perOfficial: number) {
  const rows = officialIds.length
    ? await db.$queryRaw<LatestVote[]>`
        SELECT officialId, voteId, billNumber, billTitle, description, voteDate, votePosition, sourceUrl
        FROM (
          SELECT *, ROW_NUMBER() OVER (PARTITION BY officialId ORDER BY voteDate DESC, voteId DESC) AS n
          FROM VotingRecord WHERE officialId IN (${Prisma.join(officialIds)})
        )
        WHERE n <= ${perOfficial}
        ORDER BY officialId, n`
    : [];
  const byOfficial = groupBy(await rollCallTextOf(db, rows), (r) => r.officialId);
  return Object.fromEntries(officialIds.map((id) => [id, (byOfficial.get(id) ?? []).map(({ officialId: _official, ...vote }) => vote)]));
}
