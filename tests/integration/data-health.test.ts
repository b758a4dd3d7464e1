// /admin/data-health (decision 0030): each list on the shipped seeded data and on rows this file
// creates in its own database copy, who may see and dismiss, a dismissal hiding its item until the
// item's fact changes, and bad input to the action answered with a 4xx and a message.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { DISMISS_TEXTS } from "~/models/data-health.server";
import * as page from "~/routes/admin.data-health";
import { cookieFor, routeContext } from "../support/route-calls";

type Role = "owner" | "admin" | "moderator" | "patriot";
let cookies: Record<Role, string>;
let moderatorId: string;
beforeAll(async () => {
  cookies = {
    owner: await cookieFor("owner@civicatlas.test"),
    admin: await cookieFor("admin@civicatlas.test"),
    moderator: await cookieFor("moderator@civicatlas.test"),
    patriot: await cookieFor("patriot@civicatlas.test"),
  };
  moderatorId = (await db.user.findUniqueOrThrow({ where: { email: "moderator@civicatlas.test" } })).id;
});

const context = routeContext;

/** The route's answer as status, redirect and body, whether it returned data(), a Response or threw one. */
async function settle(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, location: result.headers.get("Location"), body: text ? JSON.parse(text) : null };
  }
  const withInit = result as { data?: unknown; init?: { status?: number } | null; type?: string };
  if (withInit && typeof withInit === "object" && "init" in withInit)
    return { status: withInit.init?.status ?? 200, location: null, body: withInit.data as Record<string, unknown> };
  return { status: 200, location: null, body: result as Record<string, unknown> };
}

type PageData = Awaited<ReturnType<typeof page.loader>>;
const get = (cookie: string | undefined, query = "") =>
  settle(() =>
    page.loader({
      request: new Request(`http://localhost/admin/data-health${query}`, { headers: cookie ? { Cookie: cookie } : {} }),
      params: {},
      context,
    }),
  );
/** The page's data for a moderator (the loader must answer 200). */
async function health(query = "") {
  const answer = await get(cookies.moderator, query);
  expect(answer.status).toBe(200);
  return answer.body as unknown as PageData;
}
const post = (cookie: string | undefined, form: Record<string, string>) =>
  settle(() =>
    page.action({
      request: new Request("http://localhost/admin/data-health", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(form),
      }),
      params: {},
      context,
    }),
  );
const dismiss = (
  item: { kind: string; key: string; value: string },
  note = "Checked with the state's website.",
  cookie = cookies.moderator,
) => post(cookie, { intent: "dismiss", kind: item.kind, key: item.key, value: item.value, note });

const days = (n: number) => new Date(Date.now() + n * 86_400_000);
const day = (n: number) => days(n).toISOString().slice(0, 10);

let tags = 0;
/** An active official of this file's own (its last name sorts first, so it is on the first page). */
async function createOfficial(data: Record<string, unknown> = {}) {
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  const tag = `${Date.now()}x${++tags}`;
  return db.official.create({
    data: {
      name: `Testa AAAHealth${tag}`,
      firstName: "Testa",
      lastName: `AAAHealth${tag}`,
      party: "Independent",
      office: "Representative",
      district: "AL",
      stateId: vermont.id,
      ...data,
    },
  });
}

describe("who may see and dismiss", () => {
  test("signed-out visitors go to sign-in; Patriots get a 403 with a message; moderators, admins and the owner see the page", async () => {
    expect(await get(undefined)).toMatchObject({ status: 302, location: "/sign-in?redirectTo=%2Fadmin%2Fdata-health" });
    expect(await get(cookies.patriot)).toMatchObject({
      status: 403,
      body: { message: "Access denied. Data Health is for moderators and administrators." },
    });
    for (const role of ["moderator", "admin", "owner"] as const) {
      const answer = await get(cookies[role]);
      expect(answer.status, role).toBe(200);
      expect((answer.body as unknown as PageData).allowed.dismiss, role).toBe(true);
    }
    // Only roles that may read the job pages get the link to the run's log.
    expect(((await get(cookies.moderator)).body as unknown as PageData).allowed.runs).toBe(false);
    expect(((await get(cookies.admin)).body as unknown as PageData).allowed.runs).toBe(true);
  });

  test("a Patriot's or a signed-out dismissal is refused before anything is read or written", async () => {
    const item = { kind: "ended-term", key: "OH/sen/3", value: "2026-11-03|special-election|term-ended" };
    expect(await dismiss(item, "note", cookies.patriot)).toMatchObject({ status: 403 });
    expect(await post(undefined, { intent: "dismiss" })).toMatchObject({ status: 302, location: expect.stringMatching(/^\/sign-in/) });
    expect(await db.dataHealthDismissal.count({ where: { key: item.key } })).toBe(0);
  });
});

