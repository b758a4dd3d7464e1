// The official roll-call files GovTrack republishes, read into one shape: House Clerk XML
// (clerk.house.gov/evs/{year}/roll{NNN}.xml, members by bioguide id) and Senate LIS XML
// (vote_{congress}_{session}_{NNNNN}.xml, members by LIS id). Pure: no fetching, no database.
import { load, type CheerioAPI } from "cheerio";
import { BILL_TYPES, type BillType } from "./bill-status";
import { SourceFileError } from "./source-file";

export type Chamber = "house" | "senate";

/** What a VotingRecord stores as votePosition (docs/decisions/0012-voting-records-import.md). */
export type VotePosition = "Yea" | "Nay" | "Present" | "Not Voting";

/**
 * The House writes Yea/Nay on yea-and-nay votes and Aye/No on recorded votes; the Senate writes
 * Guilty/Not Guilty in impeachment trials, where Guilty is the vote for the article (Yea), as
 * GovTrack counts it. "Present, Giving Live Pair" (a Senate pair) is a Present.
 */
const POSITIONS: Record<string, VotePosition> = {
  yea: "Yea",
  aye: "Yea",
  yes: "Yea",
  guilty: "Yea",
  nay: "Nay",
  no: "Nay",
  "not guilty": "Nay",
  present: "Present",
  "present, giving live pair": "Present",
  "not voting": "Not Voting",
};

export const votePosition = (text: string): VotePosition | null => POSITIONS[text.trim().replace(/\s+/g, " ").toLowerCase()] ?? null;

/** A session of Congress: the 119th Congress's 1st session is 2025, its 2nd 2026. */
export type Session = { congress: number; session: number; year: number };

export const sessionOfYear = (year: number): Session => ({
  congress: Math.floor((year - 1789) / 2) + 1,
  session: ((year - 1789) % 2) + 1,
  year,
});

/** The session on `date`: a session ends on January 3 (the 120th Congress starts January 3, 2027). */
export function currentSession(date: Date): Session {
  const year = date.getUTCFullYear();
  const beforeThird = date.getUTCMonth() === 0 && date.getUTCDate() < 3;
  return sessionOfYear(beforeThird ? year - 1 : year);
}

export const sessionLabel = ({ congress, session }: Session) => `${ordinal(congress)} Congress, ${ordinal(session)} session`;

const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th")}`;
};

/** The unitedstates/congress vote id GovTrack uses, e.g. "h240-119.2025" (chamber, roll number, congress, session year). */
export const voteIdOf = (chamber: Chamber, number: number, { congress, year }: Session) =>
  `${chamber === "house" ? "h" : "s"}${number}-${congress}.${year}`;

export function parseVoteId(voteId: string): { chamber: Chamber; number: number; congress: number; year: number } | null {
  const match = /^([hs])(\d+)-(\d+)\.(\d{4})$/.exec(voteId);
  if (!match) return null;
  return { chamber: match[1] === "h" ? "house" : "senate", number: Number(match[2]), congress: Number(match[3]), year: Number(match[4]) };
}

/** {base}/{year}/roll{NNN}.xml */
export const houseRollCallUrl = (base: string, number: number, { year }: Session) =>
  `${base}/${year}/roll${String(number).padStart(3, "0")}.xml`;

/** {base}/vote{congress}{session}/vote_{congress}_{session}_{NNNNN}.xml */
export const senateRollCallUrl = (base: string, number: number, { congress, session }: Session) =>
  `${base}/vote${congress}${session}/vote_${congress}_${session}_${String(number).padStart(5, "0")}.xml`;

export type RollCall = {
  chamber: Chamber;
  session: Session;
  number: number;
  voteId: string;
  billNumber: string | null;
  /**
   * The bill (or resolution) the roll call was on, in Bill's terms, when it has one: passage,
   * motions and amendments on a bill all name it. Nominations, treaties, quorum calls and other
   * procedural votes have none.
   */
  bill: { type: BillType; number: number } | null;
  billTitle: string;
  /** The question put ("On Passage of the Bill", "On the Cloture Motion"). */
  question: string;
  /** The result as the chamber states it ("Passed", "Bill Passed", "Cloture Motion Agreed to"); null if the file gives none. */
  result: string | null;
  description: string;
  /** YYYY-MM-DD */
  voteDate: string;
  /** memberId: bioguide id (House) or LIS id (Senate). Empty for an election. */
  positions: { memberId: string; position: VotePosition }[];
  /** An election (of the Speaker): members named a candidate, so there is no Yea or Nay to store. */
  election: boolean;
};

