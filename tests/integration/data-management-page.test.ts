// The /admin/data-management tab routes' loaders and actions against this file's
// database copy: every intent re-checks its permission, bad input is a 4xx with a message, group
// and entity boxes mean all their fields without JavaScript, Approve All takes only what the page
// listed, and the Missing Data dialog proposes (moderator) or applies (admin, decision 0007).
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { submitStaffEdit } from "~/models/data-updates.server";
import * as index from "~/routes/admin.data-management._index";
import * as missingTab from "~/routes/admin.data-management.missing";
import * as pendingTab from "~/routes/admin.data-management.pending";
import * as submittedTab from "~/routes/admin.data-management.submitted";
import { cookieFor, routeContext } from "../support/route-calls";

let cookies: Record<"admin" | "moderator" | "patriot", string>;
let moderator: { id: string; role: string };
beforeAll(async () => {
  cookies = {
    admin: await cookieFor("admin@civicatlas.test"),
    moderator: await cookieFor("moderator@civicatlas.test"),
    patriot: await cookieFor("patriot@civicatlas.test"),
  };
  const user = await db.user.findUniqueOrThrow({ where: { email: "moderator@civicatlas.test" } });
  moderator = { id: user.id, role: user.role };
});

/** The route's answer as status and body, whether it returned data(), a Response, or threw one. */
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
  const withInit = result as { data?: unknown; init?: { status?: number } | null };
  if (withInit && typeof withInit === "object" && "init" in withInit)
    return { status: withInit.init?.status ?? 200, location: null, body: withInit.data as Record<string, unknown> };
  return { status: 200, location: null, body: result as Record<string, unknown> };
}

const post = (cookie: string | undefined, form: [string, string][], tab: typeof pendingTab | typeof missingTab = pendingTab) =>
  settle(() =>
    tab.action({
      request: new Request(`http://localhost/admin/data-management/${tab === pendingTab ? "pending" : "missing"}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(form),
      }),
      params: {},
      context: routeContext,
    }),
  );
/** A GET of `path` (the section's address, or a tab's) answered by that route's loader. */
const get = (cookie: string, path: string) => {
  const route = { "": index, "/pending": pendingTab, "/submitted": submittedTab, "/missing": missingTab }[path.split("?")[0]]!;
  return settle(() =>
    route.loader({
      request: new Request(`http://localhost/admin/data-management${path}`, { headers: { Cookie: cookie } }),
      params: {},
      context: routeContext,
    }),
  );
};

/** A senator of the seed, a different one per test. */
const senator = (skip: number) =>
  db.official.findFirstOrThrow({ where: { office: "Senator", phone: { not: null } }, orderBy: { id: "asc" }, skip });

/** A moderator's pending suggestion; returns its field update ids in the order of `values`. */
async function suggest(officialId: number, values: Record<string, string>) {
  const outcome = await submitStaffEdit(db, moderator, { entityType: "official", entityId: officialId, values });
  const rows = await db.fieldUpdate.findMany({ where: { dataUpdateId: outcome!.dataUpdateId! } });
  return Object.keys(values).map((field) => rows.find((r) => r.fieldName === field)!.id);
}
const statusOf = async (id: number) => (await db.fieldUpdate.findUniqueOrThrow({ where: { id } })).status;