describe("terms that ended without a successor", () => {
  test("the shipped data's empty seats: Ohio's and Florida's class-3 Senate seats first, then the House seats whose members left", async () => {
    const { seats } = (await health()).health;
    const ohio = seats.items.find((s) => s.key === "OH/sen/3");
    expect(ohio).toMatchObject({
      seat: "Senate seat (class 3)",
      words: "Term ended Nov 3, 2026 (special election); the source has not yet named who holds the seat",
      addHref: "/admin/incoming-officials/new?state=OH&office=Senator&senateClass=3",
    });
    expect(seats.items.find((s) => s.key === "FL/sen/3")?.words).toBe(ohio!.words);
    expect(seats.items.find((s) => s.key === "CA/rep/14")).toMatchObject({
      seat: "House District 14",
      words: "Vacant since Apr 14, 2026",
      addHref: "/admin/incoming-officials/new?state=CA&office=Representative&district=14",
    });
    const order = seats.items.map((s) => s.key);
    expect(order.indexOf("OH/sen/3")).toBeLessThan(order.indexOf("CA/rep/14"));
  });

  test("a governorship whose governor's term ended is listed with a link to add the successor; a dismissal hides it until the end date changes", async () => {
    const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
    const governor = await db.official.findFirstOrThrow({ where: { stateId: vermont.id, office: "Governor", isActive: true } });
    await db.official.update({ where: { id: governor.id }, data: { isActive: false } });
    await db.officialTerm.updateMany({ where: { officialId: governor.id, type: "gov" }, data: { isCurrent: false, end: day(-3) } });
    const seat = (await health()).health.seats.items.find((s) => s.key === "VT/gov");
    expect(seat).toMatchObject({
      seat: "Governor",
      addHref: "/admin/incoming-officials/new?state=VT&office=Governor",
      words: expect.stringMatching(/^Term ended .+; the source has not yet named who holds the seat$/),
    });

    expect(await dismiss(seat!, "The new governor is sworn in next week; added then.")).toMatchObject({
      status: 302,
      location: "/admin/data-health#seats",
    });
    const row = await db.dataHealthDismissal.findFirstOrThrow({ where: { kind: "ended-term", key: "VT/gov" } });
    expect(row).toMatchObject({
      dismissedById: moderatorId,
      note: "The new governor is sworn in next week; added then.",
      value: seat!.value,
    });
    const after = await health();
    expect(after.health.seats.items.some((s) => s.key === "VT/gov")).toBe(false);
    expect(after.health.seats.dismissed).toBeGreaterThanOrEqual(1);
    // The page's record of dismissals says who, when and why.
    const moderator = await db.user.findUniqueOrThrow({ where: { id: moderatorId } });
    const name = [moderator.firstName, moderator.lastName].filter(Boolean).join(" ") || moderator.email;
    expect(after.recent[0]).toMatchObject({ label: seat!.label, note: row.note, by: name, createdAt: row.createdAt });

    // The fact changes (the term is now recorded as ending a day earlier): the item shows again.
    await db.officialTerm.updateMany({ where: { officialId: governor.id, type: "gov" }, data: { end: day(-4) } });
    expect((await health()).health.seats.items.some((s) => s.key === "VT/gov")).toBe(true);
  });
});

