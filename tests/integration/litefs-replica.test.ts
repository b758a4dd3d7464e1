// The production server under LiteFS, the primary simulated by LITEFS_DIR: a replica
// (a `.primary` file naming the primary) runs no jobs and answers writes with fly-replay to the
// primary; the primary (no such file) does both itself. And no GET writes to the database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { JOB_ROLES } from "~/jobs/scheduler.server";
import { districtHref } from "~/lib/districts";
import { queueRun } from "~/models/jobs.server";
import { rejoinUrl, unsubscribeUrl } from "~/models/leads.server";
import { createVerification } from "~/models/verifications.server";
import { cookieFor } from "../support/route-calls";
import { browserManifest, routePattern } from "../support/build-manifest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const litefsDir = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-litefs-"));
const PRIMARY = "3d8d9e1b2c3d48"; // a fly.io machine id, as LiteFS writes it
afterAll(() => rmSync(litefsDir, { recursive: true, force: true }));

const status = async (id: number) => (await db.jobExecution.findUniqueOrThrow({ where: { id } })).status;
async function until(done: () => Promise<boolean>, what: string, limitMs = 40_000) {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a replica", () => {
  let server: BuiltServer;
  let admin: string;
  let queued: number;
  beforeAll(async () => {
    writeFileSync(path.join(litefsDir, ".primary"), `${PRIMARY}\n`);
    admin = await cookieFor("admin@civicatlas.test");
    // Queued before the server starts: its start-up look at the queue is the runner's chance to take it.
    queued = (await queueRun(db, "housekeeping", { trigger: "manual" })).id;
    server = await startBuiltServer({ LITEFS_DIR: litefsDir });
  });
  afterAll(() => server.stop());

  test("answers a POST with fly-replay to the primary's machine and a 409, and serves reads itself", async () => {
    const post = await fetch(`${server.url}/contact`, { method: "POST", body: new URLSearchParams({ name: "A" }) });
    expect(post.status).toBe(409);
    expect(post.headers.get("fly-replay")).toBe(`instance=${PRIMARY}`);

    const run = await fetch(`${server.url}/api/admin/integration/housekeeping/run`, { method: "POST", headers: { Cookie: admin } });
    expect(run.status).toBe(409);
    expect(run.headers.get("fly-replay")).toBe(`instance=${PRIMARY}`);

    // Signing out deletes the session row on a GET (decision 0002): replayed too.
    const logout = await fetch(`${server.url}/api/logout`, { headers: { Cookie: admin }, redirect: "manual" });
    expect(logout.headers.get("fly-replay")).toBe(`instance=${PRIMARY}`);

    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("fly-replay")).toBeNull();
  });

  test("a write fly.io already replayed here is not sent round again: 503, try again shortly", async () => {
    const post = await fetch(`${server.url}/contact`, { method: "POST", headers: { "Fly-Replay-Src": "instance=abc;region=iad;t=1" } });
    expect(post.status).toBe(503);
    expect(post.headers.get("retry-after")).toBe("5");
    expect(post.headers.get("fly-replay")).toBeNull();
  });

  test("runs no job; once the lease moves here (the file goes) it runs the queued one", async () => {
    // The server logs its role once its start-up look at the queue is over (a primary has drained
    // the queue by then): the job waited through that look.
    await until(async () => server.output().includes(JOB_ROLES.replica), "the replica's start-up look at the queue");
    expect(server.output()).not.toContain(JOB_ROLES.primary);
    expect(await status(queued)).toBe("pending");
    rmSync(path.join(litefsDir, ".primary"));
    // Logged once the new primary has worked through the queue.
    await until(async () => server.output().includes(JOB_ROLES.primary), "the node to become the primary");
    expect(await status(queued)).toBe("completed");
  }, 60_000);
});