describe("refusals", () => {
  test("a moderator posting an admin intent gets 403 and nothing is decided", async () => {
    const [id] = await suggest((await senator(0)).id, { phone: "202-555-0201" });
    for (const intent of ["approve", "approve-all", "reject"]) {
      const answer = await post(cookies.moderator, [
        ["intent", intent],
        ["updateIds", String(id)],
        ["shownIds", String(id)],
      ]);
      expect(answer, intent).toMatchObject({ status: 403, body: { title: "Error", message: "Forbidden: your role does not allow this." } });
    }
    expect(await statusOf(id)).toBe("pending");
  });

  test("signed-out visitors go to sign-in and Patriots home, before anything is read", async () => {
    expect(await post(undefined, [["intent", "approve"]])).toMatchObject({ status: 302, location: expect.stringMatching(/^\/sign-in/) });
    expect(await post(cookies.patriot, [["intent", "approve"]])).toMatchObject({ status: 302, location: "/" });
  });

  test("an unknown or missing intent is a 400", async () => {
    expect(await post(cookies.admin, [["intent", "publish"]])).toMatchObject({ status: 400, body: { message: "Unknown action." } });
    expect(await post(cookies.admin, [])).toMatchObject({ status: 400, body: { message: "Unknown action." } });
  });

  test.each([
    ["not a number", [["updateIds", "abc"]]],
    ["a fraction", [["updateIds", "1.5"]]],
    ["beyond any row id", [["updateIds", "99999999999"]]],
    ["a bad entry in a group box", [["allOf", "1,x"]]],
  ] as [string, [string, string][]][])("ids that are %s are a 400 with a message", async (_, ids) => {
    const answer = await post(cookies.admin, [["intent", "approve"], ...ids]);
    expect(answer).toMatchObject({ status: 400, body: { message: "Each update id must be a positive whole number." } });
  });

  test("no ids chosen is a 400; unknown ids a 404; already decided ones a 409, each with the model's message", async () => {
    expect(await post(cookies.admin, [["intent", "approve"]])).toMatchObject({
      status: 400,
      body: { message: "Choose at least one update." },
    });
    expect(
      await post(cookies.admin, [
        ["intent", "reject"],
        ["updateIds", "999999"],
        ["notes", "Keep me"],
      ]),
    ).toMatchObject({ status: 404, body: { message: "No update has the id 999999.", notes: "Keep me", selected: [999999] } });
    const [id] = await suggest((await senator(1)).id, { phone: "202-555-0202" });
    expect(
      await post(cookies.admin, [
        ["intent", "approve"],
        ["updateIds", String(id)],
      ]),
    ).toMatchObject({ status: 302 });
    expect(
      await post(cookies.admin, [
        ["intent", "reject"],
        ["updateIds", String(id)],
      ]),
    ).toMatchObject({ status: 409, body: { message: `Update ${id} was already approved.` } });
  });

  test("rejection notes over the limit are a 400 that keeps them", async () => {
    const [id] = await suggest((await senator(2)).id, { phone: "202-555-0203" });
    const notes = "n".repeat(2001);
    expect(
      await post(cookies.admin, [
        ["intent", "reject"],
        ["updateIds", String(id)],
        ["notes", notes],
      ]),
    ).toMatchObject({ status: 400, body: { message: "At most 2000 characters.", notes } });
    expect(await statusOf(id)).toBe("pending");
  });
});

describe("decisions", () => {
  test("without JavaScript a ticked entity box means all its fields; an out-of-date one is skipped with its reason, the rest approved", async () => {
    const official = await senator(3);
    const [phone, email] = await suggest(official.id, { phone: "202-555-0204", email: "press@senate.example.gov" });
    await db.official.update({ where: { id: official.id }, data: { phone: "202-555-0999" } });
    const partly = await post(cookies.admin, [
      ["intent", "approve"],
      ["allOf", `${phone},${email}`],
    ]);
    expect(partly).toMatchObject({ status: 200, body: { title: "Approved 1, skipped 1", selected: [phone] } });
    expect(partly.body.message).toContain(`The phone of ${official.name} changed since this suggestion was made`);
    expect([await statusOf(phone), await statusOf(email)]).toEqual(["pending", "approved"]);

    const rejected = await post(cookies.admin, [
      ["intent", "reject"],
      ["allOf", `${phone}`],
      ["notes", "Outdated"],
    ]);
    expect(rejected.status).toBe(302);
    expect(rejected.location).toBe("/admin/data-management/pending");
    const row = await db.fieldUpdate.findUniqueOrThrow({ where: { id: phone } });
    expect([row.status, row.adminNotes]).toEqual(["rejected", "Outdated"]);
  });

  test("Approve All approves what the page listed, not what arrived since", async () => {
    const [listed] = await suggest((await senator(4)).id, { phone: "202-555-0205" });
    const [arrivedLater] = await suggest((await senator(5)).id, { phone: "202-555-0206" });
    const answer = await post(cookies.admin, [
      ["intent", "approve-all"],
      ["shownIds", String(listed)],
    ]);
    expect(answer).toMatchObject({ status: 302, location: "/admin/data-management/pending" });
    expect([await statusOf(listed), await statusOf(arrivedLater)]).toEqual(["approved", "pending"]);
  });
});