describe("incoming officials", () => {
  test("an official whose term starts later is listed with the day; a member's re-election to the same seat is not; a move to another seat is", async () => {
    const newcomer = await createOfficial({ isActive: false, office: "Senator", district: null });
    await db.officialTerm.create({ data: { officialId: newcomer.id, type: "sen", state: "VT", senateClass: 1, start: day(40) } });
    // A current member re-elected to the seat they hold: their next term is no incoming official.
    const member = await createOfficial();
    await db.officialTerm.createMany({
      data: [
        { officialId: member.id, type: "rep", state: "VT", district: 0, start: day(-300), end: day(40), isCurrent: true },
        { officialId: member.id, type: "rep", state: "VT", district: 0, start: day(40) },
      ],
    });
    // A current House member elected to the Senate is incoming there.
    const mover = await createOfficial();
    await db.officialTerm.createMany({
      data: [
        { officialId: mover.id, type: "rep", state: "VT", district: 0, start: day(-300), end: day(40), isCurrent: true },
        { officialId: mover.id, type: "sen", state: "VT", senateClass: 3, start: day(40) },
      ],
    });
    const { incoming } = (await health()).health;
    const mine = incoming.items.filter((i) => [newcomer.id, member.id, mover.id].includes(i.officialId));
    expect(mine.map((i) => [i.officialId, i.office, i.seat, i.start])).toEqual([
      [newcomer.id, "Senator", "Senate class 1", day(40)],
      [mover.id, "Senator", "Senate class 3", day(40)],
    ]);
    expect(mine[0]).toMatchObject({ state: "Vermont", value: day(40) });
  });

  test("a term that has started (its start day at noon Eastern is past) is not incoming", async () => {
    const official = await createOfficial({ isActive: false });
    await db.officialTerm.create({ data: { officialId: official.id, type: "rep", state: "VT", district: 0, start: day(-1) } });
    expect((await health()).health.incoming.items.some((i) => i.officialId === official.id)).toBe(false);
  });
});

describe("values not confirmed for 30 days", () => {
  test("the shipped values no import has confirmed are listed by official, a page at a time, with GET page links", async () => {
    const first = (await health()).health.values;
    expect(first.officials).toBeGreaterThan(first.groups.length);
    expect(first.groups.length).toBe(50);
    expect(first.page).toBe(1);
    const second = (await health("?page=2")).health.values;
    expect(second.page).toBe(2);
    expect(second.groups[0].key).not.toBe(first.groups[0].key);
    // A page past the last shows the last; a page that is not a number is a 400 with a message.
    expect((await health("?page=99999")).health.values.page).toBe(first.pages);
    expect(await get(cookies.moderator, "?page=two")).toMatchObject({
      status: 400,
      body: { message: "page must be a positive whole number." },
    });
  });

  test("an official's lines: source and last-confirmed day, dropped values marked; confirmed, staff-entered and inactive officials' values left out", async () => {
    const official = await createOfficial();
    const old = days(-40);
    const row = (fieldName: string, data: Record<string, unknown>) => ({
      entityType: "official",
      entityId: official.id,
      fieldName,
      sourceName: "health-test-source",
      method: "import",
      retrievedAt: old,
      verifiedAt: old,
      ...data,
    });
    await db.provenance.createMany({
      data: [
        row("phone", {}),
        row("website", {}),
        row("email", { heldBySource: false, verifiedAt: days(-2) }),
        row("party", { sourceName: "health-test-checked" }),
        row("religion", { method: "staff_edit", sourceName: "Civic Atlas staff" }),
      ],
    });
    // A check of a source in the last 30 days confirms every value it still holds.
    await db.sourceCheck.create({ data: { sourceName: "health-test-checked", checkedAt: days(-1) } });
    const group = (await health()).health.values.groups.find((g) => g.officialId === official.id);
    expect(group).toMatchObject({ count: 3, office: "Representative", state: "VT" });
    expect(group!.lines).toEqual([
      { sourceName: "health-test-source", lastConfirmed: day(-40), heldBySource: true, fields: ["phone", "website"] },
      { sourceName: "health-test-source", lastConfirmed: day(-2), heldBySource: false, fields: ["email"] },
    ]);

    // Dismissed, it is hidden; a value newly unconfirmed shows it again.
    expect(await dismiss(group!, "These come from the member's own file, checked by hand.")).toMatchObject({ status: 302 });
    expect((await health()).health.values.groups.some((g) => g.officialId === official.id)).toBe(false);
    await db.provenance.create({ data: row("fax", {}) });
    expect((await health()).health.values.groups.find((g) => g.officialId === official.id)?.count).toBe(4);

    // An inactive official's values are not listed.
    await db.official.update({ where: { id: official.id }, data: { isActive: false } });
    expect((await health()).health.values.groups.some((g) => g.officialId === official.id)).toBe(false);
  });
});

