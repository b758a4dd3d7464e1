// The issues on the map: which stored bills and roll calls belong to an issue (by the Library of
// Congress terms of app/lib/policy-issues.ts), how each state's members voted on one roll call, and
// each member's position. Read only.
//
// A full Congress holds about 1,400 roll calls and 375,000 positions, so every read here asks SQLite
// for the rows a page shows and no more: the issue's terms are matched in SQL (the same exact match
// as issuesOfBill), and positions are read through the (officialId, voteId) index.
import type { Db } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { congressGovBillUrl, type BillType } from "~/lib/bill-status";
import { billKey, billLabel, isPassageVote, parseRollCallKey, rollCallKey, subjectsOf, type StateTally } from "~/lib/issue-votes";
import { policyIssue, type PolicyIssue } from "~/lib/policy-issues";
import { groupBy } from "~/lib/group-by";
import { Refusal } from "~/lib/refusal";

/** How many roll calls an issue map offers to choose from: the newest (every one is listed, by bill, on the issue page). */
export const ROLL_CALLS_OFFERED = 10;
/** How many bills a page of an issue's bills lists. */
export const BILLS_PER_PAGE = 10;

const BILL_FIELDS = {
  congress: true,
  type: true,
  number: true,
  title: true,
  policyArea: true,
  latestActionDate: true,
  latestActionText: true,
  sourceUrl: true,
  fetchedAt: true,
} as const;
/** What the map says of the roll calls it offers and of the chosen one. */
const SHOWN_ROLL_CALL_FIELDS = {
  voteId: true,
  chamber: true,
  congress: true,
  session: true,
  number: true,
  voteDate: true,
  question: true,
  result: true,
  sourceUrl: true,
  fetchedAt: true,
} as const;
const ROLL_CALL_FIELDS = { ...SHOWN_ROLL_CALL_FIELDS, billType: true, billNumber: true, billTitle: true } as const;
const NEWEST_FIRST = [{ voteDate: "desc" }, { number: "desc" }] as const;

/** The SQL condition "bill b carries one of the issue's terms": its policy area, or a subject in its JSON list. */
function carriesTerms(issue: PolicyIssue) {
  const terms = [
    ...(issue.policyAreas.length ? [Prisma.sql`b.policyArea IN (${Prisma.join(issue.policyAreas)})`] : []),
    ...(issue.subjects.length
      ? [Prisma.sql`EXISTS (SELECT 1 FROM json_each(b.subjects) WHERE json_each.value IN (${Prisma.join(issue.subjects)}))`]
      : []),
  ];
  return terms.length ? Prisma.join(terms, " OR ") : Prisma.sql`0`;
}
const ON_ITS_BILL = Prisma.sql`r.congress = b.congress AND r.billType = b.type AND r.billNumber = b.number`;