export function parseHouseRollCall(xml: string): RollCall {
  const $ = loadComplete(xml, "rollcall-vote");
  const meta = (name: string) => clean($(`rollcall-vote > vote-metadata > ${name}`).first().text());
  const session = sessionOf(wholeNumber(meta("congress"), "congress"), wholeNumber(meta("session"), "session"));
  const number = wholeNumber(meta("rollcall-num"), "rollcall-num");
  const question = meta("vote-question");
  const result = meta("vote-result");
  const votes = $("rollcall-vote > vote-data > recorded-vote")
    .toArray()
    .map((element) => {
      const memberId = clean($(element).find("legislator").attr("name-id") ?? "");
      if (!/^[A-Z]\d{6}$/.test(memberId)) throw new SourceFileError(`a recorded vote has no bioguide id (name-id "${memberId}")`);
      return { memberId, text: clean($(element).find("vote").text()) };
    });
  return {
    chamber: "house",
    session,
    number,
    voteId: voteIdOf("house", number, session),
    billNumber: billNumberOf(meta("legis-num")),
    bill: billOf(meta("legis-num")),
    billTitle: meta("vote-desc") || question || `Roll call ${number}`,
    question,
    result: result || null,
    description: [question, result].filter(Boolean).join(": "),
    voteDate: houseDate(meta("action-date")),
    ...positionsOf(votes, question),
  };
}

export function parseSenateRollCall(xml: string): RollCall {
  const $ = loadComplete(xml, "roll_call_vote");
  const field = (path: string) => clean($(`roll_call_vote > ${path}`).first().text());
  const session = sessionOf(wholeNumber(field("congress"), "congress"), wholeNumber(field("session"), "session"));
  const number = wholeNumber(field("vote_number"), "vote_number");
  const question = field("vote_question_text") || field("question");
  // An amendment vote names the bill as its document, or only as the amended document.
  const bill =
    billOf(`${field("document > document_type")} ${field("document > document_number")}`) ??
    billOf(field("amendment > amendment_to_document_number"));
  const votes = $("roll_call_vote > members > member")
    .toArray()
    .map((element) => {
      const memberId = clean($(element).children("lis_member_id").text());
      if (!/^S\d{3}$/.test(memberId)) throw new SourceFileError(`a member has no LIS id (lis_member_id "${memberId}")`);
      return { memberId, text: clean($(element).children("vote_cast").text()) };
    });
  return {
    chamber: "senate",
    session,
    number,
    voteId: voteIdOf("senate", number, session),
    billNumber: field("document > document_name") || null,
    bill,
    billTitle:
      field("document > document_short_title") || field("document > document_title") || field("vote_title") || question || `Vote ${number}`,
    question: field("question") || question,
    result: field("vote_result") || null,
    description: [question, field("vote_result_text")].filter(Boolean).join(": "),
    voteDate: senateDate(field("vote_date")),
    ...positionsOf(votes, question),
  };
}

/**
 * cheerio's XML mode reads a cut-off file without complaint, so a file counts as complete only
 * when it has its root element and ends with the root's closing tag.
 */
function loadComplete(xml: string, root: string): CheerioAPI {
  if (!new RegExp(`</${root}>\\s*$`).test(xml))
    throw new SourceFileError(`the file is incomplete or not a roll call (it does not end with </${root}>)`);
  const $ = load(xml, { xml: true });
  if ($(root).length !== 1) throw new SourceFileError(`the file has no single <${root}> element`);
  return $;
}

