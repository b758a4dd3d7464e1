// The issue maps on a full Congress (`npm run bench`, section "issues"): a SYNTHETIC Congress
// written into a copy of the seeded database, then the issue map pages served by the production
// build. Only a few real roll calls are recorded here, so the Congress is generated: about 1,400
// roll calls of the House and the Senate in the real files' own format (the recorded House Clerk
// and Senate LIS files of tests/fixtures/votes with their numbers, questions, bills and members
// rewritten), with a position for every current member of the seeded member list, read by the real
// parsers and written by the real writers (saveRollCall, storeBill), on about 480 bills whose
// Library of Congress terms put some in each issue and topic of app/lib/policy-issues.ts.
//
// It measures: the database file's growth (goal 60 MB), how long the fill takes, that writing the
// same roll calls again writes nothing, and each issue map page's server time over 50 requests
// (goal p50 50 ms) and HTML bytes gzipped with its headers against the home page's (goal: the
// home page's first-round-trip budget plus 4 KB). The fill runs as a child process, because the
// app's modules read DATABASE_URL when first imported; the child prints one JSON line.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { createSeededDatabase } from "../tests/setup/base-db";
import { FIRST_ROUND_TRIP_BYTES, headerBytesOf } from "../tests/support/wire-size";
import type { BillStatus } from "../app/lib/bill-status";
import { issueMapHref } from "../app/lib/home-filters";
import { POLICY_ISSUES } from "../app/lib/policy-issues";

const ROLL_CALLS = { house: 700, senate: 700 };
const BILLS = 480;
const REQUESTS_PER_PAGE = 50;
const GOAL = { growthMb: 60, p50Ms: 50, htmlBytes: FIRST_ROUND_TRIP_BYTES + 4 * 1024 };
const HOUSE_FILE = "tests/fixtures/votes/house-clerk-roll240-2025.excerpt.xml";
const SENATE_FILE = "tests/fixtures/votes/senate-vote_119_1_00618.excerpt.xml";
const MB = 1_000_000;

// ------------------------------------------------------------------ the synthetic Congress

/** A small seeded generator, so every run generates the same Congress. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Bills of each kind: their policy area and subject terms (the Library's real vocabulary); the first eight put the bill in an issue or topic. */
const BILL_KINDS = [
  { policyArea: "Health", subjects: ["Abortion", "Health care costs and insurance", "Family planning and birth control"] },
  {
    policyArea: "Environmental Protection",
    subjects: ["Climate change and greenhouse gases", "Air quality", "Energy efficiency and conservation"],
  },
  {
    policyArea: "Immigration",
    subjects: ["Border security and unlawful immigration", "Visas and passports", "Refugees, asylum, displaced persons"],
  },
  {
    policyArea: "Crime and Law Enforcement",
    subjects: ["Marijuana", "Drug trafficking and controlled substances", "Criminal justice information and records"],
  },
  { policyArea: "Economics and Public Finance", subjects: ["Appropriations", "Budget process", "Government lending and loan guarantees"] },
  { policyArea: "Taxation", subjects: ["Income tax credits", "Tax administration and collection, taxpayers", "Small business"] },
  { policyArea: "Education", subjects: ["Elementary and secondary education", "Higher education", "Student aid and college costs"] },
  { policyArea: "Health", subjects: ["Medicare", "Health care coverage and access", "Prescription drugs"] },
  {
    policyArea: "Government Operations and Politics",
    subjects: ["Congressional oversight", "Government buildings, facilities, and property"],
  },
  {
    policyArea: "Armed Forces and National Security",
    subjects: ["Military personnel and dependents", "Veterans' education, employment, rehabilitation"],
  },
  { policyArea: "Transportation and Public Works", subjects: ["Highways and highway transportation", "Aviation and airports"] },
  {
    policyArea: "Public Lands and Natural Resources",
    subjects: ["Forests, forestry, trees", "Wildlife conservation and habitat protection"],
  },
];
/** Further real terms a bill carries beside its kind's (most bills have a dozen or so; an omnibus hundreds). */
const MORE_SUBJECTS = [
  "Administrative law and regulatory procedures",
  "Congressional agencies",
  "Executive agency funding and structure",
  "Federal officials",
  "Government information and archives",
  "Government studies and investigations",
  "Intergovernmental relations",
  "Licensing and registrations",
  "Performance measurement",
  "State and local government operations",
  "Public contracts and procurement",
  "Research administration and funding",
  "Rural conditions and development",
  "Employment and training programs",
  "Emergency planning and evacuation",
  "Consumer affairs",
  "Infrastructure development",
  "Law enforcement officers",
  "Department of Health and Human Services",
  "Department of Homeland Security",
];
const BILL_PREFIX = { hr: "H R", s: "S" } as const;
const SENATE_DOCUMENT = { hr: "H.R.", s: "S." } as const;