describe("the primary", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    rmSync(path.join(litefsDir, ".primary"), { force: true });
    server = await startBuiltServer({ LITEFS_DIR: litefsDir });
  });
  afterAll(() => server.stop());

  test("handles writes itself and runs jobs", async () => {
    const admin = await cookieFor("admin@civicatlas.test");
    const run = await fetch(`${server.url}/api/admin/integration/housekeeping/run`, { method: "POST", headers: { Cookie: admin } });
    expect(run.headers.get("fly-replay")).toBeNull();
    expect(run.status).toBe(201);
    const { id } = (await run.json()) as { id: number };
    await until(async () => (await status(id)) === "completed", "the job to run");
  });

  test("no GET writes: the database is unchanged after reading every page and API signed in and out", async () => {
    const owner = await cookieFor("owner@civicatlas.test");
    const official = await db.official.findFirstOrThrow({ where: { isActive: true }, select: { id: true } });
    const user = await db.user.findFirstOrThrow({ where: { email: "patriot@civicatlas.test" }, select: { id: true } });
    const state = await db.state.findFirstOrThrow({ select: { id: true, abbreviation: true } });
    const zip = await db.zipCode.findFirstOrThrow({ select: { zip: true, state: true, district: true } });
    // This test's own records for the pages that show one (a failed run: its error is not yet seen).
    const execution = await db.jobExecution.create({
      data: {
        jobType: "data_validation",
        status: "failed",
        trigger: "manual",
        errorMessage: "The source answered 500",
        startedAt: new Date(),
        completedAt: new Date(),
      },
    });
    const message = await db.contactMessage.create({
      data: { name: "No Writes", email: "no-writes@example.test", subject: "Reads only", message: "A message to open." },
    });
    const image = Buffer.from("not really an image");
    const photo = await db.officialPhoto.create({
      data: {
        officialId: official.id,
        sourceUrl: "https://example.test/p.jpg",
        hash: "0123456789abcdef",
        fetchedAt: new Date(),
        webp120: image,
        webp240: image,
        jpeg120: image,
        jpeg240: image,
      },
    });
    const avatar = await db.userAvatar.upsert({
      where: { userId: user.id },
      create: {
        userId: user.id,
        sourceUrl: "https://example.test/me.png",
        hash: "fedcba9876543210",
        fetchedAt: new Date(),
        webp120: image,
        webp240: image,
        jpeg120: image,
        jpeg240: image,
      },
      update: {},
    });

    // Each route's parameters; a route with a parameter missing here fails the test until it is added.
    const same = {
      ":abbr": state.abbreviation,
      ":type": "housekeeping",
      ":stateId": String(state.id),
      ":updateId": "1",
      ":jobId": String(execution.id),
      ":repId": String(official.id),
    };
    const officialId = { ":id": String(official.id) };
    const rollCall = { chamber: "house", congress: 117, session: 2, number: 9066 };
    await db.rollCall.upsert({
      where: { voteId: "h9066-117.2022" },
      update: {},
      create: {
        ...rollCall,
        voteId: "h9066-117.2022",
        voteDate: "2022-03-09",
        question: "On Motion to Concur",
        result: "Passed",
        billTitle: "A roll call for this test",
        sourceUrl: "https://clerk.house.gov/evs/2022/roll9066.xml",
        fetchedAt: new Date(),
      },
    });
    const params: Record<string, Record<string, string>> = {
      "routes/issues.$slug": { ":slug": "abortion" },
      "routes/api.issues.$slug": { ":slug": "abortion" },
      "routes/api.roll-calls.$id": { ":id": "house-117-2-9066" },
      "routes/representative.$id": officialId,
      "routes/representative.$id_.history": officialId,
      "routes/representative.$id_.history[.atom]": officialId,
      "routes/representatives.$id": officialId,
      "routes/api.representatives.$id": officialId,
      "routes/admin.representative-detail.$id": officialId,
      "routes/admin.users.$id": { ":id": user.id },
      "routes/api.admin.users.$id": { ":id": user.id },
      "routes/admin.state-detail.$id": { ":id": String(state.id) },
      "routes/api.states.$id": { ":id": String(state.id) },
      "routes/admin.job-execution.$id": { ":id": String(execution.id) },
      "routes/api.admin.job-execution.$id": { ":id": String(execution.id) },
      "routes/admin.messages.$id": { ":id": String(message.id) },
      "routes/api.leads.$id": { ":id": "1" },
      "routes/district.$id": { ":id": districtHref(zip.state, zip.district).replace("/district/", "") },
      "routes/data.$file": { ":file": "officials.csv" },
      "routes/photos.$file": { ":file": `${photo.hash}-120.webp` },
      "routes/avatars.$file": { ":file": `${avatar.hash}-120.webp` },
    };
    params["routes/district.$id_.map"] = params["routes/district.$id"];
    // The links a visitor follows from an email, live: the pages that would use them on a POST.
    const confirmToken = await createVerification(db, { type: "confirm-email", target: "patriot@civicatlas.test", userId: user.id });
    const resetToken = await createVerification(db, { type: "reset-password", target: "patriot@civicatlas.test", userId: user.id });
    const lead = await db.lead.create({
      data: { email: "no-writes-lead@example.test", status: "unsubscribed", unsubscribedAt: new Date() },
    });
    const search = (url: string) => new URL(url).search;
    const queries: Record<string, string> = {
      "routes/confirm-email": `?token=${confirmToken}`,
      "routes/reset-password": `?token=${resetToken}`,
      "routes/unsubscribe": search(unsubscribeUrl(lead.id)),
      "routes/rejoin": search(rejoinUrl({ id: lead.id, unsubscribedAt: lead.unsubscribedAt! })),
      "routes/api.lookup": `?zip=${zip.zip}`,
      "routes/api.search": "?q=Texas",
      "routes/api.check-email": "?email=someone%40example.test",
    };
    // Routes whose GET writes by design (decision 0002), the catch-all, and the page the server
    // renders for a refused request (a 404 when asked for directly).
    const skip = new Set(["routes/api.logout", "routes/api.sso-callback.$provider", "routes/$", "routes/too-many-requests"]);
    const { routes } = browserManifest();
    const reads = Object.values(routes)
      .filter((route) => route.id !== "root" && !skip.has(route.id))
      .map((route) => {
        const pattern = routePattern(routes, route.id);
        // A child's parameters are its parent's too (api.representatives.$id.history).
        const values: Record<string, string> = { ...same };
        for (let id: string | undefined = route.id; id; id = routes[id].parentId) Object.assign(values, { ...params[id], ...values });
        const url = pattern.replace(/:\w+/g, (param) => {
          if (!(param in values)) throw new Error(`Say which ${param} to read ${route.id} with.`);
          return encodeURIComponent(values[param]);
        });
        return { route, url: url + (queries[route.id] ?? "") };
      });
    expect(reads.length).toBeGreaterThan(100);
    expect(reads.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        "/changes.atom",
        `/state/${state.abbreviation}/history`,
        `/representative/${official.id}/history.atom`,
        `/api/representatives/${official.id}/history`,
      ]),
    );

    const file = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
    const version = () => file.pragma("data_version", { simple: true });
    const before = version();
    const answers: Record<"owner" | "visitor", string[]> = { owner: [], visitor: [] };
    for (const [who, cookie] of [
      ["owner", owner],
      ["visitor", ""],
    ] as const) {
      for (const { route, url } of reads) {
        const response = await fetch(`${server.url}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
        await response.arrayBuffer();
        answers[who].push(`${response.status} ${url}${route.hasLoader ? "" : " (no loader)"}`);
      }
    }
    expect(version()).toBe(before); // data_version changes when another connection commits
    file.close();

    // Every address was right: the owner may read them all (a route with no loader: a page, or a
    // resource route that only takes POSTs, 405), and a visitor is turned away, never sent to a 404,
    // except from someone's picture, which is a 404 to whoever may not see it, like an unknown one
    // (decision 0026).
    const answered = (codes: RegExp) => (line: string) => codes.test(line.split(" ")[0]);
    const hiddenPicture = `404 /avatars/${avatar.hash}-120.webp`;
    expect(answers.owner.filter((a) => !answered(/^[23]\d\d$/)(a) && !(a.startsWith("405 ") && a.endsWith("(no loader)")))).toEqual([]);
    expect(
      answers.visitor.filter(
        (a) => !answered(/^([23]\d\d|401|403)$/)(a) && !(a.startsWith("405 ") && a.endsWith("(no loader)")) && a !== hiddenPicture,
      ),
    ).toEqual([]);
  });
});