describe("photos not stored and the import's warnings", () => {
  test("officials with a photo source but no stored photo, with the reason the last run's log gives; its Warning lines are the source disagreements", async () => {
    const member = await createOfficial({ bioguideId: `Z${Date.now() % 1_000_000}` });
    const governor = await createOfficial({ office: "Governor", district: null, photoUrl: "https://governor.example.gov/portrait.jpg" });
    const noSource = await createOfficial();
    const stored = await createOfficial({ bioguideId: `Y${Date.now() % 1_000_000}` });
    const bytes = new Uint8Array([1]);
    await db.officialPhoto.create({
      data: {
        officialId: stored.id,
        sourceUrl: "x",
        hash: `${Date.now()}`.padStart(16, "0"),
        fetchedAt: new Date(),
        webp120: bytes,
        webp240: bytes,
        jpeg120: bytes,
        jpeg240: bytes,
      },
    });
    const warning = "Warning: no current governor in openstates/people for CA, NJ, VA";
    await db.jobExecution.create({
      data: {
        jobType: "congress_import",
        status: "completed_with_errors",
        completedAt: new Date(),
        logs: [
          `2026-11-27T07:00:00.000Z Step 3 of 3: photos`,
          `2026-11-27T07:00:01.000Z Photo of ${member.name} not stored: https://photos.example/${member.bioguideId}.jpg: HTTP 404 (not found)`,
          `2026-11-27T07:00:02.000Z ${warning}`,
        ].join("\n"),
      },
    });
    const { photos, warnings } = (await health()).health;
    const mine = photos.photos.filter((p) => [member.id, governor.id, noSource.id, stored.id].includes(p.officialId));
    expect(mine.map((p) => [p.officialId, p.source, p.reason])).toEqual([
      [member.id, `bioguide id ${member.bioguideId}`, `https://photos.example/${member.bioguideId}.jpg: HTTP 404 (not found)`],
      [governor.id, "https://governor.example.gov/portrait.jpg", null],
    ]);
    expect(photos.run).toMatchObject({ status: "completed_with_errors" });
    expect(warnings.items.map((w) => w.label)).toEqual([warning]);

    // A dismissed warning stays hidden in the next run that repeats it; a new one shows.
    expect(await dismiss(warnings.items[0], "The source has no files for these three; the governors are kept by hand.")).toMatchObject({
      status: 302,
      location: "/admin/data-health#warnings",
    });
    const other =
      "Warning: openstates/people ends Phil Scott's term on 2027-01-07 and names no successor, but the term was confirmed on 2026-11-20: kept for staff to review";
    await db.jobExecution.create({
      data: {
        jobType: "congress_import",
        status: "completed",
        completedAt: new Date(),
        logs: `2026-11-28T07:00:00.000Z ${warning}\n2026-11-28T07:00:01.000Z ${other}`,
      },
    });
    const next = (await health()).health.warnings;
    expect(next.items.map((w) => w.label)).toEqual([other]);
    expect(next.dismissed).toBe(1);

    // A photo dismissed is hidden until its source changes.
    const item = photos.photos.find((p) => p.officialId === governor.id)!;
    expect(await dismiss(item, "The state's portrait is behind a login; asked the press office.")).toMatchObject({ status: 302 });
    expect((await health()).health.photos.photos.some((p) => p.officialId === governor.id)).toBe(false);
    await db.official.update({ where: { id: governor.id }, data: { photoUrl: "https://governor.example.gov/new-portrait.jpg" } });
    expect((await health()).health.photos.photos.some((p) => p.officialId === governor.id)).toBe(true);
  });
});