function positionsOf(votes: { memberId: string; text: string }[], question: string) {
  if (!votes.length) throw new SourceFileError("the file lists no member's vote");
  const positions = votes.map(({ memberId, text }) => ({ memberId, position: votePosition(text) }));
  const unknown = positions.find((p) => !p.position);
  if (!unknown) return { positions: positions as RollCall["positions"], election: false };
  // In the election of the Speaker each member names a candidate: nothing maps to Yea or Nay.
  if (/^election\b/i.test(question)) return { positions: [], election: true };
  const text = votes.find((v) => v.memberId === unknown.memberId)!.text;
  throw new SourceFileError(`unknown vote "${text}" for member ${unknown.memberId}`);
}

const BILL_NAMES: Record<string, string> = {
  "H R": "H.R.",
  "H RES": "H.Res.",
  "H J RES": "H.J.Res.",
  "H CON RES": "H.Con.Res.",
  S: "S.",
  "S RES": "S.Res.",
  "S J RES": "S.J.Res.",
  "S CON RES": "S.Con.Res.",
};

/** The Clerk's "H R 3424" written as the Senate and Congress.gov write it, "H.R. 3424"; procedural votes ("QUORUM", "0") have none. */
function billNumberOf(legisNum: string): string | null {
  const match = /^(.*?)\s*(\d+)$/.exec(legisNum);
  if (!match || !match[1]) return null;
  return `${BILL_NAMES[match[1].toUpperCase()] ?? match[1]} ${match[2]}`;
}

/**
 * A bill as the Clerk ("H R 3424", "H J RES 7") or the Senate ("H.R. 5371", "S.J.Res. 7") write
 * it, as a Bill key; anything else (a nomination "PN 342", "PN12-43", a treaty, "QUORUM") is no bill.
 */
function billOf(name: string): RollCall["bill"] {
  const match = /^([A-Za-z.\s]+?)\s*(\d+)$/.exec(name.trim());
  const type = (match?.[1] ?? "").replace(/[\s.]/g, "").toLowerCase();
  if (!match || !(BILL_TYPES as readonly string[]).includes(type) || Number(match[2]) < 1) return null;
  return { type: type as BillType, number: Number(match[2]) };
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "8-Sep-2025" */
function houseDate(text: string) {
  const match = /^(\d{1,2})-([A-Za-z]{3})[A-Za-z]*-(\d{4})$/.exec(text);
  return isoDate(match && match[3], match && match[2], match && match[1], text, "action-date");
}

/** "November 10, 2025,  08:58 PM" */
function senateDate(text: string) {
  const match = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})/.exec(text);
  return isoDate(match && match[3], match && match[1], match && match[2], text, "vote_date");
}

function isoDate(year: string | null, month: string | null, day: string | null, text: string, name: string) {
  const m = MONTHS.indexOf((month ?? "").slice(0, 3).toLowerCase()) + 1;
  const d = Number(day);
  if (!year || !m || d < 1 || d > 31) throw new SourceFileError(`the ${name} "${text}" is not a date`);
  return `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** "1st" and "1" are both 1. */
function wholeNumber(text: string, name: string) {
  const match = /^(\d+)(st|nd|rd|th)?$/.exec(text);
  if (!match) throw new SourceFileError(`the ${name} "${text}" is not a number`);
  return Number(match[1]);
}

function sessionOf(congress: number, session: number): Session {
  if (session !== 1 && session !== 2)
    throw new SourceFileError(`session ${session} of the ${ordinal(congress)} Congress is not a regular session`);
  return { congress, session, year: 1789 + 2 * (congress - 1) + session - 1 };
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The highest roll number that exists, given `exists(n)` for a session whose roll calls are
 * numbered 1, 2, 3... without gaps (as the Clerk's and the Senate's are): doubling up to the first
 * missing number, then halving the gap. About 2·log2(n) calls; null when roll call 1 does not exist.
 */
export async function findLastNumber(exists: (number: number) => Promise<boolean>, limit = 8192): Promise<number | null> {
  if (!(await exists(1))) return null;
  let found = 1;
  let missing = 2;
  while (await exists(missing)) {
    found = missing;
    missing *= 2;
    if (missing > limit) throw new Error(`more than ${limit} roll calls answered: the source does not end`);
  }
  while (missing - found > 1) {
    const middle = Math.floor((found + missing) / 2);
    if (await exists(middle)) found = middle;
    else missing = middle;
  }
  return found;
}