describe("Missing Data", () => {
  const missingDataForm = (officialId: number | string, fields: Record<string, string>): [string, string][] => [
    ["intent", "missing-data"],
    ["officialId", String(officialId)],
    ...Object.entries(fields),
  ];

  test("a moderator's update waits for review; an admin's applies at once", async () => {
    const [first, second] = await db.official.findMany({ where: { isActive: true, email: null }, orderBy: { id: "desc" }, take: 2 });
    const proposed = await post(
      cookies.moderator,
      missingDataForm(first.id, { email: "office@house.example.gov", notes: "Seen on the site" }),
      missingTab,
    );
    expect(proposed).toMatchObject({ status: 302, location: "/admin/data-management/missing" });
    expect(await db.fieldUpdate.findFirst({ where: { entityId: first.id, fieldName: "email", status: "pending" } })).toMatchObject({
      newValue: "office@house.example.gov",
      submittedById: moderator.id,
    });
    expect((await db.official.findUniqueOrThrow({ where: { id: first.id } })).email).toBeNull();

    const applied = await post(cookies.admin, missingDataForm(second.id, { websiteUrl: "https://house.example.gov" }), missingTab);
    expect(applied.status).toBe(302);
    expect((await db.official.findUniqueOrThrow({ where: { id: second.id } })).website).toBe("https://house.example.gov");
  });

  test("an empty form, a bad value, a bad id and an unknown official are refused with a message", async () => {
    const official = await db.official.findFirstOrThrow({ where: { isActive: true, email: null }, orderBy: { id: "desc" }, skip: 2 });
    const empty = await post(cookies.moderator, missingDataForm(official.id, { notes: "only notes" }), missingTab);
    expect(empty.status).toBe(400);
    expect(empty.body.result.error.email).toEqual(["Enter at least one field."]);
    expect(empty.body.result.initialValue.notes).toBe("only notes");
    const badUrl = await post(cookies.moderator, missingDataForm(official.id, { websiteUrl: "not a url" }), missingTab);
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.result.error.websiteUrl).toEqual(["Please enter a valid URL"]);
    expect(await post(cookies.moderator, missingDataForm("abc", { phone: "1" }), missingTab)).toMatchObject({
      status: 400,
      body: { message: "The official id must be a positive whole number." },
    });
    expect(await post(cookies.moderator, missingDataForm(999999, { phone: "202-555-0100" }), missingTab)).toMatchObject({
      status: 404,
      body: { message: "No official has the id 999999." },
    });
  });
});

describe("tabs", () => {
  test("the section's address and its old ?tab= addresses redirect to the tab shown, keeping the rest of the query; a bad tab is a 400", async () => {
    const location = "/admin/data-management";
    expect(await get(cookies.admin, "")).toMatchObject({ status: 302, location: `${location}/pending` });
    expect(await get(cookies.moderator, "")).toMatchObject({ status: 302, location: `${location}/submitted` });
    expect(await get(cookies.moderator, "?tab=pending")).toMatchObject({ status: 302, location: `${location}/submitted` });
    expect(await get(cookies.admin, "?tab=submitted&after=5.1")).toMatchObject({ status: 302, location: `${location}/pending?after=5.1` });
    expect(await get(cookies.moderator, "?tab=missing&q=wy")).toMatchObject({ status: 302, location: `${location}/missing?q=wy` });
    expect(await get(cookies.admin, "?tab=everything")).toMatchObject({ status: 400 });
  });

  test("each tab shows its own list; a tab the viewer may not see sends them to theirs; a bad query is a 400", async () => {
    expect(await get(cookies.admin, "/pending")).toMatchObject({ status: 200, body: { groups: expect.any(Array), showHistory: false } });
    expect(await get(cookies.moderator, "/submitted")).toMatchObject({ status: 200, body: { pending: expect.any(Array) } });
    expect(await get(cookies.moderator, "/missing")).toMatchObject({ status: 200, body: { view: "missing" } });
    expect(await get(cookies.moderator, "/pending?after=5.1")).toMatchObject({
      status: 302,
      location: "/admin/data-management/submitted?after=5.1",
    });
    expect(await get(cookies.admin, "/submitted")).toMatchObject({ status: 302, location: "/admin/data-management/pending" });
    expect(await get(cookies.admin, "/pending?updateIds=abc")).toMatchObject({
      status: 400,
      body: { message: "Each update id must be a positive whole number." },
    });
    expect(await get(cookies.moderator, "/missing?update=999999")).toMatchObject({ status: 404 });
  });

  test("a Missing Data intent posted to Pending Updates, or an approval posted to Missing Data, is an unknown action", async () => {
    expect(await post(cookies.admin, [["intent", "missing-data"]])).toMatchObject({ status: 400, body: { message: "Unknown action." } });
    expect(await post(cookies.admin, [["intent", "approve"]], missingTab)).toMatchObject({
      status: 400,
      body: { message: "Unknown action." },
    });
  });
});