type SyntheticBill = BillStatus & { type: "hr" | "s" };
type Member = { id: string; lastName: string; party: string; state: string };
type RollCallFile = { chamber: "house" | "senate"; number: number; session: 1 | 2; xml: string; bill: SyntheticBill | null };

function syntheticBills(): SyntheticBill[] {
  const next = random(119);
  return Array.from({ length: BILLS }, (_, i) => {
    const kind = BILL_KINDS[i % BILL_KINDS.length];
    const type = i % 3 === 2 ? "s" : "hr";
    const extra = i % 97 === 0 ? MORE_SUBJECTS.length : 4 + Math.floor(next() * 10);
    return {
      congress: 119,
      type,
      number: 100 + i * 7,
      title: `To amend title ${10 + (i % 40)} of the United States Code on ${kind.subjects[0].toLowerCase()}, and for other purposes (synthetic bill ${i + 1})`,
      policyArea: kind.policyArea,
      subjects: [...kind.subjects, ...MORE_SUBJECTS.slice(0, extra)].sort(),
      latestAction: {
        date: "2026-07-30",
        text: "Passed/agreed to in House: On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays.",
      },
      recordedVotes: [],
    };
  });
}

/** House questions (with whether the vote is on a bill), in roughly the mix of the 119th Congress. */
const HOUSE_QUESTIONS = [
  ...Array(8).fill(["On Passage", true]),
  ...Array(5).fill(["On Motion to Suspend the Rules and Pass", true]),
  ...Array(3).fill(["On Agreeing to the Amendment", true]),
  ...Array(2).fill(["On Motion to Recommit", true]),
  ["Call of the House", false],
] as [string, boolean][];
/** Senate questions: many nominations and cloture motions, which have no bill. */
const SENATE_QUESTIONS = [
  ...Array(5).fill(["On the Cloture Motion", false]),
  ...Array(5).fill(["On the Nomination", false]),
  ...Array(4).fill(["On Passage of the Bill", true]),
  ...Array(3).fill(["On the Amendment", true]),
  ...Array(2).fill(["On the Cloture Motion", true]),
] as [string, boolean][];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const SENATE_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The n-th of `count` roll calls of a session, spread over its working days: 2025 January to December, 2026 January to September. */
function dateOf(session: 1 | 2, n: number, count: number) {
  const [start, days] = session === 1 ? [Date.UTC(2025, 0, 6), 345] : [Date.UTC(2026, 0, 12), 250];
  return new Date(start + Math.floor((n / count) * days) * 86_400_000);
}

/** Everyone votes: mostly along party lines, sometimes together, a few members not voting. */
function positionOf(member: Member, pattern: number, next: () => number) {
  if (next() < 0.03) return "Not Voting";
  if (pattern < 0.5) return (member.party === "Republican") === pattern < 0.3 ? "Yea" : "Nay";
  if (pattern < 0.85) return next() < 0.9 ? "Yea" : "Nay";
  return next() < 0.5 ? "Yea" : "Nay";
}

