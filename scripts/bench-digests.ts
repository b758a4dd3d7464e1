// The digest job at scale (`npm run bench`, section "digests"): a GENERATED copy of the seeded
// database where `users` users chose weekly digests a little over a week ago and each follows 5
// officials, and every official in Congress cast 20 roll-call votes that week. The job's own code
// (sendDueDigests) sends through a real SMTP server on 127.0.0.1 (the tests' sink, run by the
// parent bench process). Run as a child process, because the app's modules read DATABASE_URL and
// SMTP_URL when first imported. Prints one JSON line of figures.
//
// It measures: the whole run's time (goal 5 minutes for 100,000 users), the longest the event loop
// was held at a time (goal 100 ms), and that a run stopped part way and started again sends nobody
// a digest twice, and that a run after it sends nothing.
import { copyFileSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";

const DAY_MS = 86_400_000;
const FOLLOWS_PER_USER = 5;
const VOTES_PER_OFFICIAL = 20;
const stamp = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

/** Copies `seeded` to `file` with the generated users, follows and a week of votes. */
export function createDigestDatabase(seeded: string, file: string, users: number, now = Date.now()) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  copyFileSync(seeded, file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  const officials = (
    sqlite.prepare("SELECT id FROM Official WHERE isActive = 1 AND office IN ('Senator', 'Representative') ORDER BY id").all() as {
      id: number;
    }[]
  ).map((o) => o.id);
  const insertUser = sqlite.prepare(
    `INSERT INTO User (id, email, firstName, role, emailConfirmed, isActive, digestFrequency, digestSince, createdAt, updatedAt)
     VALUES (?, ?, 'Reader', 'user', 1, 1, 'weekly', ?, ?, ?)`,
  );
  const insertFollow = sqlite.prepare(`INSERT INTO Follow (userId, officialId, createdAt) VALUES (?, ?, ?)`);
  // Positions as saveRollCall writes them: lean, the roll call's strings on its RollCall row.
  const insertRollCall = sqlite.prepare(
    `INSERT INTO RollCall (voteId, chamber, congress, session, number, voteDate, question, billTitle, documentName, sourceUrl, fetchedAt)
     VALUES (?, 'house', 119, 2, ?, ?, 'On Passage', ?, ?, ?, ?)`,
  );
  const insertVote = sqlite.prepare(
    `INSERT INTO VotingRecord (officialId, voteId, billTitle, voteDate, votePosition, createdAt)
     VALUES (?, ?, '', ?, ?, ?)`,
  );
  const dayOf = (v: number) => now - (6 - (v % 6)) * DAY_MS;
  const dateOf = (v: number) => new Date(dayOf(v)).toISOString().slice(0, 10);
  const since = stamp(now - 8 * DAY_MS);
  sqlite.transaction(() => {
    for (let v = 0; v < VOTES_PER_OFFICIAL; v++)
      insertRollCall.run(
        `bench-h${v}`,
        9000 + v,
        dateOf(v),
        `A generated bill number ${v}`,
        `H.R. ${9000 + v}`,
        `https://clerk.house.gov/evs/2026/roll${v}.xml`,
        stamp(dayOf(v)),
      );
    for (const [n, officialId] of officials.entries())
      for (let v = 0; v < VOTES_PER_OFFICIAL; v++)
        insertVote.run(officialId, `bench-h${v}`, dateOf(v), (n + v) % 3 ? "Yea" : "Nay", stamp(dayOf(v)));
  })();
  for (let start = 0; start < users; start += 50_000) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(users, start + 50_000); i++) {
        const id = `digest${String(i).padStart(9, "0")}`;
        insertUser.run(id, `reader${i}@example.org`, since, since, since);
        for (let f = 0; f < FOLLOWS_PER_USER; f++) insertFollow.run(id, officials[(i * 7 + f * 101) % officials.length], since);
      }
    })();
  }
  sqlite.close();
  return { officials: officials.length };
}

async function run() {
  const { db, dbReady } = await import("../app/db.server");
  const { sendDueDigests } = await import("../app/models/digests.server");
  const users = Number(process.env.BENCH_DIGEST_USERS);
  const now = new Date();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const yieldToSite = () => new Promise<void>((resolve) => setImmediate(resolve));
  await dbReady; // the server's first queries, made at start before any job runs
  // As in the server, the write-ahead log is copied into the database on a thread of its own.
  const { startCheckpoints } = await import("../app/db-checkpoints.server");
  const checkpoints = await startCheckpoints(db, process.env.DATABASE_URL!);

  // On a busy machine a pause can be the process waiting for a CPU, not holding one: each turn
  // later than 100 ms is kept with the CPU time this process used in it.
  const held = watchTurns(100);
  loop.enable();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // A run stopped a tenth of the way in (a restart), then the next run.
  let seen = 0;
  const stopAt = Math.floor(users / 10);
  const first = await sendDueDigests(db, {
    now,
    pause: async () => {
      if (++seen > stopAt) throw new Error("stopped");
      await yieldToSite();
    },
  }).catch((error: Error) => (error.message === "stopped" ? null : Promise.reject(error)));
  const second = await sendDueDigests(db, { now, pause: yieldToSite });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  const late = held.stop();
  const third = await sendDueDigests(db, { now, pause: yieldToSite });
  const twice = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT COUNT(*) AS n FROM (SELECT userId FROM Digest WHERE status = 'sent' GROUP BY userId HAVING COUNT(*) > 1)`,
  );
  const sent = await db.digest.count({ where: { status: "sent" } });
  console.log(
    JSON.stringify({
      users,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      sent,
      stoppedRunCompleted: first !== null,
      secondRun: second,
      runAfter: third,
      sentTwice: Number(twice[0].n),
      longestPauseMs: loop.max / 1e6,
      p99PauseMs: loop.percentile(99) / 1e6,
      pausesOver100Ms: late.length,
      mostCpuInOnePauseMs: Math.max(0, ...late.map((t) => t.cpuMs)),
    }),
  );
  const worst = [...late].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.error(
    `  turns over 100 ms: ${late.length}; the longest (wall ms / CPU ms this process used in it): ${worst.map((t) => `${t.ms}/${t.cpuMs}`).join(", ") || "none"}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} on ${cpus().length} CPUs`,
  );
  await checkpoints.stop();
  await db.$disconnect();
}

/** Each event-loop turn longer than `overMs` (seen by a 5 ms timer), with the CPU time the process used during it. */
function watchTurns(overMs: number) {
  const turns: { ms: number; cpuMs: number }[] = [];
  // One reading of the CPU time a tick: the timer itself should cost the run as little as it can.
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let [last, cpu] = [performance.now(), cpuMs()];
  const timer = setInterval(() => {
    const [now, used] = [performance.now(), cpuMs()];
    if (now - last > overMs) turns.push({ ms: Math.round(now - last), cpuMs: Math.round(used - cpu) });
    [last, cpu] = [now, used];
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return turns;
    },
  };
}

if (process.argv[1]?.endsWith("bench-digests.ts")) await run();