/** The ids of an issue's stored bills that have a stored roll call: newest Congress first, then by their newest roll call. */
async function issueBillIds(db: Db, issue: PolicyIssue) {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT b.id FROM Bill b JOIN RollCall r ON ${ON_ITS_BILL}
    WHERE ${carriesTerms(issue)}
    GROUP BY b.id
    ORDER BY b.congress DESC, MAX(r.voteDate) DESC, MAX(r.number) DESC, b.id DESC`;
  return rows.map((r) => r.id);
}

/** Bills by id in the given order, each with its stored roll calls newest first; `subjects` only when asked (the JSON call). */
async function billsWithRollCalls(db: Db, ids: number[], { subjects = false } = {}) {
  if (ids.length === 0) return [];
  const bills = await db.bill.findMany({ where: { id: { in: ids } }, select: { ...BILL_FIELDS, id: true, subjects } });
  const rollCalls = await db.rollCall.findMany({
    where: { OR: bills.map((b) => ({ congress: b.congress, billType: b.type, billNumber: b.number })) },
    select: ROLL_CALL_FIELDS,
    orderBy: [...NEWEST_FIRST],
  });
  const byBill = groupBy(rollCalls, (r) => billKey(r.congress, r.billType!, r.billNumber!));
  const byId = new Map(bills.map((b) => [b.id, b]));
  return ids.map((id) => {
    const { id: _id, subjects: stored, ...bill } = byId.get(id)!;
    return {
      ...bill,
      ...(subjects ? { subjects: subjectsOf(stored) } : {}),
      label: billLabel(bill.type, bill.number),
      congressGovUrl: congressGovBillUrl({ congress: bill.congress, type: bill.type as BillType, number: bill.number }),
      rollCalls: (byBill.get(billKey(bill.congress, bill.type, bill.number)) ?? []).map((r) => ({ ...r, key: rollCallKey(asKey(r)) })),
    };
  });
}

/** Every stored bill of an issue with its roll calls and subjects (the JSON call): bills newest Congress first. */
export async function issueBills(db: Db, issue: PolicyIssue) {
  return billsWithRollCalls(db, await issueBillIds(db, issue), { subjects: true });
}

/** One page of an issue's bills (BILLS_PER_PAGE), each with its roll calls; a page past the last is a 404. */
export async function issueBillsPage(db: Db, issue: PolicyIssue, page: number) {
  const ids = await issueBillIds(db, issue);
  const pageCount = Math.max(1, Math.ceil(ids.length / BILLS_PER_PAGE));
  if (page > pageCount) throw new Refusal(`The ${issue.label} bills fill ${pageCount} page(s); there is no page ${page}.`, 404);
  const bills = await billsWithRollCalls(db, ids.slice((page - 1) * BILLS_PER_PAGE, page * BILLS_PER_PAGE));
  return { bills, total: ids.length, page, pageCount };
}

const asKey = (r: { chamber: string; congress: number; session: number; number: number }) => ({
  chamber: r.chamber as "house" | "senate",
  congress: r.congress,
  session: r.session,
  number: r.number,
});

/** Every stored roll call on an issue's bills, newest first: its address, question and bill only. */
async function issueRollCallKeys(db: Db, issue: PolicyIssue) {
  const rows = await db.$queryRaw<
    { voteId: string; chamber: string; congress: number; session: number; number: number; question: string; billId: number }[]
  >`
    SELECT r.voteId, r.chamber, r.congress, r.session, r.number, r.question, b.id AS billId
    FROM Bill b JOIN RollCall r ON ${ON_ITS_BILL}
    WHERE ${carriesTerms(issue)}
    ORDER BY r.voteDate DESC, r.number DESC`;
  return rows.map((r) => ({ ...r, key: rollCallKey(asKey(r)) }));
}

/** The roll call an issue map shows by default: the most recent passage vote, else the most recent vote. */
export const defaultRollCall = <T extends { question: string }>(rollCalls: T[]) =>
  rollCalls.find((r) => isPassageVote(r.question)) ?? rollCalls[0] ?? null;

/** The key of the roll call an issue's map shows by default, null when it has none stored (the JSON call). */
export async function defaultRollCallKey(db: Db, issue: PolicyIssue) {
  return defaultRollCall(await issueRollCallKeys(db, issue))?.key ?? null;
}

/** How each state's members voted on one roll call, by state abbreviation. States with no member on it are absent. */
async function stateTallies(db: Db, voteId: string): Promise<Record<string, StateTally>> {
  // The only index holding voteId is (officialId, voteId): "officialId IN (every official)" makes
  // SQLite seek it once per official instead of reading every position (an index of its own would
  // add about 9 MB to a full Congress).
  const rows = await db.$queryRaw<{ state: string; position: string; n: bigint }[]>`
    SELECT s.abbreviation AS state, v.votePosition AS position, COUNT(*) AS n
    FROM VotingRecord v JOIN Official o ON o.id = v.officialId JOIN State s ON s.id = o.stateId
    WHERE v.voteId = ${voteId} AND v.officialId IN (SELECT id FROM Official)
    GROUP BY s.abbreviation, v.votePosition`;
  const tallies: Record<string, StateTally> = {};
  for (const { state, position, n } of rows) {
    const tally = (tallies[state] ??= { yea: 0, nay: 0, present: 0, notVoting: 0 });
    tally[position === "Yea" ? "yea" : position === "Nay" ? "nay" : position === "Present" ? "present" : "notVoting"] += Number(n);
  }
  return tallies;
}

/** Each member's position on a roll call (of one state, or all), senators first, then by district and name. */
export async function rollCallPositions(db: Db, voteId: string, stateId?: number) {
  // Through the (officialId, voteId) index, as in stateTallies.
  const rows = await db.$queryRaw<
    { id: number; name: string; party: string; office: string; district: string | null; state: string; position: string }[]
  >`
    SELECT o.id, o.name, o.party, o.office, o.district, s.abbreviation AS state, v.votePosition AS position
    FROM VotingRecord v JOIN Official o ON o.id = v.officialId JOIN State s ON s.id = o.stateId
    WHERE v.voteId = ${voteId} AND v.officialId IN (SELECT id FROM Official ${stateId ? Prisma.sql`WHERE stateId = ${stateId}` : Prisma.empty})`;
  return rows.sort(
    (a, b) =>
      a.state.localeCompare(b.state) ||
      (a.office === b.office ? 0 : a.office === "Senator" ? -1 : 1) ||
      (a.district ?? "").localeCompare(b.district ?? "", "en", { numeric: true }) ||
      a.name.localeCompare(b.name),
  );
}

/** The stored roll calls of `keys`, in their order, each with its bill's label, title and source. */
async function rollCallsWithBills(db: Db, keys: { voteId: string; billId: number }[]) {
  const [rollCalls, bills] = await Promise.all([
    db.rollCall.findMany({ where: { voteId: { in: keys.map((k) => k.voteId) } }, select: SHOWN_ROLL_CALL_FIELDS }),
    db.bill.findMany({
      where: { id: { in: [...new Set(keys.map((k) => k.billId))] } },
      select: { id: true, type: true, number: true, title: true, sourceUrl: true, fetchedAt: true },
    }),
  ]);
  const byVoteId = new Map(rollCalls.map((r) => [r.voteId, r]));
  const billById = new Map(bills.map(({ id, type, number, ...bill }) => [id, { ...bill, label: billLabel(type, number) }]));
  return keys.map(({ voteId, billId }) => {
    const stored = byVoteId.get(voteId)!;
    const { congress: _congress, session: _session, ...rollCall } = stored;
    return { key: rollCallKey(asKey(stored)), ...rollCall, bill: billById.get(billId)! };
  });
}

/** A roll call as the map's choice offers it: what its option says. */
const asOption = ({ key, chamber, number, voteDate, question, result, bill }: Awaited<ReturnType<typeof rollCallsWithBills>>[number]) => ({
  key,
  chamber,
  number,
  voteDate,
  question,
  result,
  bill: { label: bill.label, title: bill.title },
});

/**
 * An issue's map: how many roll calls it has stored, the newest ROLL_CALLS_OFFERED of them to choose
 * from (and the chosen one when it is older), the chosen one (the one asked for, else the default;
 * null when the issue has none stored) and each state's tally on it. Unknown slug: null; a roll
 * call asked for that the issue does not hold: a 404 Refusal.
 */
export async function issueMap(db: Db, slug: string, asked?: string, { offered = ROLL_CALLS_OFFERED } = {}) {
  const issue = policyIssue(slug);
  if (!issue) return null;
  const all = await issueRollCallKeys(db, issue);
  const chosenKey = asked ? all.find((r) => r.key === asked) : defaultRollCall(all);
  if (asked && !chosenKey) throw new Refusal(`The roll call ${asked} is not one of the ${issue.label} roll calls stored.`, 404);
  const offeredKeys = all.filter((r, i) => i < offered || r === chosenKey);
  const [shown, tallies] = await Promise.all([
    rollCallsWithBills(db, offeredKeys),
    chosenKey ? stateTallies(db, chosenKey.voteId) : ({} as Record<string, StateTally>),
  ]);
  return {
    issue,
    total: all.length,
    rollCalls: shown.map(asOption),
    chosen: shown.find((r) => r.voteId === chosenKey?.voteId) ?? null,
    tallies,
  };
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
          select: { ...BILL_FIELDS, subjects: true },
        })
      : null;
  return {
    key: rollCallKey(asKey(rollCall)),
    ...rollCall,
    bill: bill ? { ...bill, subjects: subjectsOf(bill.subjects), label: billLabel(bill.type, bill.number) } : null,
    positions: await rollCallPositions(db, rollCall.voteId),
  };
}