/** The roll calls of one chamber as the Clerk's or the Senate's files, numbered from 1 in each session. */
function rollCallFiles(chamber: "house" | "senate", members: Member[], bills: SyntheticBill[]): RollCallFile[] {
  const template = readFileSync(chamber === "house" ? HOUSE_FILE : SENATE_FILE, "utf8");
  const questions = chamber === "house" ? HOUSE_QUESTIONS : SENATE_QUESTIONS;
  const next = random(chamber === "house" ? 1 : 2);
  const total = ROLL_CALLS[chamber];
  const firstSession = Math.round(total * 0.55);
  const files: RollCallFile[] = [];
  for (let i = 0; i < total; i++) {
    const session = i < firstSession ? 1 : 2;
    const number = session === 1 ? i + 1 : i - firstSession + 1;
    const date = dateOf(session, number, session === 1 ? firstSession : total - firstSession);
    const [question, onBill] = questions[Math.floor(next() * questions.length)];
    const bill = onBill ? bills[Math.floor(next() * bills.length)] : null;
    const pattern = next();
    const result = next() < 0.8 ? "Passed" : "Failed";
    const votes = members.map((m) => ({ ...m, vote: positionOf(m, pattern, next) }));
    const xml =
      chamber === "house"
        ? houseFile(template, { session, number, date, question, result, bill, votes })
        : senateFile(template, { session, number, date, question, result, bill, votes });
    files.push({ chamber, number, session, xml, bill });
  }
  return files;
}

type FileFacts = {
  session: 1 | 2;
  number: number;
  date: Date;
  question: string;
  result: string;
  bill: SyntheticBill | null;
  votes: (Member & { vote: string })[];
};

const tag = (xml: string, name: string, value: string) =>
  xml.replace(new RegExp(`<${name}>[^<]*</${name}>`), `<${name}>${value}</${name}>`);
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function houseFile(template: string, f: FileFacts) {
  let xml = template;
  xml = tag(xml, "session", f.session === 1 ? "1st" : "2nd");
  xml = tag(xml, "rollcall-num", String(f.number));
  xml = tag(xml, "legis-num", f.bill ? `${BILL_PREFIX[f.bill.type]} ${f.bill.number}` : "QUORUM");
  xml = tag(xml, "vote-question", f.question);
  xml = tag(xml, "vote-result", f.bill ? f.result : "");
  xml = tag(xml, "action-date", `${f.date.getUTCDate()}-${MONTHS[f.date.getUTCMonth()]}-${f.date.getUTCFullYear()}`);
  xml = tag(xml, "vote-desc", f.bill ? escape(f.bill.title) : "");
  const recorded = f.votes
    .map(
      (m) =>
        `<recorded-vote><legislator name-id="${m.id}" sort-field="${escape(m.lastName)}" unaccented-name="${escape(m.lastName)}" party="${m.party[0]}" state="${m.state}" role="legislator">${escape(m.lastName)}</legislator><vote>${m.vote}</vote></recorded-vote>`,
    )
    .join("\n");
  return xml.replace(/<vote-data>[\s\S]*<\/vote-data>/, `<vote-data>\n${recorded}\n</vote-data>`);
}

