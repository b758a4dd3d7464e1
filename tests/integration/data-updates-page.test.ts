// The data updates review page (/admin/data-updates) on the real database: who
// may open it and decide, the age warning beside a proposed date of birth, and every refusal of its
// action answered with a 4xx and a message.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { dayInWashington } from "~/lib/terms";
import { submitStaffEdit } from "~/models/data-updates.server";
import * as page from "~/routes/admin.data-updates";
import { getToast } from "~/toast.server";
import { cookieFor } from "../support/route-calls";

type Answer = { status: number; body: Record<string, unknown>; location: string | null; setCookie: string | null };

/** Calls the page's loader or action as Remix would; pages answer with data(), a Response, or throw a redirect. */
async function call(handler: (args: never) => unknown, request: Request): Promise<Answer> {
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      body: text.startsWith("{") ? JSON.parse(text) : {},
      location: result.headers.get("Location"),
      setCookie: result.headers.get("Set-Cookie"),
    };
  }
  const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { status: init?.status ?? 200, body: data, location: null, setCookie: null };
}

const PATH = "http://localhost/admin/data-updates";
const post = (cookie: string | undefined, fields: Record<string, string>) =>
  call(page.action, new Request(PATH, { method: "POST", headers: cookie ? { Cookie: cookie } : {}, body: new URLSearchParams(fields) }));
const load = (cookie: string | undefined, search = "") =>
  call(page.loader, new Request(`${PATH}${search}`, { headers: cookie ? { Cookie: cookie } : {} }));
const toastOf = async (answer: Answer) =>
  (await getToast(new Request("http://localhost/", { headers: { Cookie: answer.setCookie!.split(";")[0] } }))).toast;
const failure = (answer: Answer) => (answer.body.toast as { title: string; description: string }) ?? null;

let cookies: Record<"patriot" | "moderator" | "admin", string>;
let moderatorActor: { id: string; role: string };
beforeAll(async () => {
  cookies = {
    patriot: await cookieFor("patriot@civicatlas.test"),
    moderator: await cookieFor("moderator@civicatlas.test"),
    admin: await cookieFor("admin@civicatlas.test"),
  };
  const moderator = await db.user.findUniqueOrThrow({ where: { email: "moderator@civicatlas.test" } });
  moderatorActor = { id: moderator.id, role: moderator.role };
});

let officials = 0;
/** A pending phone change on an official no other test of this file touches. */
async function pendingUpdate(phone = `202-555-${String(1000 + officials).slice(-4)}`) {
  const official = await db.official.findFirstOrThrow({ where: { office: "Representative" }, orderBy: { id: "asc" }, skip: officials++ });
  const outcome = await submitStaffEdit(db, moderatorActor, { entityType: "official", entityId: official.id, values: { phone } });
  return { official, id: String(outcome!.dataUpdateId!) };
}

