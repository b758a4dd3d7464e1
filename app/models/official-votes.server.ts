// One official's votes as their profile and the JSON call show them: each position with its roll
// call (question, result, source) and the bill it was on (congress.gov link, Library of Congress
// subjects, the issues of app/lib/policy-issues.ts), grouped by issue with counts, and the roll
// calls of their chamber they missed this Congress. Read only.
import type { Db } from "~/db.server";
import { congressGovBillUrl, type BillType } from "~/lib/bill-status";
import { billKey, billLabel, subjectsOf } from "~/lib/issue-votes";
import { issuesOfBill, POLICY_ISSUES, type PolicyIssue, type PolicyIssueSlug } from "~/lib/policy-issues";
import { currentSession, parseVoteId } from "~/lib/roll-calls";
import { ROLL_CALL_TEXT, withRollCallText, type PositionText } from "~/models/voting-records.server";

const RECORD_FIELDS = {
  id: true,
  voteId: true,
  billTitle: true,
  billNumber: true,
  description: true,
  voteDate: true,
  votePosition: true,
  sourceUrl: true,
} as const;

type RecordRow = {
  id: number;
  voteId: string;
  billTitle: string;
  billNumber: string | null;
  description: string | null;
  voteDate: string;
  votePosition: string;
  sourceUrl: string | null;
};

/** "House roll call 65, 2022" from "h65-117.2022". */
function rollCallName(voteId: string) {
  const parsed = parseVoteId(voteId);
  return parsed ? `${parsed.chamber === "house" ? "House" : "Senate"} roll call ${parsed.number}, ${parsed.year}` : "Roll call";
}

/**
 * Positions with what the stored roll calls and bills say about them: a lean position takes its
 * title, bill number, wording and source from its roll call (withRollCallText). A position whose
 * roll call is not stored (an older import) keeps its own fields and has no question, bill or
 * issue; a roll call on a bill whose BILLSTATUS file is not stored has a bill number but no subjects.
 */
export async function withRollCallsAndBills<R extends PositionText & { voteId: string }>(db: Db, records: R[]) {
  const rollCalls = records.length
    ? await db.rollCall.findMany({
        where: { voteId: { in: [...new Set(records.map((r) => r.voteId))] } },
        select: {
          ...ROLL_CALL_TEXT,
          question: true,
          result: true,
          congress: true,
          billType: true,
          billNumber: true,
          sourceUrl: true,
          fetchedAt: true,
        },
      })
    : [];
  const rollCallOf = new Map(rollCalls.map((r) => [r.voteId, r]));
  const keys = rollCalls.filter((r) => r.billType && r.billNumber !== null);
  const bills = keys.length
    ? await db.bill.findMany({
        where: { OR: keys.map((r) => ({ congress: r.congress, type: r.billType!, number: r.billNumber! })) },
        select: {
          congress: true,
          type: true,
          number: true,
          title: true,
          policyArea: true,
          subjects: true,
          sourceUrl: true,
          fetchedAt: true,
        },
      })
    : [];
  const billOf = new Map(bills.map((b) => [billKey(b.congress, b.type, b.number), b]));
  return records.map((record) => {
    const rollCall = rollCallOf.get(record.voteId);
    const stored =
      rollCall?.billType && rollCall.billNumber !== null
        ? billOf.get(billKey(rollCall.congress, rollCall.billType, rollCall.billNumber))
        : undefined;
    const subjects = stored ? subjectsOf(stored.subjects) : [];
    const bill =
      rollCall?.billType && rollCall.billNumber !== null
        ? {
            congress: rollCall.congress,
            type: rollCall.billType,
            number: rollCall.billNumber,
            label: billLabel(rollCall.billType, rollCall.billNumber),
            url: congressGovBillUrl({ congress: rollCall.congress, type: rollCall.billType as BillType, number: rollCall.billNumber }),
            title: stored?.title ?? null,
            policyArea: stored?.policyArea ?? null,
            subjects,
            /** The BILLSTATUS file the subjects came from, and when it was fetched; null when no file is stored. */
            sourceUrl: stored?.sourceUrl ?? null,
            fetchedAt: stored?.fetchedAt ?? null,
          }
        : null;
    return {
      ...withRollCallText(record, rollCall),
      rollCallName: rollCallName(record.voteId),
      question: rollCall?.question ?? null,
      result: rollCall?.result ?? null,
      rollCall: rollCall ? { sourceUrl: rollCall.sourceUrl, fetchedAt: rollCall.fetchedAt } : null,
      bill,
      issues: stored ? issuesOfBill({ policyArea: stored.policyArea, subjects }) : ([] as PolicyIssueSlug[]),
    };
  });
}

export type OfficialVote = Awaited<ReturnType<typeof withRollCallsAndBills<RecordRow>>>[number];

/**
 * A vote as the profile shows it: the bill without its full subject list (an omnibus has hundreds;
 * the JSON call and votes.csv carry them), with the terms that put it in `issue` when one is given.
 */
export function pageVote({ bill, ...vote }: OfficialVote, issue?: PolicyIssue) {
  if (!bill) return { ...vote, bill: null, terms: [] as string[] };
  const { subjects, ...shown } = bill;
  const terms = issue
    ? [...issue.subjects.filter((s) => subjects.includes(s)), ...issue.policyAreas.filter((area) => area === bill.policyArea)]
    : [];
  return { ...vote, bill: shown, terms };
}

export type PageVote = ReturnType<typeof pageVote>;