function senateFile(template: string, f: FileFacts) {
  const date = `${SENATE_MONTHS[f.date.getUTCMonth()]} ${f.date.getUTCDate()}, ${f.date.getUTCFullYear()},  02:15 PM`;
  const document = f.bill ? `${SENATE_DOCUMENT[f.bill.type]} ${f.bill.number}` : `PN${100 + f.number}`;
  const yeas = f.votes.filter((v) => v.vote === "Yea").length;
  const nays = f.votes.filter((v) => v.vote === "Nay").length;
  let xml = template;
  xml = tag(xml, "session", String(f.session));
  xml = tag(xml, "congress_year", String(f.date.getUTCFullYear()));
  xml = tag(xml, "vote_number", String(f.number));
  xml = tag(xml, "vote_date", date);
  xml = tag(xml, "modify_date", date);
  xml = tag(xml, "vote_question_text", `${f.question} ${document}`);
  xml = tag(xml, "vote_result_text", `${f.result === "Passed" ? "Agreed to" : "Rejected"} (${yeas}-${nays})`);
  xml = tag(xml, "question", f.question);
  xml = tag(xml, "vote_title", document);
  xml = tag(xml, "vote_result", f.result === "Passed" ? "Agreed to" : "Rejected");
  xml = tag(xml, "document_type", f.bill ? SENATE_DOCUMENT[f.bill.type] : "PN");
  xml = tag(xml, "document_number", f.bill ? String(f.bill.number) : String(100 + f.number));
  xml = tag(xml, "document_name", document);
  xml = tag(xml, "document_title", f.bill ? escape(f.bill.title) : `A nomination (synthetic ${f.number})`);
  xml = tag(xml, "document_short_title", f.bill ? escape(f.bill.title) : "");
  const members = f.votes
    .map(
      (m) =>
        `    <member>\n      <member_full>${escape(m.lastName)} (${m.party[0]}-${m.state})</member_full>\n      <last_name>${escape(m.lastName)}</last_name>\n      <first_name/>\n      <party>${m.party[0]}</party>\n      <state>${m.state}</state>\n      <vote_cast>${m.vote}</vote_cast>\n      <lis_member_id>${m.id}</lis_member_id>\n    </member>`,
    )
    .join("\n");
  return xml.replace(/<members>[\s\S]*<\/members>/, `<members>\n${members}\n  </members>`);
}

/** Run in the child process: generates the Congress, writes it, writes it again, prints the figures. */
async function fill() {
  const { db, dbReady } = await import("../app/db.server");
  const { parseHouseRollCall, parseSenateRollCall, houseRollCallUrl, senateRollCallUrl } = await import("../app/lib/roll-calls");
  const { officialIdsByMemberId, saveRollCall } = await import("../app/models/voting-records.server");
  const { storeBill } = await import("../app/models/bills.server");
  await dbReady;
  const current = async (office: string, id: "bioguideId" | "lisId") =>
    (
      await db.official.findMany({
        where: { isActive: true, office, [id]: { not: null } },
        select: { bioguideId: true, lisId: true, lastName: true, party: true, state: { select: { abbreviation: true } } },
        orderBy: { lastName: "asc" },
      })
    ).map((o) => ({ id: o[id]!, lastName: o.lastName, party: o.party, state: o.state.abbreviation }));
  const members = { house: await current("Representative", "bioguideId"), senate: await current("Senator", "lisId") };
  const bills = syntheticBills();
  const files = [...rollCallFiles("house", members.house, bills), ...rollCallFiles("senate", members.senate, bills)];
  const year = (session: number) => 2024 + session;
  const urlOf = (f: RollCallFile) => {
    const session = { congress: 119, session: f.session, year: year(f.session) };
    return f.chamber === "house"
      ? houseRollCallUrl("https://clerk.house.gov/evs", f.number, session)
      : senateRollCallUrl("https://www.senate.gov/legislative/LIS/roll_call_votes", f.number, session);
  };
  // Each bill's file lists the roll calls on it, as the Library's does.
  for (const f of files)
    f.bill?.recordedVotes.push({
      chamber: f.chamber,
      rollNumber: f.number,
      session: f.session,
      date: `${year(f.session)}-06-01T18:00:00Z`,
      url: urlOf(f),
    });
  const ids = { house: await officialIdsByMemberId(db, "house"), senate: await officialIdsByMemberId(db, "senate") };
  const totalChanges = async () => Number((await db.$queryRawUnsafe<{ n: bigint }[]>("SELECT total_changes() AS n"))[0].n);

  /** One pass as the import makes it: each roll call's file read, its bill stored first, then the roll call with its positions. */
  const writeAll = async () => {
    const stored = new Set<string>();
    let positions = 0;
    const bills = { created: 0, updated: 0, unchanged: 0 };
    const fetchedAt = new Date("2026-09-30T06:00:00Z");
    for (const f of files) {
      const {
        positions: votes,
        election: _election,
        ...rollCall
      } = f.chamber === "house" ? parseHouseRollCall(f.xml) : parseSenateRollCall(f.xml);
      if (f.bill && !stored.has(`${f.bill.type}${f.bill.number}`)) {
        stored.add(`${f.bill.type}${f.bill.number}`);
        const sourceUrl = `https://www.govinfo.gov/bulkdata/BILLSTATUS/119/${f.bill.type}/BILLSTATUS-119${f.bill.type}${f.bill.number}.xml`;
        bills[await storeBill(db, f.bill, { sourceUrl, fetchedAt })]++;
      }
      const memberIds = ids[f.chamber];
      positions += await saveRollCall(
        db,
        rollCall,
        votes.map((v) => ({ officialId: memberIds.get(v.memberId)!, position: v.position })),
        urlOf(f),
        fetchedAt,
      );
    }
    return { positions, bills };
  };

  const started = performance.now();
  const first = await writeAll();
  const seconds = (performance.now() - started) / 1000;
  const changesBefore = await totalChanges();
  const repeatStarted = performance.now();
  const repeat = await writeAll();
  const repeatSeconds = (performance.now() - repeatStarted) / 1000;
  const repeatChanges = (await totalChanges()) - changesBefore;
  console.log(
    JSON.stringify({
      members: { house: members.house.length, senate: members.senate.length },
      rollCalls: { house: ROLL_CALLS.house, senate: ROLL_CALLS.senate, onBills: files.filter((f) => f.bill).length },
      bills: new Set(files.flatMap((f) => (f.bill ? [f.bill.number] : []))).size,
      first,
      seconds,
      repeat,
      repeatSeconds,
      repeatChanges,
    }),
  );
  await db.$disconnect();
}