describe("the page", () => {
  test("signed-out visitors go to sign-in and Patriots home, each with the toast", async () => {
    const signedOut = await load(undefined);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe("/sign-in?redirectTo=%2Fadmin%2Fdata-updates");
    const patriot = await load(cookies.patriot);
    expect(patriot).toMatchObject({ status: 302, location: "/" });
    expect(await toastOf(patriot)).toMatchObject({ title: "Unauthorized", variant: "destructive" });
    expect((await post(cookies.patriot, { intent: "approve", id: "1" })).location).toBe("/");
  });

  test("a moderator sees the lists but may not decide; the review overlay opens by id", async () => {
    const { id } = await pendingUpdate();
    const list = await load(cookies.moderator);
    expect(list.status).toBe(200);
    expect(list.body.canDecide).toBe(false);
    expect((list.body.pending as { id: number }[]).map((u) => u.id)).toContain(Number(id));
    const review = await load(cookies.moderator, `?review=${id}`);
    expect(review.body.overlay).toMatchObject({ mode: "review", update: { id: Number(id), status: "pending" } });
    expect((await load(cookies.moderator, `?reject=${id}`)).body.overlay).toBeNull(); // the rejection dialog is for admins
    expect((await load(cookies.admin, `?reject=${id}`)).body.overlay).toMatchObject({ mode: "reject" });
  });

  test("the review overlay shows the office's age warning beside a proposed date of birth, and none when it is old enough", async () => {
    const yearsAgo = (years: number) => `${Number(dayInWashington(new Date()).slice(0, 4)) - years}-01-01`;
    const review = async (office: string, dateOfBirth: string) => {
      const official = await db.official.findFirstOrThrow({
        where: { office, isActive: true },
        orderBy: { id: "desc" },
        skip: officials++,
      });
      const outcome = await submitStaffEdit(db, moderatorActor, { entityType: "official", entityId: official.id, values: { dateOfBirth } });
      const answer = await load(cookies.admin, `?review=${outcome!.dataUpdateId}`);
      const fields = (answer.body.overlay as { update: { fieldUpdates: { fieldName: string; ageWarning: string | null }[] } }).update
        .fieldUpdates;
      return fields.find((f) => f.fieldName === "dateOfBirth")!.ageWarning;
    };
    expect(await review("Representative", yearsAgo(22))).toMatch(
      /^Check the date of birth: it makes them 2[12], younger than the 25 years a representative must be\.$/,
    );
    expect(await review("Senator", yearsAgo(27))).toMatch(/younger than the 30 years a senator must be\.$/);
    expect(await review("Senator", yearsAgo(45))).toBeNull();
  });

  test.each(["abc", "0", "012", "1.5", "", "99999999999", "999999"])("?review=%s names no update: the page with a 404", async (value) => {
    const answer = await load(cookies.admin, `?review=${encodeURIComponent(value)}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ notFound: true, overlay: null });
    expect(answer.body.counts).toEqual(expect.objectContaining({ pending: expect.any(Number) }));
  });
});

describe("the action's refusals", () => {
  test("a moderator posting approve or reject gets 403 and nothing changes", async () => {
    const { id } = await pendingUpdate();
    for (const intent of ["approve", "reject"]) {
      const answer = await post(cookies.moderator, { intent, id });
      expect(answer.status).toBe(403);
      expect(failure(answer)).toEqual({
        title: "Error",
        description: "Only admins can approve or reject data updates.",
        variant: "destructive",
      });
    }
    expect(await db.dataUpdate.findUniqueOrThrow({ where: { id: Number(id) } })).toMatchObject({ status: "pending" });
  });

  test.each(["", "abc", "0", "-1", "1.5", "1e3", "0580", "99999999999"])("a malformed id (%j) is a 400", async (value) => {
    const answer = await post(cookies.admin, { intent: "approve", id: value });
    expect(answer.status).toBe(400);
    expect(failure(answer).description).toBe("Failed to approve update: The id must be a positive whole number.");
  });

  test("an unknown id is a 404, for approve and reject", async () => {
    expect(await post(cookies.admin, { intent: "approve", id: "999999" })).toMatchObject({
      status: 404,
      body: { toast: { title: "Error", description: "No data update has the id 999999." } },
    });
    expect((await post(cookies.admin, { intent: "reject", id: "999999" })).status).toBe(404);
  });

  test("an unknown or missing intent is a 400", async () => {
    const { id } = await pendingUpdate();
    for (const fields of [{ intent: "delete", id }, { id }] as Record<string, string>[]) {
      const answer = await post(cookies.admin, fields);
      expect(answer.status).toBe(400);
      expect(failure(answer).description).toBe("Failed to process update: unknown action.");
    }
  });

  test("a body that is not a form is a 415", async () => {
    const answer = await call(
      page.action,
      new Request(PATH, { method: "POST", headers: { Cookie: cookies.admin, "Content-Type": "application/json" }, body: "{}" }),
    );
    expect(answer.status).toBe(415);
  });

  test("approving redirects with the toast and the official changes; deciding it again is a 409", async () => {
    const { id, official } = await pendingUpdate("202-555-0142");
    const approved = await post(cookies.admin, { intent: "approve", id });
    expect(approved).toMatchObject({ status: 302, location: "/admin/data-updates" });
    expect(await toastOf(approved)).toEqual({ title: "Update approved", description: "Data update decision recorded", variant: "default" });
    expect(await db.official.findUniqueOrThrow({ where: { id: official.id } })).toMatchObject({ phone: "202-555-0142" });
    for (const intent of ["approve", "reject"]) {
      const again = await post(cookies.admin, { intent, id });
      expect(again.status).toBe(409);
      expect(failure(again).description).toBe(`Data update ${id} was already approved.`);
    }
  });

  test("a live value changed since the suggestion: approval refused with 409 and the model's message", async () => {
    const first = await pendingUpdate("202-555-0177");
    const second = await submitStaffEdit(db, moderatorActor, {
      entityType: "official",
      entityId: first.official.id,
      values: { phone: "202-555-0188" },
    });
    expect((await post(cookies.admin, { intent: "approve", id: first.id })).status).toBe(302);
    const conflict = await post(cookies.admin, { intent: "approve", id: String(second!.dataUpdateId) });
    expect(conflict.status).toBe(409);
    expect(failure(conflict).description).toContain('it is now "202-555-0177"');
    expect(await db.official.findUniqueOrThrow({ where: { id: first.official.id } })).toMatchObject({ phone: "202-555-0177" });
  });

  test("rejecting keeps the notes; over-long notes are a 400 that keeps what was typed", async () => {
    const { id, official } = await pendingUpdate();
    const long = "n".repeat(2001);
    const refused = await post(cookies.admin, { intent: "reject", id, notes: long });
    expect(refused.status).toBe(400);
    expect(refused.body.notes).toBe(long);
    expect(failure(refused).description).toBe("Rejection notes: At most 2000 characters.");

    const rejected = await post(cookies.admin, { intent: "reject", id, notes: "Not the district office." });
    expect(rejected).toMatchObject({ status: 302, location: "/admin/data-updates" });
    expect(await toastOf(rejected)).toMatchObject({ title: "Update rejected" });
    expect(await db.dataUpdate.findUniqueOrThrow({ where: { id: Number(id) } })).toMatchObject({
      status: "rejected",
      adminNotes: "Not the district office.",
    });
    expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe(official.phone);
  });
});
