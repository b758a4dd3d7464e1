// GovTrack Data Import: the House Clerk's and the Senate's roll-call files (the feeds GovTrack
// itself republishes), each with the Library of Congress bill status file of the bill it was on,
// from the roll call after the last one stored up to the first that does not exist yet (and any
// missing below the last one stored, as after the seed's shipped roll calls), through
// the polite fetcher (robots.txt, one request a second per site). Readings, starting point and
// cap: docs/decisions/0012-voting-records-import.md and 0044-roll-calls-and-bills.md.
import { fetchProblem } from "~/jobs/http.server";
import type { JobContext, JobOutcome } from "~/jobs/job";
import { politeFetcher, type PoliteFetcher, type PoliteOptions } from "~/jobs/polite-fetch.server";
import { billStatusUrl, parseBillStatus } from "~/lib/bill-status";
import {
  currentSession,
  houseRollCallUrl,
  parseHouseRollCall,
  parseSenateRollCall,
  senateRollCallUrl,
  sessionLabel,
  sessionOfYear,
  type Chamber,
  type RollCall,
  type Session,
} from "~/lib/roll-calls";
import { SourceFileError } from "~/lib/source-file";
import { storeBill, storedBillFetchedAt } from "~/models/bills.server";
import { rollCallGaps } from "~/models/roll-call-gaps.server";
import { lastStoredRollCall, officialIdsByMemberId, saveRollCall } from "~/models/voting-records.server";

/**
 * A safety limit, not a pace: roll calls read per chamber in one run. A first run fills the whole
 * current Congress (the 119th had 645 House and 885 Senate roll calls by August 2026; no Congress
 * has had 2,000 in one chamber), so only a source that never ends reaches it.
 */
export const ROLL_CALLS_PER_RUN = 2500;

const CHAMBERS: Chamber[] = ["house", "senate"];

const FEEDS: Record<
  Chamber,
  { url: (sources: JobContext["sources"], number: number, session: Session) => string; parse: (xml: string) => RollCall }
> = {
  house: { url: (sources, number, session) => houseRollCallUrl(sources.houseClerk, number, session), parse: parseHouseRollCall },
  senate: { url: (sources, number, session) => senateRollCallUrl(sources.senateLis, number, session), parse: parseSenateRollCall },
};

const nameOf = (chamber: Chamber, number: number, session: Session) =>
  `${chamber === "house" ? "House roll call" : "Senate vote"} ${number} (${sessionLabel(session)})`;

export async function govtrackImport(ctx: JobContext, options: PoliteOptions = {}): Promise<JobOutcome> {
  const { db, step, progress, log, now } = ctx;
  const current = currentSession(now());
  const polite = politeFetcher(ctx.fetch, ctx.signal, options);
  const bills = billReader(ctx, polite);
  const unknown = new Set<string>();
  let processed = 0;
  let updated = 0;
  let rollCalls = 0;
  let elections = 0;
  const capReached: Chamber[] = [];

  for (const chamber of CHAMBERS) {
    const officials = await officialIdsByMemberId(db, chamber);
    let budget = ROLL_CALLS_PER_RUN;
    /** Reads and stores one roll call; false when it does not exist (404). */
    const readRollCall = async (number: number, session: Session) => {
      await step();
      // The total is not known before the walk ends: the roll calls read so far and the next.
      progress({ completed: rollCalls, total: rollCalls + 1, currentItem: nameOf(chamber, number, session) });
      const found = await fetchRollCall(ctx, polite, chamber, number, session);
      if (!found) return false;
      const { rollCall, url } = found;
      budget--;
      rollCalls++;
      if (rollCall.bill) await bills.read(rollCall.bill, session.congress, rollCall.voteDate);
      if (rollCall.election) {
        elections++;
        await saveRollCall(db, rollCall, [], url, now());
        log(`${nameOf(chamber, number, session)}: an election (members named candidates), no positions to store`);
        return true;
      }
      const positions = new Map<number, RollCall["positions"][number]["position"]>();
      for (const { memberId, position } of rollCall.positions) {
        const officialId = officials.get(memberId);
        if (officialId === undefined) unknown.add(memberId);
        else positions.set(officialId, position);
      }
      processed += rollCall.positions.length;
      const inserted = await saveRollCall(
        db,
        rollCall,
        [...positions].map(([officialId, position]) => ({ officialId, position })),
        url,
        now(),
      );
      updated += inserted;
      log(`${nameOf(chamber, number, session)}: ${rollCall.positions.length} positions, ${inserted} stored`);
      return true;
    };
    for (const { session, gaps, from } of await startingPoints(ctx, chamber, current)) {
      // Roll calls below the last stored one that are not stored (a store seeded with the latest
      // ones): each is read; one that does not exist is passed over, the walk goes on.
      const missing: number[] = [];
      for (const number of gaps) {
        if (budget === 0) break;
        if (!(await readRollCall(number, session))) missing.push(number);
      }
      if (missing.length)
        log(
          `${chamber === "house" ? "House" : "Senate"}, ${sessionLabel(session)}: ${missing.length} roll calls below the last stored not found (404), passed over: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ", …" : ""}`,
        );
      for (let number = from; budget > 0; number++) if (!(await readRollCall(number, session))) break;
    }
    if (budget === 0) {
      capReached.push(chamber);
      log(`${chamber === "house" ? "House" : "Senate"}: ${ROLL_CALLS_PER_RUN} roll calls read, the next run continues`);
    }
  }

  if (unknown.size) log(`Members not in our table (${unknown.size}): ${[...unknown].slice(0, 50).join(", ")}`);
  progress({ completed: rollCalls, total: rollCalls, currentItem: null });
  return {
    results: {
      processed,
      updated,
      rollCalls,
      unknownMembers: unknown.size,
      unknownMemberIds: [...unknown].slice(0, 50),
      elections,
      capReached,
      bills: bills.counts,
      requests: polite.requests(),
    },
  };
}

