// GovTrack Data Import: the House Clerk's and the Senate's roll-call files (the feeds GovTrack
// itself republishes), from the roll call after the last one stored up to the first that does not
// exist yet. Readings, starting point and cap: docs/decisions/0012-voting-records-import.md.
import { fetchProblem, fetchText } from "~/jobs/http.server";
import type { JobContext, JobFunction } from "~/jobs/job";
import {
  currentSession,
  findLastNumber,
  houseRollCallUrl,
  parseHouseRollCall,
  parseSenateRollCall,
  RollCallError,
  senateRollCallUrl,
  sessionLabel,
  sessionOfYear,
  type Chamber,
  type RollCall,
  type Session,
} from "~/lib/roll-calls";
import { hasStoredRollCalls, lastStoredRollCall, officialIdsByMemberId, saveRollCall } from "~/models/voting-records.server";

/** Roll calls read per chamber in one run; a longer backlog continues on the next run. A first run takes the session's latest this many. */
export const ROLL_CALLS_PER_RUN = 100;

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

export const govtrackImport: JobFunction = async (ctx) => {
  const { db, step, progress, log, now } = ctx;
  const current = currentSession(now());
  const unknown = new Set<string>();
  let processed = 0;
  let updated = 0;
  let rollCalls = 0;
  let elections = 0;
  let total = ROLL_CALLS_PER_RUN * CHAMBERS.length;
  const capReached: Chamber[] = [];

  for (const chamber of CHAMBERS) {
    const officials = await officialIdsByMemberId(db, chamber);
    let budget = ROLL_CALLS_PER_RUN;
    for (const { session, from } of await startingPoints(ctx, chamber, current)) {
      for (let number = from; budget > 0; number++) {
        await step();
        progress({ completed: rollCalls, total, currentItem: nameOf(chamber, number, session) });
        const found = await fetchRollCall(ctx, chamber, number, session);
        if (!found) break;
        const { rollCall, url } = found;
        budget--;
        rollCalls++;
        if (rollCall.election) {
          elections++;
          log(`${nameOf(chamber, number, session)}: an election (members named candidates), no positions to store`);
          continue;
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
        );
        updated += inserted;
        log(`${nameOf(chamber, number, session)}: ${rollCall.positions.length} positions, ${inserted} stored`);
      }
    }
    if (budget === 0) {
      capReached.push(chamber);
      log(`${chamber === "house" ? "House" : "Senate"}: ${ROLL_CALLS_PER_RUN} roll calls read, the next run continues`);
    }
    total -= budget;
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
    },
  };
};

/**
 * Where a chamber's walk starts: after the last roll call stored for the session before this one
 * (to finish it after a session changes) and for this one (from roll call 1 when it has none yet).
 * A chamber with nothing stored at all starts at the current session's latest ROLL_CALLS_PER_RUN.
 */
async function startingPoints(ctx: JobContext, chamber: Chamber, current: Session) {
  if (!(await hasStoredRollCalls(ctx.db, chamber))) {
    const latest = await findLastNumber(async (number) => {
      await ctx.step();
      ctx.progress({ completed: 0, total: 0, currentItem: `Looking for the latest roll call: trying ${nameOf(chamber, number, current)}` });
      return !!(await fetchAnswer(ctx, chamber, number, current));
    });
    ctx.log(`${chamber === "house" ? "House" : "Senate"}: first run, latest roll call of the session is ${latest ?? "none"}`);
    return latest ? [{ session: current, from: Math.max(1, latest - ROLL_CALLS_PER_RUN + 1) }] : [];
  }
  const previous = sessionOfYear(current.year - 1);
  const lastOfPrevious = await lastStoredRollCall(ctx.db, chamber, previous);
  const lastOfCurrent = await lastStoredRollCall(ctx.db, chamber, current);
  return [
    ...(lastOfPrevious === null ? [] : [{ session: previous, from: lastOfPrevious + 1 }]),
    { session: current, from: (lastOfCurrent ?? 0) + 1 },
  ];
}

/** The file's answer, or null when the roll call does not exist yet (404); any other failure throws. */
async function fetchAnswer(ctx: JobContext, chamber: Chamber, number: number, session: Session) {
  const url = FEEDS[chamber].url(ctx.sources, number, session);
  const answer = await fetchText(ctx.fetch, url, ctx.signal, { accept: "application/xml, text/xml" });
  if (answer.status === 404) return null;
  if (!answer.ok) throw new Error(`${nameOf(chamber, number, session)}: ${fetchProblem(answer.url, { status: answer.status })}`);
  return answer;
}

/** The roll call read and checked to be the one asked for, or null when it does not exist yet. */
async function fetchRollCall(ctx: JobContext, chamber: Chamber, number: number, session: Session) {
  const answer = await fetchAnswer(ctx, chamber, number, session);
  if (!answer) return null;
  const name = nameOf(chamber, number, session);
  let rollCall: RollCall;
  try {
    rollCall = FEEDS[chamber].parse(answer.text);
  } catch (error) {
    if (error instanceof RollCallError) throw new Error(`${name} (${answer.url}): ${error.message}`);
    throw error;
  }
  if (rollCall.number !== number || rollCall.session.congress !== session.congress || rollCall.session.session !== session.session) {
    throw new Error(`${name} (${answer.url}): the file is ${nameOf(chamber, rollCall.number, rollCall.session)}`);
  }
  return { rollCall, url: answer.url };
}
