// The back office at scale: the owner's users export is streamed a batch at a time with every
// user in it once, housekeeping deletes expired sessions in batches no larger than its limit, and
// the lead list, a moderator's submissions, the decided history and the Missing Data tab page by
// cursor.
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { db } from "~/db.server";
import { HOUSEKEEPING_BATCH, HOUSEKEEPING_COUNT_STEP, housekeeping } from "~/jobs/housekeeping.server";
import { SWEEPS } from "~/models/housekeeping.server";
import type { Progress } from "~/models/jobs.server";
import { CursorParam, PAGE_SIZE, type PageLink } from "~/lib/keyset";
import { EXPORT_BATCH } from "~/models/admin-users.server";
import { LeadSearchSchema, listLeads } from "~/models/leads.server";
import { decidedUpdates, missingData, missingDataPage, submittedUpdates } from "~/models/data-updates.server";
import { testJobContext } from "../support/job-context";
import { callRoute, cookieFor } from "../support/route-calls";

const exportRoute = await import("~/routes/admin.users.export");

test("the users export is a stream of batches holding every user once, oldest first", async () => {
  const tag = `streamed${Date.now()}`;
  const count = EXPORT_BATCH * 2 + 7;
  // Hundreds share each creation time, so batches meet ties and must go on by id.
  await db.user.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      email: `${tag}-${i}@example.org`,
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i % 3)),
    })),
  });
  const response = await callRoute(exportRoute.loader, "/admin/users/export", { cookie: await cookieFor("owner@civicatlas.test") });
  expect(response.status).toBe(200);
  expect(response.body).toBeInstanceOf(ReadableStream);

  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let [text, chunks] = ["", 0];
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    chunks++;
    text += decoder.decode(part.value, { stream: true });
  }
  // The header, then one part per batch: the file never existed whole on the server.
  expect(chunks).toBeGreaterThanOrEqual(1 + Math.ceil(count / EXPORT_BATCH));
  const [header, ...rows] = text.trimEnd().split("\r\n");
  expect(header.split(",").slice(0, 2)).toEqual(["ID", "Email"]);
  const emails = rows.map((row) => row.split(",")[1]);
  expect(emails).toHaveLength(await db.user.count());
  expect(new Set(emails).size).toBe(emails.length);
  const mine = emails.filter((email) => email.startsWith(tag));
  expect(mine).toHaveLength(count);
  expect(mine.slice(0, 3)).toEqual([`${tag}-0@example.org`, `${tag}-3@example.org`, `${tag}-6@example.org`].sort());
});

test("the users export makes its next batch only once the download has taken the last, and stops when the client goes", async () => {
  // The download's answers, held until the test gives them; `asks(n)` resolves once n were asked for.
  const asked: ((writable: boolean) => void)[] = [];
  const waiters: [number, () => void][] = [];
  const context = {
    cspNonce: "",
    whenWritable: () =>
      new Promise<boolean>((resolve) => {
        asked.push(resolve);
        for (const [n, done] of waiters) if (asked.length >= n) done();
      }),
  };
  const asks = (n: number) => new Promise<void>((resolve) => (asked.length >= n ? resolve() : waiters.push([n, resolve])));
  const request = new Request("http://localhost/admin/users/export", { headers: { Cookie: await cookieFor("owner@civicatlas.test") } });
  const response = (await exportRoute.loader({ request, params: {}, context } as never)) as Response;
  const reader = response.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^ID,Email,/);

  let arrived = false;
  const batch = reader.read().then((part) => ((arrived = true), part));
  await asks(1);
  expect(arrived).toBe(false); // the download has not taken the header yet: no batch is read
  asked[0](true);
  expect(new TextDecoder().decode((await batch).value).split("\r\n").length).toBeGreaterThan(1);

  const end = reader.read();
  await asks(2);
  asked[1](false); // the client has gone
  expect((await end).done).toBe(true);
});