/**
 * Where a chamber's walk goes in each session: the roll calls missing below the last one stored,
 * then on after it (from roll call 1 when none is), for every session of the current Congress so
 * far, so a first run fills the whole Congress, a stopped run resumes where it stopped, and a store
 * seeded with the latest roll calls gets the earlier ones. In a new Congress's first session the
 * session before is walked on first when it has stored roll calls, to finish it: votes cast late in
 * December are still read after January 3.
 */
async function startingPoints(ctx: JobContext, chamber: Chamber, current: Session) {
  const previous = sessionOfYear(current.year - 1);
  const sessions: Session[] = [];
  if (previous.congress === current.congress || (await lastStoredRollCall(ctx.db, chamber, previous)) !== null) sessions.push(previous);
  sessions.push(current);
  const points = [];
  for (const session of sessions) {
    const { last, gaps } = await rollCallGaps(ctx.db, chamber, session);
    points.push({ session, gaps, from: last + 1 });
  }
  return points;
}

/**
 * The file's text, or null when it does not exist (404). Anything else (refused by robots.txt, a
 * server error) fails the run with `name`: what is stored stays, and the next run goes on from it.
 */
async function fetchFile(polite: PoliteFetcher, url: string, name: string) {
  const answer = await polite.get(url);
  if (!answer.allowed) throw new Error(`${name}: ${answer.reason}`);
  if (answer.status === 404) return null;
  if (!answer.ok) throw new Error(`${name}: ${fetchProblem(answer.url, { status: answer.status })}`);
  return answer;
}

/** The roll call read and checked to be the one asked for, or null when it does not exist yet. */
async function fetchRollCall(ctx: JobContext, polite: PoliteFetcher, chamber: Chamber, number: number, session: Session) {
  const name = nameOf(chamber, number, session);
  const answer = await fetchFile(polite, FEEDS[chamber].url(ctx.sources, number, session), name);
  if (!answer) return null;
  let rollCall: RollCall;
  try {
    rollCall = FEEDS[chamber].parse(answer.text);
  } catch (error) {
    if (error instanceof SourceFileError) throw new Error(`${name} (${answer.url}): ${error.message}`);
    throw error;
  }
  if (rollCall.number !== number || rollCall.session.congress !== session.congress || rollCall.session.session !== session.session) {
    throw new Error(`${name} (${answer.url}): the file is ${nameOf(chamber, rollCall.number, rollCall.session)}`);
  }
  return { rollCall, url: answer.url };
}

/**
 * The bills voted on, each read at most once a run: fetched when it is not stored yet or its
 * stored file was fetched before the day of the roll call (so it may not know this vote). A bill
 * without a file (404) is not an error: the roll call is kept without subjects, logged once.
 */
function billReader(ctx: JobContext, polite: PoliteFetcher) {
  const seen = new Set<string>();
  const counts = { fetched: 0, created: 0, updated: 0, unchanged: 0, missing: 0 };
  const base = `${ctx.sources.billStatus.replace(/\/+$/, "")}/BILLSTATUS`;
  async function read(bill: NonNullable<RollCall["bill"]>, congress: number, voteDate: string) {
    const key = { congress, ...bill };
    const name = `Bill status of ${bill.type}${bill.number} (${congress}th Congress)`;
    if (seen.has(`${bill.type}${bill.number}`)) return;
    seen.add(`${bill.type}${bill.number}`);
    const fetchedAt = await storedBillFetchedAt(ctx.db, key);
    if (fetchedAt && fetchedAt.toISOString().slice(0, 10) > voteDate) return;
    const answer = await fetchFile(polite, billStatusUrl(base, key), name);
    counts.fetched++;
    if (!answer) {
      counts.missing++;
      ctx.log(`${name}: no file at ${billStatusUrl(base, key)} (404), its roll calls are kept without subjects`);
      return;
    }
    let parsed;
    try {
      parsed = parseBillStatus(answer.text);
    } catch (error) {
      if (error instanceof SourceFileError) throw new Error(`${name} (${answer.url}): ${error.message}`);
      throw error;
    }
    if (parsed.congress !== congress || parsed.type !== bill.type || parsed.number !== bill.number)
      throw new Error(`${name} (${answer.url}): the file is of ${parsed.type}${parsed.number} (${parsed.congress}th Congress)`);
    counts[await storeBill(ctx.db, parsed, { sourceUrl: answer.url, fetchedAt: ctx.now() })]++;
  }
  return { read, counts };
}
