// The issues on the map: which stored bills and roll calls belong to an issue (by the Library of
// Congress terms of app/lib/policy-issues.ts), how each state's members voted on one roll call, and
// each member's position. Read only.
import type { Db } from "~/db.server";
import { congressGovBillUrl, type BillType } from "~/lib/bill-status";
import { billKey, billLabel, isPassageVote, parseRollCallKey, rollCallKey, subjectsOf, type StateTally } from "~/lib/issue-votes";
import { issuesOfBill, policyIssue, type PolicyIssue } from "~/lib/policy-issues";

const BILL_FIELDS = {
  congress: true,
  type: true,
  number: true,
  title: true,
  policyArea: true,
  subjects: true,
  latestActionDate: true,
  latestActionText: true,
  sourceUrl: true,
  fetchedAt: true,
} as const;
const ROLL_CALL_FIELDS = {
  voteId: true,
  chamber: true,
  congress: true,
  session: true,
  number: true,
  voteDate: true,
  question: true,
  result: true,
  billType: true,
  billNumber: true,
  billTitle: true,
  sourceUrl: true,
  fetchedAt: true,
} as const;

/** The stored bills of an issue, each with its stored roll calls (newest first); bills newest Congress first. */
export async function issueBills(db: Db, issue: PolicyIssue) {
  // Subjects are a JSON list: matched here against the one table rather than in SQL.
  const bills = (await db.bill.findMany({ select: BILL_FIELDS })).filter((bill) =>
    issuesOfBill({ policyArea: bill.policyArea, subjects: subjectsOf(bill.subjects) }).includes(issue.slug),
  );
  if (bills.length === 0) return [];
  const rollCalls = await db.rollCall.findMany({
    where: { OR: bills.map((b) => ({ congress: b.congress, billType: b.type, billNumber: b.number })) },
    select: ROLL_CALL_FIELDS,
    orderBy: [{ voteDate: "desc" }, { number: "desc" }],
  });
  const byBill = new Map<string, typeof rollCalls>();
  for (const r of rollCalls) {
    const key = billKey(r.congress, r.billType!, r.billNumber!);
    byBill.set(key, [...(byBill.get(key) ?? []), r]);
  }
  return bills
    .map((bill) => ({
      ...bill,
      subjects: subjectsOf(bill.subjects),
      label: billLabel(bill.type, bill.number),
      congressGovUrl: congressGovBillUrl({ congress: bill.congress, type: bill.type as BillType, number: bill.number }),
      rollCalls: (byBill.get(billKey(bill.congress, bill.type, bill.number)) ?? []).map((r) => ({ ...r, key: rollCallKey(asKey(r)) })),
    }))
    .filter((bill) => bill.rollCalls.length > 0)
    .sort((a, b) => b.congress - a.congress || (b.rollCalls[0].voteDate > a.rollCalls[0].voteDate ? 1 : -1));
}

export type IssueBill = Awaited<ReturnType<typeof issueBills>>[number];

const asKey = (r: { chamber: string; congress: number; session: number; number: number }) => ({
  chamber: r.chamber as "house" | "senate",
  congress: r.congress,
  session: r.session,
  number: r.number,
});

/** Every roll call of an issue's bills, newest first, each with its bill. */
export function rollCallsOf(bills: IssueBill[]) {
  return bills
    .flatMap(({ rollCalls, ...bill }) => rollCalls.map((rollCall) => ({ ...rollCall, bill })))
    .sort((a, b) => (a.voteDate === b.voteDate ? b.number - a.number : a.voteDate < b.voteDate ? 1 : -1));
}

export type IssueRollCall = ReturnType<typeof rollCallsOf>[number];

/** The roll call an issue map shows by default: the most recent passage vote, else the most recent vote. */
export const defaultRollCall = (rollCalls: IssueRollCall[]) => rollCalls.find((r) => isPassageVote(r.question)) ?? rollCalls[0] ?? null;