test("housekeeping deletes every expired session in batches within its limit, and no live one; its progress counts the backlog a step at a time", async () => {
  const { id: userId } = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" }, select: { id: true } });
  const now = new Date();
  const expired = HOUSEKEEPING_COUNT_STEP + Math.round(HOUSEKEEPING_BATCH * 2.5);
  const session = (kind: string, i: number, expirationDate: Date) => ({ id: `${kind}-${i}`, userId, expirationDate });
  await db.session.createMany({
    data: Array.from({ length: expired }, (_, i) => session("expired", i, new Date(now.getTime() - 1_000 - i))),
  });
  await db.session.createMany({ data: Array.from({ length: 50 }, (_, i) => session("live", i, new Date(now.getTime() + 60_000))) });

  // The job reports its progress before each batch: the steps between reports are the batch sizes.
  const reported: number[] = [];
  const sessionTotals: number[] = [];
  const progress = ({ completed, total, currentItem }: Progress) => {
    reported.push(completed);
    if (currentItem === "Expired sessions") sessionTotals.push(total);
    expect(total).toBeGreaterThanOrEqual(completed);
  };
  const { results } = await housekeeping(testJobContext(db, { now: () => now, progress }));
  // The staff page's "N of M": first the counted step, then the whole backlog once it is known, never more.
  expect(sessionTotals[0]).toBe(HOUSEKEEPING_COUNT_STEP);
  expect(sessionTotals.at(-1)).toBe(expired);
  expect(Math.max(...sessionTotals)).toBe(expired);
  const batches = reported.slice(1).map((completed, i) => completed - reported[i]);
  expect(Math.max(...batches)).toBeLessThanOrEqual(HOUSEKEEPING_BATCH);
  expect(batches.filter((size) => size > 0).length).toBeGreaterThanOrEqual(3);
  expect(results.expiredSessions).toBe(expired);
  expect(await db.session.count({ where: { id: { startsWith: "expired-" } } })).toBe(0);
  expect(await db.session.count({ where: { id: { startsWith: "live-" } } })).toBe(50);
});

test("housekeeping finds what is due through each table's date index, never by reading the whole table", async () => {
  // A count of due rows ordered by id made SQLite walk the table in id order and test every row:
  // 0.2 s on a million contact messages with none due, holding every request up meanwhile.
  const url = process.env.DATABASE_URL!;
  const statements: { sql: string; params: unknown[] }[] = [];
  const logged = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }), log: [{ emit: "event", level: "query" }] });
  logged.$on("query", (e) => statements.push({ sql: e.query, params: JSON.parse(e.params) as unknown[] }));
  const now = new Date();
  try {
    for (const sweep of SWEEPS) {
      await sweep.count(logged, now, HOUSEKEEPING_COUNT_STEP);
      await sweep.batch(logged, now, HOUSEKEEPING_BATCH);
    }
  } finally {
    await logged.$disconnect();
  }
  const sqlite = new Database(url.replace(/^file:/, ""), { readonly: true });
  try {
    const reads = statements.filter((s) => /^(SELECT|DELETE|UPDATE)/.test(s.sql));
    expect(reads.length).toBeGreaterThanOrEqual(SWEEPS.length * 2);
    for (const { sql, params } of reads) {
      const plan = sqlite
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params.map((p) => (typeof p === "boolean" ? Number(p) : p)))
        .map((row) => (row as { detail: string }).detail)
        .join("\n");
      expect(plan, sql).not.toMatch(/SCAN (main\.)?[A-Z]/);
      expect(plan, sql).toMatch(/SEARCH (main\.)?\w+ USING (COVERING )?INDEX \w+_(expirationDate|expiresAt|createdAt)_idx/);
    }
  } finally {
    sqlite.close();
  }
});

test("the lead list pages by cursor: Next and Previous keep the filter, every lead shown once", async () => {
  const tag = `paged${Date.now()}`;
  const count = PAGE_SIZE * 2 + 5;
  // A few share a creation time, so a page boundary falls among ties.
  await db.lead.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      email: `${tag}-${i}@example.org`,
      lastName: tag,
      createdAt: new Date(Date.UTC(2021, 0, 1) - Math.floor(i / 4) * 1000),
    })),
  });
  // Each page as its link asks for it: the search kept, the cursor read by the page's own schema.
  const open = (link: PageLink | null) => listLeads(db, LeadSearchSchema.parse({ search: tag, ...link }));
  const first = await open({});
  expect(first.previous).toBeNull();
  expect(first.leads).toHaveLength(PAGE_SIZE);
  const second = await open(first.next);
  const third = await open(second.next);
  expect(third.leads).toHaveLength(5);
  expect(third.next).toBeNull();
  const shown = [...first.leads, ...second.leads, ...third.leads].map((l) => l.email);
  expect(new Set(shown).size).toBe(count);
  expect(second.previous?.before).toMatch(/^\d+\.\d+$/);

  // Previous from the third page is the second; from the second, the first (with no cursor).
  const back = await open(third.previous);
  expect(back.leads.map((l) => l.id)).toEqual(second.leads.map((l) => l.id));
  const start = await open(back.previous);
  expect(start.leads.map((l) => l.id)).toEqual(first.leads.map((l) => l.id));
  expect(start.previous).toBeNull();
});