describe("the dismissal dialog and bad input", () => {
  test("?dismiss= opens the dialog for an item; a malformed one is a 400, an item not on the list a 404", async () => {
    expect((await health("?dismiss=ended-term:OH/sen/3")).dismiss).toMatchObject({ kind: "ended-term", key: "OH/sen/3" });
    expect(await get(cookies.moderator, "?dismiss=rumour:OH")).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^kind must be one of/) },
    });
    expect(await get(cookies.moderator, "?dismiss=photo:official:2147483000")).toMatchObject({ status: 404 });
    // An id no row can have (beyond 32 bits) is an item that does not exist, not a database error.
    expect(await get(cookies.moderator, "?dismiss=photo:official:9999999999")).toMatchObject({ status: 404 });
    expect(await get(cookies.moderator, "?dismiss=incoming:9999999999/sen/VT/1")).toMatchObject({ status: 404 });
  });

  test.each([
    ["no intent", { kind: "ended-term", key: "OH/sen/3", value: "x", note: "n" }, "Unknown action."],
    ["an unknown kind", { intent: "dismiss", kind: "rumour", key: "OH/sen/3", value: "x", note: "n" }, /^kind must be one of/],
    [
      "no note",
      { intent: "dismiss", kind: "ended-term", key: "OH/sen/3", value: "x", note: "   " },
      "Write a note: why does this item need no action?",
    ],
    [
      "a note too long",
      { intent: "dismiss", kind: "ended-term", key: "OH/sen/3", value: "x", note: "n".repeat(1001) },
      "The note may be at most 1,000 characters.",
    ],
    ["no key", { intent: "dismiss", kind: "ended-term", value: "x", note: "n" }, "The item's key is missing."],
    [
      "a bad return page",
      { intent: "dismiss", kind: "ended-term", key: "OH/sen/3", value: "x", note: "n", page: "0" },
      "page must be a positive whole number.",
    ],
  ] as [string, Record<string, string>, string | RegExp][])(
    "%s is a 400 with a message, and the note is kept",
    async (_, form, message) => {
      const answer = await post(cookies.moderator, form);
      expect(answer).toMatchObject({
        status: 400,
        body: { message: typeof message === "string" ? message : expect.stringMatching(message) },
      });
      expect(answer.body?.note).toBe((form.note ?? "").slice(0, 1000));
    },
  );

  test("an item no longer on the list is a 404; one whose fact changed since the page was drawn a 409; neither is recorded", async () => {
    expect(await dismiss({ kind: "ended-term", key: "OH/rep/99", value: "x" })).toMatchObject({
      status: 404,
      body: { message: DISMISS_TEXTS.gone },
    });
    const stale = await dismiss({ kind: "ended-term", key: "OH/sen/3", value: "2026-10-01||term-ended" });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^This item changed since the page was shown; it now reads: Ohio: Senate seat \(class 3\)/) },
    });
    expect(await db.dataHealthDismissal.count({ where: { kind: "ended-term", key: { in: ["OH/rep/99", "OH/sen/3"] } } })).toBe(0);
  });

  test("a body that is not a form is a 415; dismissing twice records one dismissal and says so; the page to return to is kept", async () => {
    const json = await settle(() =>
      page.action({
        request: new Request("http://localhost/admin/data-health", {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookies.admin },
          body: "{}",
        }),
        params: {},
        context,
      }),
    );
    expect(json.status).toBe(415);
    const item = (await health()).health.seats.items.find((s) => s.key === "FL/sen/3")!;
    const form = {
      intent: "dismiss",
      kind: item.kind,
      key: item.key,
      value: item.value,
      note: "Special election certified Dec 1.",
      page: "3",
    };
    expect(await post(cookies.admin, form)).toMatchObject({ status: 302, location: "/admin/data-health?page=3#seats" });
    expect(await post(cookies.admin, form)).toMatchObject({ status: 302 });
    expect(await db.dataHealthDismissal.count({ where: { kind: "ended-term", key: "FL/sen/3" } })).toBe(1);
  });
});
