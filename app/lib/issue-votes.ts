// What an issue map says about a roll call, shared by the pages and the JSON calls: the roll
// call's address, which questions pass a measure, and the colour scale of the share voting Yea.
import type { MapStanding } from "~/lib/map-colors";

export type RollCallKey = { chamber: "house" | "senate"; congress: number; session: number; number: number };

/** A roll call's address in URLs: {chamber}-{congress}-{session}-{number}, e.g. house-117-2-66. */
export const rollCallKey = ({ chamber, congress, session, number }: RollCallKey) => `${chamber}-${congress}-${session}-${number}`;

export const ROLL_CALL_KEY_MESSAGE = "A roll call is named {chamber}-{congress}-{session}-{number}, such as house-117-2-66.";

export function parseRollCallKey(key: string): RollCallKey | null {
  const match = /^(house|senate)-([1-9]\d{0,2})-([12])-([1-9]\d{0,4})$/.exec(key);
  if (!match) return null;
  return { chamber: match[1] as RollCallKey["chamber"], congress: Number(match[2]), session: Number(match[3]), number: Number(match[4]) };
}

/**
 * A vote that decides a measure: its passage, a motion to suspend the rules and pass, agreeing to
 * a resolution or conference report, or concurring in the other chamber's amendment. Motions to
 * table, reconsider or recommit and cloture decide procedure, not the measure.
 */
export function isPassageVote(question: string) {
  if (/\b(table|reconsider|recommit|cloture|adjourn|quorum|previous question)\b/i.test(question)) return false;
  return /\bpass(age)?\b|\bconcur|agreeing to the (resolution|conference report|concurrent resolution)|^on the (joint |concurrent )?resolution\b|^on the bill\b/i.test(
    question,
  );
}

/**
 * The scale of the share voting Yea: five steps of cividis, a sequential scale made to read the same
 * for colour-blind visitors, from dark blue-grey (few Yes) to yellow (all Yes). No party colour.
 */
export const YEA_SCALE = [
  { from: 0, to: 20, color: "#00224e" },
  { from: 20, to: 40, color: "#434e6c" },
  { from: 40, to: 60, color: "#7d7c78" },
  { from: 60, to: 80, color: "#bcae6f" },
  { from: 80, to: 100, color: "#fee838" },
] as const;

/** The fill of a state with no member voting on the roll call: a grey hatch (an SVG pattern in the map). */
export const NO_VOTE_FILL = "url(#no-vote-hatch)";
export const NO_VOTE_LABEL = "No member voted";

export function yeaColor(share: number) {
  const percent = Math.round(share * 100);
  return (YEA_SCALE.find((step) => percent < step.to) ?? YEA_SCALE[YEA_SCALE.length - 1]).color;
}

export type StateTally = { yea: number; nay: number; present: number; notVoting: number };

/** A state's colour, words and list letter for one roll call: the share of its members on the roll call voting Yea. */
export function tallyStanding(tally: StateTally | undefined, heading: string): MapStanding {
  const total = tally ? tally.yea + tally.nay + tally.present + tally.notVoting : 0;
  if (!tally || total === 0) return { heading, label: NO_VOTE_LABEL, color: NO_VOTE_FILL, letter: "–" };
  const percent = Math.round((tally.yea / total) * 100);
  return { heading, label: `${tally.yea} of ${total} voted Yes (${percent}%)`, color: yeaColor(tally.yea / total), letter: `${percent}%` };
}

/** Public pages say Yes and No; the sources say Yea and Nay. */
export const POSITION_WORDS: Record<string, string> = { Yea: "Yes", Nay: "No", Present: "Present", "Not Voting": "Not voting" };

const BILL_PREFIXES: Record<string, string> = {
  hr: "H.R.",
  s: "S.",
  hres: "H.Res.",
  sres: "S.Res.",
  hjres: "H.J.Res.",
  sjres: "S.J.Res.",
  hconres: "H.Con.Res.",
  sconres: "S.Con.Res.",
};
/** "H.R. 2471" from a stored bill's type and number. */
export const billLabel = (type: string, number: number) => `${BILL_PREFIXES[type] ?? type.toUpperCase()} ${number}`;

export const chamberName = (chamber: string) => (chamber === "senate" ? "Senate" : "House");
/** "H.R. 2471, House roll call 66" */
export const rollCallName = (r: { chamber: string; number: number; bill: { label: string } }) =>
  `${r.bill.label}, ${chamberName(r.chamber)} roll call ${r.number}`;

/** A bill's key in maps of stored bills and of the roll calls on them. */
export const billKey = (congress: number, type: string, number: number) => `${congress}-${type}-${number}`;
/** Bill.subjects as stored (a JSON list of subject terms), read back safely. */
export const subjectsOf = (subjects: unknown) =>
  Array.isArray(subjects) ? subjects.filter((s): s is string => typeof s === "string") : [];
