// The mixed-load run of `npm run bench` (BENCH_ONLY=mixed): readers and writers at once against the
// production build on a freshly seeded database, as in a busy hour. For BENCH_MIXED_SECONDS (30)
// seconds, BENCH_MIXED_READERS (50) readers each load public pages and the search call one after
// another, writes arrive at BENCH_MIXED_WRITES (20) a second whatever the answers' speed
// (registrations, contact messages and profile edits in turn), and /healthz is asked every 100 ms on
// the health port and on the app's port. Goals: reads p99 < 500 ms, short writes (contact, profile)
// p90 < 2 s, registrations p90 < 5 s, /healthz on the health port p99 < 200 ms, and on the app's
// port within fly.toml's 5 s check timeout. The server's rate limits are raised for the run (one address sends
// everything), and its email goes to an SMTP sink on a thread of its own (as a mail server is on a
// machine of its own: the readers here must not slow its answers, which a contact message waits for).
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { Worker } from "node:worker_threads";

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const READERS = Number(process.env.BENCH_MIXED_READERS ?? 50);
const WRITES_PER_SECOND = Number(process.env.BENCH_MIXED_WRITES ?? 20);
const RUNS = Number(process.env.BENCH_MIXED_RUNS ?? 3);
const GOALS = { readP99: 500, shortWriteP90: 2_000, registrationP90: 5_000, healthzP99: 200, appHealthzLongest: 5_000 };
/** Public pages a visitor reads (the home, state and profile pages, a ZIP answer, the change history) and the search call. */
const readPaths = (profileId: number) => [
  "/",
  "/state/CA",
  "/state/TX",
  `/representative/${profileId}`,
  "/find?zip=94110",
  "/changes",
  "/api/search?q=warren",
];

type Starter = (port: number, env: Record<string, string>) => { server: ChildProcess; ready: Promise<void> };
type Kind = "read" | "registration" | "contact" | "profile" | "healthz" | "appHealthz";

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** One timed request with its whole body read; a network error or a 5xx counts as failed. */
async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

async function signIn(base: string, email: string, password: string) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} failed: ${response.status}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

/**
 * Asks /healthz every 100 ms from a worker thread, as fly.io's checker asks from outside: with its own
 * event loop, so the bench's readers (and its SMTP sink) never delay the probe or its timing.
 * Resolves with each probe's time and status once `stop` is called.
 */
function healthzProber(url: string) {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const results = [];
     const probe = async () => {
       const started = performance.now();
       try {
         const response = await fetch(${JSON.stringify(url)});
         await response.arrayBuffer();
         results.push({ ms: performance.now() - started, status: response.status });
       } catch {
         results.push({ ms: performance.now() - started, status: 0 });
       }
     };
     const timer = setInterval(probe, 100);
     parentPort.once("message", async () => {
       clearInterval(timer);
       await new Promise((resolve) => setTimeout(resolve, 50));
       parentPort.postMessage(results);
     });`,
    { eval: true },
  );
  return {
    stop: () =>
      new Promise<{ ms: number; status: number }[]>((resolve) => {
        worker.once("message", (results) => void worker.terminate().then(() => resolve(results)));
        worker.postMessage("stop");
      }),
  };
}

/** An SMTP server on 127.0.0.1 in a worker thread that accepts and drops every message. */
async function startSmtpSinkThread() {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const { SMTPServer } = require("smtp-server");
     const server = new SMTPServer({
       authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], disableReverseLookup: true, logger: false,
       onData(stream, _session, callback) { stream.on("end", () => callback()); stream.resume(); },
     });
     server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.server.address().port));`,
    { eval: true },
  );
  const port = await new Promise<number>((resolve) => worker.once("message", resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => worker.terminate() };
}

/** One 30 s run: the readers, the writes and the /healthz probe, and each kind's times and statuses. */
async function oneRun(base: string, healthBase: string, run: number) {
  const times: Record<Kind, number[]> = { read: [], registration: [], contact: [], profile: [], healthz: [], appHealthz: [] };
  const statuses: Record<Kind, Map<number, number>> = {
    read: new Map(),
    registration: new Map(),
    contact: new Map(),
    profile: new Map(),
    healthz: new Map(),
    appHealthz: new Map(),
  };
  const record = (kind: Kind, { ms, status }: { ms: number; status: number }) => {
    times[kind].push(ms);
    statuses[kind].set(status, (statuses[kind].get(status) ?? 0) + 1);
  };
  const json = (body: unknown, cookie = ""): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const patriot = await signIn(base, "patriot@civicatlas.test", "civic-atlas-demo"); // a demo account (README)
  const { results } = (await (await fetch(`${base}/api/search?q=warren`)).json()) as { results: { id: number }[] };
  const paths = readPaths(results[0].id);
  const end = performance.now() + SECONDS * 1000;
  const tag = `${Date.now().toString(36)}r${run}`;
  let n = 0;
  const writes: Promise<void>[] = [];
  const writeOnce = () => {
    const i = n++;
    const kind = (["registration", "contact", "profile"] as const)[i % 3];
    const request =
      kind === "registration"
        ? json({ firstName: "Bench", lastName: `Writer${i}`, email: `bench-${tag}-${i}@example.test`, password: "bench-password-1" })
        : kind === "contact"
          ? json({
              name: "Bench Reader",
              email: "reader@example.test",
              subject: `Load ${i}`,
              message: "A message sent by the mixed-load bench.",
            })
          : { ...json({ city: `Columbus ${i}` }, patriot), method: "PATCH" };
    const target = { registration: "/api/register", contact: "/api/contact", profile: "/api/profile" }[kind];
    writes.push(timed(base + target, request).then((result) => record(kind, result)));
  };
  const writer = WRITES_PER_SECOND > 0 ? setInterval(writeOnce, 1000 / WRITES_PER_SECOND) : undefined;
  const probers = { healthz: healthzProber(`${healthBase}/healthz`), appHealthz: healthzProber(`${base}/healthz`) };
  const reader = async (r: number) => {
    for (let i = r; performance.now() < end; i++) record("read", await timed(base + paths[i % paths.length]));
  };
  await Promise.all(Array.from({ length: READERS }, (_, r) => reader(r)));
  clearInterval(writer);
  for (const kind of ["healthz", "appHealthz"] as const) for (const result of await probers[kind].stop()) record(kind, result);
  await Promise.all(writes);
  return { times, statuses };
}