test("a moderator's submitted changes and decided history page by cursor, each list apart, every change shown once", async () => {
  const moderator = await db.user.create({ data: { email: `paged-mod-${Date.now()}@example.org`, role: "moderator" } });
  const official = await db.official.findFirstOrThrow({ where: { isActive: true } });
  const dataUpdate = await db.dataUpdate.create({
    data: { entityType: "official", entityId: official.id, updateType: "manual", status: "partly_approved", submittedById: moderator.id },
  });
  const base = { entityType: "official", entityId: official.id, fieldName: "notes", submittedById: moderator.id };
  const at = (i: number) => new Date(Date.UTC(2099, 0, 1) - Math.floor(i / 3) * 1000);
  await db.fieldUpdate.createMany({
    data: [
      ...Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ({ ...base, newValue: `pending ${i}`, createdAt: at(i) })),
      // Approved and rejected changes interleaved by decision time, ties among them.
      ...Array.from({ length: PAGE_SIZE + 7 }, (_, i) =>
        i % 2
          ? { ...base, newValue: `decided ${i}`, status: "approved", dataUpdateId: dataUpdate.id, approvedAt: at(i) }
          : { ...base, newValue: `decided ${i}`, status: "rejected", rejectedAt: at(i) },
      ),
    ],
  });
  const values = (page: Awaited<ReturnType<typeof submittedUpdates>>) => ({
    pending: page.pending.flatMap((d) => d.updates.map((u) => u.newValue)),
    history: page.history.map((u) => u.newValue),
  });
  // Newest first: the earlier index is the later time; among ties, the later row (higher id) first.
  const newestFirst = (count: number, label: string) =>
    Array.from({ length: count }, (_, i) => i)
      .sort((a, b) => Math.floor(a / 3) - Math.floor(b / 3) || b - a)
      .map((i) => `${label} ${i}`);
  const decidedOrder = newestFirst(PAGE_SIZE + 7, "decided");
  const first = await submittedUpdates(db, moderator.id);
  expect(values(first).pending).toHaveLength(PAGE_SIZE);
  expect(values(first).history).toEqual(decidedOrder.slice(0, PAGE_SIZE));
  expect(first.pages.previous).toBeNull();

  // The history's Next leaves the pending list where it was, and the other way round.
  const history2 = await submittedUpdates(db, moderator.id, { historyAt: { after: CursorParam.parse(first.historyPages.next?.after) } });
  expect(values(history2).history).toEqual(decidedOrder.slice(PAGE_SIZE));
  expect(values(history2).pending).toEqual(values(first).pending);
  expect(history2.historyPages.next).toBeNull();
  const pending2 = await submittedUpdates(db, moderator.id, { at: { after: CursorParam.parse(first.pages.next?.after) } });
  expect(values(pending2).pending).toEqual(newestFirst(PAGE_SIZE + 3, "pending").slice(PAGE_SIZE));
  const back = await submittedUpdates(db, moderator.id, {
    historyAt: { before: CursorParam.parse(history2.historyPages.previous?.before) },
  });
  expect(values(back).history).toEqual(values(first).history);

  // The admin's Show History pages the same way (these decisions are the newest of all).
  const decided = await decidedUpdates(db);
  expect(decided.groups.flatMap((g) => g.updates.map((u) => u.newValue))).toEqual(values(first).history);
  const decided2 = await decidedUpdates(db, { after: CursorParam.parse(decided.next?.after) });
  expect(decided2.groups.flatMap((g) => g.updates.map((u) => u.newValue)).slice(0, 7)).toEqual(values(history2).history);
});

test("the Missing Data tab pages by cursor, highest priority first, and a page keeps its place once an official on it is filled in", async () => {
  const first = await missingDataPage(db, {});
  expect(first.total).toBeGreaterThan(PAGE_SIZE);
  expect(first.items).toHaveLength(PAGE_SIZE);
  const second = await missingDataPage(db, { at: { after: CursorParam.parse(first.next?.after) } });
  const ids = (page: typeof first) => page.items.map((i) => i.representativeId);
  expect(second.items.length).toBeGreaterThan(0);
  expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
  const all = await missingData(db);
  expect([...ids(first), ...ids(second)]).toEqual(all.slice(0, first.items.length + second.items.length).map((i) => i.representativeId));

  // The last official of page 1 no longer misses anything: page 2 still starts where it did.
  const last = first.items.at(-1)!;
  await db.official.update({
    where: { id: last.representativeId },
    data: {
      email: "x@example.org",
      phone: "202-224-3121",
      officeAddress: "1 Capitol",
      website: "https://example.org",
      biography: "b",
      committees: "c",
      xProfileUrl: "https://x.com/a",
    },
  });
  const again = await missingDataPage(db, { at: { after: CursorParam.parse(first.next?.after) } });
  expect(ids(again)).toEqual(ids(second));
});
