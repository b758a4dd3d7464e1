// The unitedstates/congress project's vote files (votes/{year}/{h|s}{number}/data.json, as GovTrack
// and Hear-Ye/congress-data publish them) read into the same RollCall the House Clerk and Senate LIS
// parsers give, so a roll call shipped from them is stored exactly as the import stores the official
// file. Each field is the one the project copied from that file (checked against the Clerk's and the
// Senate's files of the same votes in the tests). Pure: no fetching, no database.
import { BILL_TYPES, type BillType } from "./bill-status";
import { billLabel } from "./issue-votes";
import { voteIdOf, votePosition, type Chamber, type RollCall } from "./roll-calls";
import { SourceFileError } from "./source-file";

/** The fields of a data.json this reader uses; a member is the project's object or, in a shortened copy, its id alone. */
export type CongressProjectVote = {
  vote_id: string;
  chamber: "h" | "s";
  congress: number;
  number: number;
  /** The session's year, "2026". */
  session: string;
  /** ISO 8601 with the chamber's (Eastern) offset. */
  date: string;
  /**
   * House: the Clerk's vote-question followed by the measure (": H R 29 Laken Riley Act", ": Amendment
   * 3 to H R 1"); Senate: the vote_question_text.
   */
  question: string;
  /** The question alone as the project normalizes it ("On Passage" becomes "On Passage of the Bill"). */
  type: string;
  result: string;
  result_text?: string;
  /** The Clerk's vote-desc; the Senate's vote_title. */
  subject?: string;
  bill?: { type: string; number: number; title?: string };
  amendment?: { number: number };
  nomination?: { number: string; title?: string };
  votes: Record<string, (string | { id: string })[]>;
};

/** The Clerk's legis-num of a bill type ("H R", "H J RES"). */
const LEGIS_NUM_TYPES: Record<BillType, string> = {
  hr: "H R",
  s: "S",
  hres: "H RES",
  sres: "S RES",
  hjres: "H J RES",
  sjres: "S J RES",
  hconres: "H CON RES",
  sconres: "S CON RES",
};

/** Vice President's tie-breaking vote: the Senate file lists it apart from the members, so it is no member's position. */
const NOT_A_MEMBER = "VP";

export function parseCongressProjectVote(data: CongressProjectVote): RollCall {
  const chamber: Chamber = data.chamber === "h" ? "house" : "senate";
  const year = Number(data.session);
  const firstYear = 1789 + 2 * (data.congress - 1);
  const sessionNumber = year - firstYear + 1;
  if (sessionNumber !== 1 && sessionNumber !== 2)
    throw new SourceFileError(`${data.vote_id}: ${data.session} is not a year of the ${data.congress}th Congress`);
  const session = { congress: data.congress, session: sessionNumber, year };
  const voteId = voteIdOf(chamber, data.number, session);
  if (voteId !== data.vote_id) throw new SourceFileError(`${data.vote_id}: the file's number and session make ${voteId}`);
  const billType = data.bill?.type.toLowerCase();
  const bill =
    data.bill && (BILL_TYPES as readonly string[]).includes(billType!) ? { type: billType as BillType, number: data.bill.number } : null;
  const question = chamber === "house" ? houseQuestion(data, bill) : senateQuestion(data);
  const result = data.result || null;
  const billNumber = bill ? billLabel(bill.type, bill.number) : data.nomination ? `PN${data.nomination.number}` : null;
  const fallbackTitle = chamber === "house" ? `Roll call ${data.number}` : `Vote ${data.number}`;
  return {
    chamber,
    session,
    number: data.number,
    voteId,
    billNumber,
    bill,
    billTitle:
      chamber === "house"
        ? data.subject || question || fallbackTitle
        : data.bill?.title || data.nomination?.title || data.subject || question || fallbackTitle,
    question,
    result,
    // The Clerk's file gives the question and the result; the Senate's the question's text and the result's text.
    description:
      chamber === "house" ? [question, result].filter(Boolean).join(": ") : [data.question, data.result_text].filter(Boolean).join(": "),
    voteDate: isoDay(data.date, data.vote_id),
    ...positionsOf(data),
  };
}

/**
 * The Clerk's vote-question as the file says it: the project's question without the measure it
 * appends (its type is normalized, "On Passage of the Bill" for the Clerk's "On Passage").
 */
function houseQuestion(data: CongressProjectVote, bill: RollCall["bill"]) {
  const legisNum = bill ? `${LEGIS_NUM_TYPES[bill.type]} ${bill.number}` : null;
  const suffix =
    data.amendment && legisNum
      ? `: Amendment ${data.amendment.number} to ${legisNum}`
      : legisNum
        ? `: ${legisNum}${data.subject ? ` ${data.subject}` : ""}`
        : data.subject
          ? `: ${data.subject}`
          : "";
  return suffix && data.question.endsWith(suffix) ? data.question.slice(0, -suffix.length) : data.question || data.type;
}

/**
 * The Senate's question: the project's type, which is that question except where it normalizes one
 * ("On Cloture on the Motion to Proceed" becomes "On the Cloture Motion"; the vote's title keeps it).
 */
function senateQuestion(data: CongressProjectVote) {
  const said = "On Cloture on the Motion to Proceed";
  return data.type === "On the Cloture Motion" && data.subject?.startsWith(said) ? said : data.type;
}

function positionsOf(data: CongressProjectVote): Pick<RollCall, "positions" | "election"> {
  const positions: RollCall["positions"] = [];
  const unknown: string[] = [];
  for (const [said, members] of Object.entries(data.votes)) {
    const position = votePosition(said);
    for (const member of members) {
      const memberId = typeof member === "string" ? member : member.id;
      if (memberId === NOT_A_MEMBER) continue;
      if (position) positions.push({ memberId, position });
      else unknown.push(said);
    }
  }
  // In the election of the Speaker each member names a candidate: nothing maps to Yea or Nay.
  if (/^election\b/i.test(data.type)) return { positions: [], election: true };
  if (unknown.length) throw new SourceFileError(`${data.vote_id}: unknown vote "${unknown[0]}"`);
  if (!positions.length) throw new SourceFileError(`${data.vote_id}: the file lists no member's vote`);
  return { positions, election: false };
}

/** The chamber's own day: "2025-09-08T18:56:00-04:00" is September 8 in Washington. */
function isoDay(date: string, voteId: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T/.exec(date);
  if (!match) throw new SourceFileError(`${voteId}: the date "${date}" is not a date`);
  return match[1];
}