/** How each state's members voted on one roll call, by state abbreviation. States with no member on it are absent. */
export async function stateTallies(db: Db, voteId: string): Promise<Record<string, StateTally>> {
  const positions = await db.votingRecord.findMany({
    where: { voteId },
    select: { votePosition: true, official: { select: { state: { select: { abbreviation: true } } } } },
  });
  const tallies: Record<string, StateTally> = {};
  for (const { votePosition, official } of positions) {
    const tally = (tallies[official.state.abbreviation] ??= { yea: 0, nay: 0, present: 0, notVoting: 0 });
    if (votePosition === "Yea") tally.yea++;
    else if (votePosition === "Nay") tally.nay++;
    else if (votePosition === "Present") tally.present++;
    else tally.notVoting++;
  }
  return tallies;
}

/** Each member's position on a roll call (of one state, or all), senators first, then by district and name. */
export async function rollCallPositions(db: Db, voteId: string, stateId?: number) {
  const rows = await db.votingRecord.findMany({
    where: { voteId, ...(stateId ? { official: { stateId } } : {}) },
    select: {
      votePosition: true,
      official: {
        select: { id: true, name: true, party: true, office: true, district: true, state: { select: { abbreviation: true } } },
      },
    },
  });
  return rows
    .map(({ votePosition, official: { state, ...official } }) => ({ ...official, state: state.abbreviation, position: votePosition }))
    .sort(
      (a, b) =>
        a.state.localeCompare(b.state) ||
        (a.office === b.office ? 0 : a.office === "Senator" ? -1 : 1) ||
        (a.district ?? "").localeCompare(b.district ?? "", "en", { numeric: true }) ||
        a.name.localeCompare(b.name),
    );
}

export type IssueMap = {
  issue: PolicyIssue;
  rollCalls: IssueRollCall[];
  /** The roll call on the map: the one asked for, else the default; null when the issue has none stored. */
  chosen: IssueRollCall | null;
  tallies: Record<string, StateTally>;
};

/** A roll call asked for that the issue does not hold. */
export class UnknownRollCall extends Error {}

/** An issue's map: its roll calls and each state's tally on the chosen one. Unknown slug: null. */
export async function issueMap(db: Db, slug: string, asked?: string): Promise<IssueMap | null> {
  const issue = policyIssue(slug);
  return issue ? issueMapOf(db, issue, await issueBills(db, issue), asked) : null;
}

/** The map of an issue whose bills are already read. */
export async function issueMapOf(db: Db, issue: PolicyIssue, bills: IssueBill[], asked?: string): Promise<IssueMap> {
  const rollCalls = rollCallsOf(bills);
  const chosen = asked ? rollCalls.find((r) => r.key === asked) : defaultRollCall(rollCalls);
  if (asked && !chosen) throw new UnknownRollCall(`The roll call ${asked} is not one of the ${issue.label} roll calls stored.`);
  return { issue, rollCalls, chosen: chosen ?? null, tallies: chosen ? await stateTallies(db, chosen.voteId) : {} };
}

/** One stored roll call by its address, with its bill (when stored) and every member's position; null when not stored. */
export async function findRollCall(db: Db, key: string) {
  const parsed = parseRollCallKey(key);
  if (!parsed) return null;
  const rollCall = await db.rollCall.findFirst({ where: parsed, select: ROLL_CALL_FIELDS });
  if (!rollCall) return null;
  const bill =
    rollCall.billType && rollCall.billNumber
      ? await db.bill.findUnique({
          where: { congress_type_number: { congress: rollCall.congress, type: rollCall.billType, number: rollCall.billNumber } },
          select: BILL_FIELDS,
        })
      : null;
  return {
    key: rollCallKey(asKey(rollCall)),
    ...rollCall,
    bill: bill ? { ...bill, subjects: subjectsOf(bill.subjects), label: billLabel(bill.type, bill.number) } : null,
    positions: await rollCallPositions(db, rollCall.voteId),
  };
}