const ms = (value: number) => `${Math.round(value)} ms`;
const statusList = (counts: Map<number, number>) => [...counts].map(([status, count]) => `${count} × ${status || "no answer"}`).join(", ");

/** Runs the mixed load RUNS times on a fresh server each; prints each run's percentiles. Returns true when a goal was missed. */
export async function mixedLoadRun(startServer: Starter, port: number) {
  const base = `http://localhost:${port}`;
  const healthBase = `http://localhost:${port + 1}`;
  const sink = await startSmtpSinkThread();
  let failed = false;
  console.log(
    `\nMixed load (production build, a freshly seeded database a run): ${READERS} readers, ${WRITES_PER_SECOND} writes/s ` +
      `(registrations, contact messages, profile edits in turn), /healthz every 100 ms on each port, ${SECONDS} s, ${RUNS} runs; ` +
      `rate limits raised for the run; load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores:`,
  );
  try {
    for (let run = 1; run <= RUNS; run++) {
      const { server, ready } = startServer(port, {
        SMTP_URL: sink.url,
        AUTH_RATE_LIMIT: "1000000",
        PUBLIC_FORM_RATE_LIMIT: "1000000",
        HEALTH_PORT: String(port + 1),
      });
      try {
        await ready;
        const { times, statuses } = await oneRun(base, healthBase, run);
        const shortWrites = [...times.contact, ...times.profile];
        const checks: [boolean, string][] = [
          [
            percentile(times.read, 99) < GOALS.readP99,
            `reads: ${times.read.length}, p50 ${ms(percentile(times.read, 50))}, p99 ${ms(percentile(times.read, 99))} (goal p99 < ${GOALS.readP99} ms); ${statusList(statuses.read)}`,
          ],
          [
            percentile(shortWrites, 90) < GOALS.shortWriteP90,
            `contact messages and profile edits: ${shortWrites.length}, p50 ${ms(percentile(shortWrites, 50))}, p90 ${ms(percentile(shortWrites, 90))} (goal p90 < ${GOALS.shortWriteP90} ms); ` +
              `contact p90 ${ms(percentile(times.contact, 90))}, ${statusList(statuses.contact)}; profile p90 ${ms(percentile(times.profile, 90))}, ${statusList(statuses.profile)}`,
          ],
          [
            percentile(times.registration, 90) < GOALS.registrationP90,
            `registrations: ${times.registration.length}, p50 ${ms(percentile(times.registration, 50))}, p90 ${ms(percentile(times.registration, 90))} (goal p90 < ${GOALS.registrationP90} ms); ${statusList(statuses.registration)}`,
          ],
          [
            percentile(times.healthz, 99) < GOALS.healthzP99,
            `/healthz on the health port: ${times.healthz.length}, p50 ${ms(percentile(times.healthz, 50))}, p99 ${ms(percentile(times.healthz, 99))}, longest ${ms(Math.max(...times.healthz))} (goal p99 < ${GOALS.healthzP99} ms)`,
          ],
          [
            Math.max(...times.appHealthz) < GOALS.appHealthzLongest,
            `/healthz on the app's port (the proxy's routing check): ${times.appHealthz.length}, p50 ${ms(percentile(times.appHealthz, 50))}, p99 ${ms(percentile(times.appHealthz, 99))}, longest ${ms(Math.max(...times.appHealthz))} (goal: every answer within fly.toml's ${GOALS.appHealthzLongest / 1000} s timeout)`,
          ],
        ];
        // A 5xx or an unanswered request is a failure whatever the times.
        const broken = (Object.keys(statuses) as Kind[]).flatMap((kind) =>
          [...statuses[kind]]
            .filter(([status]) => status === 0 || status >= 500)
            .map(([status, count]) => `${count} ${kind} × ${status || "no answer"}`),
        );
        checks.push([broken.length === 0, `server errors or unanswered requests: ${broken.length ? broken.join(", ") : "none"}`]);
        console.log(`  run ${run}:`);
        for (const [ok, line] of checks) console.log(`${ok ? "ok  " : "MISS"}   ${line}`);
        failed ||= checks.some(([ok]) => !ok);
      } finally {
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
    }
  } finally {
    await sink.close();
  }
  return failed;
}