/** The official's latest votes, newest first (on one day, the last stored first: the import stores roll calls in order). */
export async function recentVotesOf(db: Db, officialId: number, take: number) {
  const records = await db.votingRecord.findMany({
    where: { officialId },
    orderBy: [{ voteDate: "desc" }, { id: "desc" }],
    take,
    select: RECORD_FIELDS,
  });
  return withRollCallsAndBills(db, records);
}

export type IssueCounts = { yea: number; nay: number; present: number; notVoting: number };

export type IssueVotes = { issue: PolicyIssue; counts: IssueCounts; total: number; votes: PageVote[] };

const COUNTED: Record<string, keyof IssueCounts> = { Yea: "yea", Nay: "nay", Present: "present", "Not Voting": "notVoting" };

/**
 * For each issue and topic, in the table's order: the official's positions on the stored roll calls
 * whose bill belongs to it, counted, and the newest `shown` of them in full. A vote on a bill of two
 * issues counts in both.
 */
export async function issueVotesOf(db: Db, officialId: number, shown = 10): Promise<IssueVotes[]> {
  const positions = await db.votingRecord.findMany({
    where: { officialId },
    orderBy: [{ voteDate: "desc" }, { id: "desc" }],
    select: { id: true, voteId: true, votePosition: true },
  });
  const rollCalls = positions.length
    ? await db.rollCall.findMany({
        where: { voteId: { in: positions.map((p) => p.voteId) }, billType: { not: null }, billNumber: { not: null } },
        select: { voteId: true, congress: true, billType: true, billNumber: true },
      })
    : [];
  const bills = rollCalls.length
    ? await db.bill.findMany({
        where: { OR: rollCalls.map((r) => ({ congress: r.congress, type: r.billType!, number: r.billNumber! })) },
        select: { congress: true, type: true, number: true, policyArea: true, subjects: true },
      })
    : [];
  const issuesOfKey = new Map(
    bills.map((b) => [billKey(b.congress, b.type, b.number), issuesOfBill({ policyArea: b.policyArea, subjects: subjectsOf(b.subjects) })]),
  );
  const issuesOfVote = new Map(rollCalls.map((r) => [r.voteId, issuesOfKey.get(billKey(r.congress, r.billType!, r.billNumber!)) ?? []]));
  const groups = POLICY_ISSUES.map((issue) => ({
    issue,
    counts: { yea: 0, nay: 0, present: 0, notVoting: 0 } as IssueCounts,
    ids: [] as number[],
  }));
  for (const position of positions) {
    const slugs = issuesOfVote.get(position.voteId) ?? [];
    for (const group of groups) {
      if (!slugs.includes(group.issue.slug)) continue;
      group.ids.push(position.id);
      const counted = COUNTED[position.votePosition];
      if (counted) group.counts[counted] += 1;
    }
  }
  const shownIds = [...new Set(groups.flatMap((g) => g.ids.slice(0, shown)))];
  const records = shownIds.length ? await db.votingRecord.findMany({ where: { id: { in: shownIds } }, select: RECORD_FIELDS }) : [];
  const voteOf = new Map((await withRollCallsAndBills(db, records)).map((v) => [v.id, v]));
  return groups.map(({ issue, counts, ids }) => ({
    issue,
    counts,
    total: ids.length,
    votes: ids.slice(0, shown).map((id) => pageVote(voteOf.get(id)!, issue)),
  }));
}

const CHAMBER_OF_OFFICE: Record<string, { chamber: "house" | "senate"; termType: "rep" | "sen" }> = {
  Representative: { chamber: "house", termType: "rep" },
  Senator: { chamber: "senate", termType: "sen" },
};

/** `complete`: every roll call of their chamber this Congress so far is stored (each session's numbers run from 1 without a gap). */
export type MissedVotes = { missed: number; of: number; congress: number; complete: boolean };

/**
 * Missed votes, counted honestly: the official's Not Voting positions out of the stored roll calls
 * of their chamber in the Congress under way on `now` (and whether those are all of them so far), held while they served (between a term's
 * start and its end, or today). Null when that is not known: not a member of Congress, no terms on
 * file, or no roll call of their chamber stored for their time this Congress.
 */
export async function missedVotesOf(db: Db, official: { id: number; office: string }, now: Date): Promise<MissedVotes | null> {
  const seat = CHAMBER_OF_OFFICE[official.office];
  if (!seat) return null;
  const today = now.toISOString().slice(0, 10);
  const terms = await db.officialTerm.findMany({
    where: { officialId: official.id, type: seat.termType, start: { lte: today } },
    select: { start: true, end: true },
  });
  if (terms.length === 0) return null;
  const { congress } = currentSession(now);
  const served = terms.map((t) => ({ voteDate: { gte: t.start, lte: t.end && t.end < today ? t.end : today } }));
  const rollCalls = await db.rollCall.findMany({ where: { chamber: seat.chamber, congress, OR: served }, select: { voteId: true } });
  if (rollCalls.length === 0) return null;
  const [missed, sessions] = await Promise.all([
    db.votingRecord.count({
      where: { officialId: official.id, votePosition: "Not Voting", voteId: { in: rollCalls.map((r) => r.voteId) } },
    }),
    db.rollCall.groupBy({ by: ["session"], where: { chamber: seat.chamber, congress }, _count: { _all: true }, _max: { number: true } }),
  ]);
  // Roll calls are numbered from 1 in each session, so a session is whole when it holds as many as
  // its highest number; and no earlier session of the Congress may be missing altogether.
  const complete =
    sessions.every((s) => s._count._all === s._max.number) && sessions.length === Math.max(...sessions.map((s) => s.session));
  return { missed, of: rollCalls.length, congress, complete };
}