// ------------------------------------------------------------------ the parent's measurement

type Started = { server: ChildProcess; ready: Promise<void> };

/** The database file's size with everything written into it (the WAL checkpointed). */
function fileBytes(file: string) {
  const sqlite = new Database(file);
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  return statSync(file).size;
}

/**
 * The seed's own roll calls, positions and bills removed (and the file compacted), so that the
 * synthetic Congress is the whole Congress: its roll call numbers are the real ones' too.
 */
function withoutShippedVotes(file: string) {
  const sqlite = new Database(file);
  const count = (table: string) => (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const removed = { rollCalls: count("RollCall"), positions: count("VotingRecord"), bills: count("Bill") };
  sqlite.exec("DELETE FROM VotingRecord; DELETE FROM RollCall; DELETE FROM Bill; VACUUM;");
  sqlite.close();
  return removed;
}

/** One GET: time to the last byte, the gzip body's bytes plus the status line and headers. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers: { "Accept-Encoding": "gzip", "User-Agent": "Mozilla/5.0 (bench)", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const gzipped = res.headers["content-encoding"] === "gzip" ? raw.length : zlib.gzipSync(raw).length;
          resolve({ ms: performance.now() - start, bytes: gzipped + headerBytesOf(res), status: res.statusCode ?? 0 });
        });
      })
      .on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A page rendered for each request: a cookie other than the theme keeps the shared-page cache out
 * (as for a signed-in visitor), so each of the requests is a whole rendering.
 */
async function timePage(url: string) {
  const rendered = { Cookie: "bench=rendered" };
  await get(url, rendered);
  const runs: number[] = [];
  let last = { ms: 0, bytes: 0, status: 0 };
  for (let i = 0; i < REQUESTS_PER_PAGE; i++) {
    last = await get(url, rendered);
    runs.push(last.ms);
  }
  runs.sort((a, b) => a - b);
  return { p50: percentile(runs, 50), p90: percentile(runs, 90), bytes: last.bytes, status: last.status };
}

export async function issuesRun(start: (file: string) => Started, port: number) {
  const file = path.join(os.tmpdir(), "bench-issues.db");
  createSeededDatabase(file);
  const shipped = withoutShippedVotes(file);
  const before = fileBytes(file);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-issues.ts"], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: `file:${file}` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`The synthetic Congress's fill exited with ${code}`);
  const r = JSON.parse(output.trim().split("\n").at(-1)!);
  const after = fileBytes(file);
  const growth = (after - before) / MB;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  console.log(
    `\nIssue maps on a SYNTHETIC full Congress (scripts/bench-issues.ts): ${r.rollCalls.house} House + ${r.rollCalls.senate} Senate roll calls ` +
      `(${r.rollCalls.onBills} on ${r.bills} bills), ${r.first.positions.toLocaleString("en-US")} positions of the ${r.members.house} representatives and ${r.members.senate} senators in the seed ` +
      `(its own ${shipped.rollCalls} roll calls, ${shipped.positions} positions and ${shipped.bills} bills removed first); load average ${load}:`,
  );
  const checks: [boolean, string][] = [
    [
      growth <= GOAL.growthMb,
      `database growth: ${growth.toFixed(1)} MB (${(before / MB).toFixed(1)} → ${(after / MB).toFixed(1)} MB, ${Math.round((after - before) / r.first.positions)} bytes a position) (goal ${GOAL.growthMb} MB)`,
    ],
    [true, `fill (real files' format parsed, bills stored, saveRollCall): ${r.seconds.toFixed(1)} s`],
    [
      r.repeat.positions === 0 && r.repeatChanges === 0 && r.repeat.bills.created + r.repeat.bills.updated === 0,
      `the same roll calls written again: ${r.repeat.positions} positions inserted, ${r.repeat.bills.created + r.repeat.bills.updated} bills written, ${r.repeatChanges} rows changed in ${r.repeatSeconds.toFixed(1)} s (goal nothing written)`,
    ],
  ];
  for (const [ok, line] of checks) console.log(`${ok ? "ok  " : "MISS"}   ${line}`);

  const { server, ready } = start(file);
  let failed = checks.some(([ok]) => !ok);
  try {
    await ready;
    const base = `http://localhost:${port}`;
    await get(`${base}/`);
    const home = await get(`${base}/`);
    console.log(
      `       home page HTML gzipped with its headers: ${kb(home.bytes)} (its first-round-trip budget ${kb(FIRST_ROUND_TRIP_BYTES)}; an issue map's goal ${kb(GOAL.htmlBytes)})`,
    );
    console.log(`       server time to the last byte over ${REQUESTS_PER_PAGE} requests, each page rendered (no shared-page cache):`);
    for (const issue of POLICY_ISSUES) {
      for (const [label, href] of [
        ["home map", issueMapHref(issue.slug).split("#")[0]],
        ["issue page", `/issues/${issue.slug}`],
      ]) {
        const page = await timePage(base + href);
        const ok = page.status === 200 && page.p50 <= GOAL.p50Ms && page.bytes <= GOAL.htmlBytes;
        failed ||= !ok;
        console.log(
          `${ok ? "ok  " : "MISS"}   ${issue.slug.padEnd(11)} ${label.padEnd(10)} p50 ${page.p50.toFixed(0)} ms, p90 ${page.p90.toFixed(0)} ms, ` +
            `${kb(page.bytes)} gzipped, status ${page.status} (goals p50 ${GOAL.p50Ms} ms, ${kb(GOAL.htmlBytes)}) ${href}`,
        );
      }
    }
  } finally {
    server.kill("SIGTERM");
  }
  return failed;
}

if (process.argv[1]?.endsWith("bench-issues.ts")) await fill();
