// The back office at scale: the owner's users export is streamed a batch at a time with every
// user in it once, housekeeping deletes expired sessions in batches no larger than its limit, and
// the lead list pages by cursor with the filters kept.
import { expect, test } from "vitest";
import { db } from "~/db.server";
import { HOUSEKEEPING_BATCH, housekeeping } from "~/jobs/housekeeping.server";
import { LEADS_PER_PAGE, LeadSearchSchema, type LeadPageLink } from "~/lib/lead-admin";
import { EXPORT_BATCH } from "~/models/admin-users.server";
import { listLeads } from "~/models/leads-admin.server";
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

test("housekeeping deletes every expired session in batches within its limit, and no live one", async () => {
  const { id: userId } = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" }, select: { id: true } });
  const now = new Date();
  const expired = Math.round(HOUSEKEEPING_BATCH * 2.5);
  const session = (kind: string, i: number, expirationDate: Date) => ({ id: `${kind}-${i}`, userId, expirationDate });
  await db.session.createMany({
    data: Array.from({ length: expired }, (_, i) => session("expired", i, new Date(now.getTime() - 1_000 - i))),
  });
  await db.session.createMany({ data: Array.from({ length: 50 }, (_, i) => session("live", i, new Date(now.getTime() + 60_000))) });

  // The job reports its progress before each batch: the steps between reports are the batch sizes.
  const reported: number[] = [];
  const { results } = await housekeeping(testJobContext(db, { now: () => now, progress: (p) => reported.push(p.completed) }));
  const batches = reported.slice(1).map((completed, i) => completed - reported[i]);
  expect(Math.max(...batches)).toBeLessThanOrEqual(HOUSEKEEPING_BATCH);
  expect(batches.filter((size) => size > 0).length).toBeGreaterThanOrEqual(3);
  expect(results.expiredSessions).toBe(expired);
  expect(await db.session.count({ where: { id: { startsWith: "expired-" } } })).toBe(0);
  expect(await db.session.count({ where: { id: { startsWith: "live-" } } })).toBe(50);
});

test("the lead list pages by cursor: Next and Previous keep the filter, every lead shown once", async () => {
  const tag = `paged${Date.now()}`;
  const count = LEADS_PER_PAGE * 2 + 5;
  // A few share a creation time, so a page boundary falls among ties.
  await db.lead.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      email: `${tag}-${i}@example.org`,
      lastName: tag,
      createdAt: new Date(Date.UTC(2021, 0, 1) - Math.floor(i / 4) * 1000),
    })),
  });
  // Each page as its link asks for it: the search kept, the cursor read by the page's own schema.
  const open = (link: LeadPageLink | null) => listLeads(db, LeadSearchSchema.parse({ search: tag, ...link }));
  const first = await open({});
  expect(first.previous).toBeNull();
  expect(first.leads).toHaveLength(LEADS_PER_PAGE);
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
