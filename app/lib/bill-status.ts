// The Library of Congress BILLSTATUS XML (govinfo bulk data BILLSTATUS/{congress}/{type}/
// BILLSTATUS-{congress}{type}{number}.xml) read into one shape, from any of its three format
// generations (tests/fixtures/billstatus/SOURCES.md). Pure: no fetching, no database.
import { load, type CheerioAPI } from "cheerio";
import { currentSession, type Chamber } from "./roll-calls";
import { SourceFileError } from "./source-file";

/** The bill types as govinfo writes them in paths: hr, s, hres, sres, hjres, sjres, hconres, sconres. */
export const BILL_TYPES = ["hr", "s", "hres", "sres", "hjres", "sjres", "hconres", "sconres"] as const;
export type BillType = (typeof BILL_TYPES)[number];

export type BillRecordedVote = {
  chamber: Chamber;
  rollNumber: number;
  /** The session of the Congress (1 or 2); the roll number counts from 1 in each session. */
  session: number;
  /** When the vote was recorded, ISO 8601 in UTC as the file gives it. */
  date: string;
  /** The roll call's official page or XML on clerk.house.gov or senate.gov. */
  url: string;
};

export type BillStatus = {
  congress: number;
  type: BillType;
  number: number;
  title: string;
  /** The one policy area the Library assigns; null until the bill is indexed. */
  policyArea: string | null;
  /** Legislative subject terms, in the file's order. */
  subjects: string[];
  latestAction: { date: string; text: string } | null;
  /** The roll calls on the bill itself (not those on its amendments), oldest first, each once. */
  recordedVotes: BillRecordedVote[];
};

export function parseBillStatus(xml: string): BillStatus {
  const $ = loadComplete(xml);
  const bill = $("billStatus > bill");
  const field = (...names: string[]) => names.map((name) => clean(bill.children(name).first().text())).find(Boolean) ?? "";

  const congress = wholeNumber(field("congress"), "congress");
  // 3.0.0 writes number and type; 1.0.0 and the legacy format billNumber and billType.
  const number = wholeNumber(field("number", "billNumber"), "bill number");
  const type = field("type", "billType").toLowerCase();
  if (!(BILL_TYPES as readonly string[]).includes(type))
    throw new SourceFileError(`the bill type "${type}" is not one of ${BILL_TYPES.join(", ")}`);
  const title = field("title");
  if (!title) throw new SourceFileError("the bill has no title");

  // The legacy format names the policy area primarySubject and the subjects otherSubjects (renamed in August 2016).
  const policyArea = clean(bill.children("policyArea, primarySubject").children("name").first().text()) || null;
  const subjectItems = bill.children("subjects").find("legislativeSubjects > item > name, otherSubjects > item > name");
  const subjects = [
    ...new Set(
      subjectItems
        .toArray()
        .map((element) => clean($(element).text()))
        .filter(Boolean),
    ),
  ];

  const latest = bill.children("latestAction");
  const latestDate = clean(latest.children("actionDate").text());
  const latestAction = latestDate ? { date: isoDay(latestDate, "latestAction date"), text: clean(latest.children("text").text()) } : null;

  // 3.0.0 lists recorded votes inside the action they belong to; the older formats once under bill.
  const voteElements = bill.children("actions").children("item").children("recordedVotes").children("recordedVote").toArray();
  voteElements.push(...bill.children("recordedVotes").children("recordedVote").toArray());
  const votes = new Map<string, BillRecordedVote>();
  for (const element of voteElements) {
    const vote = recordedVote($, element, congress);
    votes.set(`${vote.chamber}-${vote.session}-${vote.rollNumber}`, vote);
  }
  const recordedVotes = [...votes.values()].sort((a, b) => a.date.localeCompare(b.date) || a.rollNumber - b.rollNumber);

  return { congress, type: type as BillType, number, title, policyArea, subjects, latestAction, recordedVotes };
}

function recordedVote($: CheerioAPI, element: Parameters<CheerioAPI>[0], billCongress: number): BillRecordedVote {
  const child = (name: string) => clean($(element).children(name).first().text());
  const chamberText = child("chamber").toLowerCase();
  if (chamberText !== "house" && chamberText !== "senate")
    throw new SourceFileError(`a recorded vote's chamber "${child("chamber")}" is not House or Senate`);
  const rollNumber = wholeNumber(child("rollNumber"), "rollNumber");
  const date = child("date");
  if (Number.isNaN(Date.parse(date)) || !/^\d{4}-\d{2}-\d{2}/.test(date))
    throw new SourceFileError(`the date "${date}" of roll call ${rollNumber} is not a date`);
  const congress = child("congress") ? wholeNumber(child("congress"), "congress") : billCongress;
  // A file without sessionNumber: the session in which the vote's date falls (a session ends on January 3).
  const session = child("sessionNumber") ? wholeNumber(child("sessionNumber"), "sessionNumber") : currentSession(new Date(date)).session;
  if (congress !== billCongress)
    throw new SourceFileError(`roll call ${rollNumber} is of the ${congress}th Congress, the bill of the ${billCongress}th`);
  // The user guide warns that Senate links may carry an escaped ampersand.
  const url = child("url").replace(/&amp;/g, "&");
  if (!/^https?:\/\/[^/]+\.(house|senate)\.gov\//.test(url))
    throw new SourceFileError(`roll call ${rollNumber} has no House or Senate link ("${url}")`);
  return { chamber: chamberText, rollNumber, session, date, url };
}

/** cheerio's XML mode reads a cut-off file without complaint: a complete file ends with </billStatus>. */
function loadComplete(xml: string): CheerioAPI {
  if (!/<\/billStatus>\s*$/.test(xml))
    throw new SourceFileError("the file is incomplete or not a bill status (it does not end with </billStatus>)");
  const $ = load(xml, { xml: true });
  if ($("billStatus > bill").length !== 1) throw new SourceFileError("the file has no single <bill> element");
  return $;
}

function wholeNumber(text: string, name: string) {
  if (!/^\d+$/.test(text)) throw new SourceFileError(`the ${name} "${text}" is not a number`);
  return Number(text);
}

/** "2022-03-15" */
function isoDay(text: string, name: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new SourceFileError(`the ${name} "${text}" is not a date`);
  return text;
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** The bill's page on congress.gov, e.g. https://www.congress.gov/bill/117th-congress/house-bill/2471. */
export function congressGovBillUrl({ congress, type, number }: Pick<BillStatus, "congress" | "type" | "number">) {
  const kinds: Record<BillType, string> = {
    hr: "house-bill",
    s: "senate-bill",
    hres: "house-resolution",
    sres: "senate-resolution",
    hjres: "house-joint-resolution",
    sjres: "senate-joint-resolution",
    hconres: "house-concurrent-resolution",
    sconres: "senate-concurrent-resolution",
  };
  const teen = congress % 100 >= 11 && congress % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[congress % 10] ?? "th");
  return `https://www.congress.gov/bill/${congress}${suffix}-congress/${kinds[type]}/${number}`;
}

/** {base}/{congress}/{type}/BILLSTATUS-{congress}{type}{number}.xml */
export const billStatusUrl = (base: string, { congress, type, number }: Pick<BillStatus, "congress" | "type" | "number">) =>
  `${base}/${congress}/${type}/BILLSTATUS-${congress}${type}${number}.xml`;
