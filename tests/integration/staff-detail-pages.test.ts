// The actions of /admin/state-detail/{id} and /admin/representative-detail/{id}
// against a real database: who may save (signed out → sign-in, Patriot → home, nothing
// written), a malformed or unknown id (404), bad input (400 with the field's message and the
// typed values kept, or 415 for a body that is not a form), and what a save does for a moderator
// (a suggestion) and an admin (applied).
import { describe, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { getToast } from "~/toast.server";

const stateRoute = await import("~/routes/admin.state-detail.$id");
const representativeRoute = await import("~/routes/admin.representative-detail.$id");

let counter = 0;
async function account(role: "user" | "moderator" | "admin") {
  const user = await db.user.create({ data: { email: `${role}-detail-${++counter}-${Date.now()}@example.org`, role } });
  return (await createSession(user.id)).cookie.split(";")[0];
}

type Answer = { status: number; location: string | null; body: Record<string, unknown> | null };

/** Calls a loader or action as Remix does; what it returns or throws (a Response or data()) is the answer. */
async function call(
  handler: (args: never) => unknown,
  path: string,
  id: string,
  { cookie, form, json }: { cookie?: string; form?: Record<string, string>; json?: unknown },
): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  let body: string | URLSearchParams | undefined;
  if (form) body = new URLSearchParams(form);
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  }
  const request = new Request(`http://localhost${path}`, { method: body === undefined ? "GET" : "POST", headers, body });
  let result: unknown;
  try {
    result = await handler({ request, params: { id }, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get("Location"),
      body: result.headers.get("Content-Type")?.includes("json") ? ((await result.json()) as Record<string, unknown>) : null,
    };
  const withInit = result as { init?: { status?: number }; data?: Record<string, unknown> };
  if (withInit?.init) return { status: withInit.init.status ?? 200, location: null, body: withInit.data ?? null };
  return { status: 200, location: null, body: result as Record<string, unknown> };
}

const saveState = (id: string, cookie: string | undefined, form: Record<string, string>) =>
  call(stateRoute.action, `/admin/state-detail/${id}`, id, { cookie, form });
const saveOfficial = (id: string, cookie: string | undefined, form: Record<string, string>) =>
  call(representativeRoute.action, `/admin/representative-detail/${id}`, id, { cookie, form });

const toastOf = (answer: Answer) => (answer.body?.toast as { title: string; description: string } | undefined) ?? null;
const errorsOf = (answer: Answer) => (answer.body?.result as { error?: Record<string, string[]> } | undefined)?.error ?? {};
const typedOf = (answer: Answer) => (answer.body?.result as { initialValue?: Record<string, unknown> } | undefined)?.initialValue ?? {};

async function vermontForm() {
  const vt = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  return {
    id: String(vt.id),
    form: {
      intent: "update",
      name: vt.name,
      abbreviation: vt.abbreviation,
      population: String(vt.population ?? ""),
      electoralVotes: String(vt.electoralVotes ?? ""),
      officialWebsite: vt.officialWebsite ?? "",
      partyControl: vt.partyControl ?? "",
      governorParty: vt.governorParty ?? "",
      notes: vt.notes ?? "",
    },
  };
}

async function officialForm() {
  const vt = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  const official = await db.official.create({
    data: {
      name: `Ina Detail${++counter}`,
      firstName: "Ina",
      lastName: `Detail${counter}`,
      party: "Independent",
      office: "Representative",
      stateId: vt.id,
      isActive: false,
      phone: "(802) 555-0100",
    },
  });
  return { id: String(official.id), official };
}

describe("who may save", () => {
  test("signed out: the action and the page send to sign-in; nothing is written", async () => {
    const { id, form } = await vermontForm();
    for (const answer of [
      await saveState(id, undefined, { ...form, name: "Nowhere" }),
      await call(stateRoute.loader, `/admin/state-detail/${id}`, id, {}),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/sign-in\?redirectTo=/);
    }
    const { id: officialId } = await officialForm();
    expect((await saveOfficial(officialId, undefined, { intent: "update", section: "contact", phone: "1" })).location).toMatch(
      /^\/sign-in/,
    );
    expect((await db.state.findUniqueOrThrow({ where: { id: Number(id) } })).name).toBe("Vermont");
  });

  test("a Patriot is sent home from the action and the page; nothing is written", async () => {
    const patriot = await account("user");
    const { id, form } = await vermontForm();
    const refused = await saveState(id, patriot, { ...form, name: "Patriotland" });
    expect([refused.status, refused.location]).toEqual([302, "/"]);
    expect((await call(stateRoute.loader, `/admin/state-detail/${id}`, id, { cookie: patriot })).location).toBe("/");
    const { id: officialId } = await officialForm();
    const official = await saveOfficial(officialId, patriot, { intent: "update", section: "contact", phone: "(802) 555-0666" });
    expect([official.status, official.location]).toEqual([302, "/"]);
    expect(
      (await call(representativeRoute.loader, `/admin/representative-detail/${officialId}`, officialId, { cookie: patriot })).location,
    ).toBe("/");
    expect((await db.state.findUniqueOrThrow({ where: { id: Number(id) } })).name).toBe("Vermont");
    expect((await db.official.findUniqueOrThrow({ where: { id: Number(officialId) } })).phone).toBe("(802) 555-0100");
    expect(await db.fieldUpdate.count({ where: { entityType: "official", entityId: Number(officialId) } })).toBe(0);
  });
});

describe("ids", () => {
  test("a malformed or unknown id is a 404 on the page and the action", async () => {
    const moderator = await account("moderator");
    const { form } = await vermontForm();
    for (const id of ["0580", "abc", "1.5", "99999999999", "999999"]) {
      expect((await saveState(id, moderator, form)).status, id).toBe(404);
      expect((await call(stateRoute.loader, `/admin/state-detail/${id}`, id, { cookie: moderator })).status, id).toBe(404);
      const official = await saveOfficial(id, moderator, { intent: "update", section: "contact", phone: "(802) 555-0123" });
      expect(official.status, id).toBe(404);
      expect(toastOf(official)).toEqual({
        title: "Error",
        description: "The representative you are looking for does not exist.",
        variant: "destructive",
      });
      expect((await call(representativeRoute.loader, `/admin/representative-detail/${id}`, id, { cookie: moderator })).status, id).toBe(
        404,
      );
    }
  });

  test("a bad tab in the query is a 400, not a 500", async () => {
    const moderator = await account("moderator");
    const { id } = await vermontForm();
    expect((await call(stateRoute.loader, `/admin/state-detail/${id}?tab=nope`, id, { cookie: moderator })).status).toBe(400);
    const { id: officialId } = await officialForm();
    const answer = await call(representativeRoute.loader, `/admin/representative-detail/${officialId}?tab=nope`, officialId, {
      cookie: moderator,
    });
    expect(answer.status).toBe(400);
    expect(answer.body?.message).toBe("tab must be personal, contact, political or voting.");
  });
});

describe("bad input", () => {
  test("state fields: the spec's messages with a 400, the typed values kept, nothing written", async () => {
    const admin = await account("admin");
    const { id, form } = await vermontForm();
    const answer = await saveState(id, admin, { ...form, abbreviation: "V", officialWebsite: "vermont", population: "many" });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toMatchObject({
      abbreviation: ["State abbreviation must be 2 characters"],
      officialWebsite: ["Please enter a valid URL"],
      population: ["Population must be a whole number"],
    });
    expect(typedOf(answer)).toMatchObject({ abbreviation: "V", officialWebsite: "vermont", population: "many" });
    expect(toastOf(answer)).toEqual({ title: "Error", description: "Failed to update state information", variant: "destructive" });

    expect(errorsOf(await saveState(id, admin, { ...form, name: "x".repeat(20_000) }))).toEqual({ name: ["At most 100 characters."] });
    expect(errorsOf(await saveState(id, admin, { ...form, name: "" }))).toEqual({ name: ["State name is required"] });
    expect(errorsOf(await saveState(id, admin, { ...form, partyControl: "Whig" }))).toEqual({
      partyControl: ["Choose one of the listed options."],
    });
    expect((await db.state.findUniqueOrThrow({ where: { id: Number(id) } })).abbreviation).toBe("VT");
  });

  test("a taken abbreviation is refused on the field with the server's message", async () => {
    const admin = await account("admin");
    const { id, form } = await vermontForm();
    const answer = await saveState(id, admin, { ...form, abbreviation: "NH" });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual({ abbreviation: ["New Hampshire already has the abbreviation NH."] });
    expect(toastOf(answer)?.description).toBe("New Hampshire already has the abbreviation NH.");
  });

  test("representative fields: the spec's messages per section, an unknown section or intent, a body that is not a form", async () => {
    const admin = await account("admin");
    const { id } = await officialForm();
    const personal = await saveOfficial(id, admin, {
      intent: "update",
      section: "personal",
      firstName: "",
      lastName: "",
      office: "",
      party: "",
      photoUrl: "javascript:alert(1)",
    });
    expect(personal.status).toBe(400);
    expect(errorsOf(personal)).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      office: ["Office is required"],
      party: ["Party is required"],
      photoUrl: ["Please enter a valid URL"],
    });
    expect(toastOf(personal)?.description).toBe("Failed to update representative information");
    const contact = await saveOfficial(id, admin, {
      intent: "update",
      section: "contact",
      email: "nope",
      xProfileUrl: "x.com/me",
      phone: "9".repeat(40),
    });
    expect(errorsOf(contact)).toEqual({
      email: ["Please enter a valid email address"],
      xProfileUrl: ["Please enter a valid URL"],
      phone: ["Enter a US phone number: 10 digits, like (202) 224-3121, and an optional extension (x123)."],
    });
    expect(typedOf(contact)).toMatchObject({ email: "nope", xProfileUrl: "x.com/me" });

    for (const [form, message] of [
      [{ intent: "update", section: "voting" }, "section must be personal, contact or political."],
      [{ intent: "update", section: "__proto__" }, "section must be personal, contact or political."],
      [{ intent: "update" }, "section must be personal, contact or political."],
      [{ intent: "delete", section: "contact" }, "Unknown action."],
    ] as const) {
      const answer = await saveOfficial(id, admin, form);
      expect(answer.status, JSON.stringify(form)).toBe(400);
      expect(toastOf(answer)?.description).toBe(message);
    }
    expect((await saveState("1", admin, { name: "x" })).status).toBe(400); // no intent
    const json = await call(representativeRoute.action, `/admin/representative-detail/${id}`, id, { cookie: admin, json: { phone: "1" } });
    expect(json.status).toBe(415);
    expect((await db.official.findUniqueOrThrow({ where: { id: Number(id) } })).phone).toBe("(802) 555-0100");
  });
});

describe("saving", () => {
  test("a moderator's contact edit becomes 2 suggestions; the official is unchanged", async () => {
    const moderator = await account("moderator");
    const { id } = await officialForm();
    const answer = await saveOfficial(id, moderator, {
      intent: "update",
      section: "contact",
      phone: "(802) 555-0123",
      email: "ina@house.example.gov",
    });
    expect([answer.status, answer.location]).toEqual([302, `/admin/representative-detail/${id}?tab=contact`]);
    const pending = await db.fieldUpdate.findMany({
      where: { entityType: "official", entityId: Number(id) },
      select: { fieldName: true, status: true },
    });
    expect(pending).toEqual(
      expect.arrayContaining([
        { fieldName: "phone", status: "pending" },
        { fieldName: "email", status: "pending" },
      ]),
    );
    expect(pending).toHaveLength(2);
    expect((await db.official.findUniqueOrThrow({ where: { id: Number(id) } })).phone).toBe("(802) 555-0100");
  });

  test("an admin's personal edit applies at once, the display name follows, other sections stay as they were", async () => {
    const admin = await account("admin");
    const { id, official } = await officialForm();
    const answer = await saveOfficial(id, admin, {
      intent: "update",
      section: "personal",
      firstName: "Irina",
      lastName: official.lastName,
      office: "Representative",
      party: "Independent",
      religion: "Quaker",
    });
    expect([answer.status, answer.location]).toEqual([302, `/admin/representative-detail/${id}`]);
    expect(await db.official.findUniqueOrThrow({ where: { id: Number(id) } })).toMatchObject({
      firstName: "Irina",
      name: `Irina ${official.lastName}`,
      religion: "Quaker",
      phone: "(802) 555-0100",
    });
  });
});

describe("partial saves (issue 27)", () => {
  test("a contact save that leaves out the id fields leaves them as they are; one sent empty is cleared", async () => {
    const moderator = await account("moderator");
    const { id } = await officialForm();
    const ids = { govtrackId: "412345", fecId: "H0VT00001", icpsrId: "21502", bioguideId: `D${counter}0001`, votesmartId: "1234" };
    await db.official.update({ where: { id: Number(id) }, data: ids });
    const answer = await saveOfficial(id, moderator, { intent: "update", section: "contact", phone: "(802) 555-0123" });
    expect([answer.status, answer.location]).toEqual([302, `/admin/representative-detail/${id}?tab=contact`]);
    const suggested = await db.fieldUpdate.findMany({
      where: { entityType: "official", entityId: Number(id) },
      select: { fieldName: true },
    });
    expect(suggested).toEqual([{ fieldName: "phone" }]);

    await saveOfficial(id, moderator, { intent: "update", section: "contact", fecId: "" });
    expect(
      await db.fieldUpdate.findFirst({
        where: { entityType: "official", entityId: Number(id), fieldName: "fecId" },
        select: { newValue: true },
      }),
    ).toEqual({ newValue: null });
  });

  test("a required field sent empty is refused, not cleared; left out, it stays", async () => {
    const admin = await account("admin");
    const { id, official } = await officialForm();
    const emptied = await saveOfficial(id, admin, { intent: "update", section: "personal", firstName: "" });
    expect(errorsOf(emptied)).toEqual({ firstName: ["First name is required"] });
    const leftOut = await saveOfficial(id, admin, { intent: "update", section: "personal", religion: "Quaker" });
    expect(leftOut.status).toBe(302);
    expect(await db.official.findUniqueOrThrow({ where: { id: Number(id) } })).toMatchObject({
      firstName: "Ina",
      religion: "Quaker",
      party: official.party,
    });
  });

  test("a state save naming only the notes leaves the other fields", async () => {
    const admin = await account("admin");
    const { id } = await vermontForm();
    const before = await db.state.findUniqueOrThrow({ where: { id: Number(id) } });
    expect((await saveState(id, admin, { intent: "update", notes: "Partial save." })).status).toBe(302);
    const after = await db.state.findUniqueOrThrow({ where: { id: Number(id) } });
    expect(after).toMatchObject({
      notes: "Partial save.",
      population: before.population,
      officialWebsite: before.officialWebsite,
      partyControl: before.partyControl,
    });
  });
});

describe("phones and dates of birth (issue 27)", () => {
  test("a bad phone is refused with the typed text kept; another format is stored as 202-224-3121", async () => {
    const admin = await account("admin");
    const { id } = await officialForm();
    const refused = await saveOfficial(id, admin, { intent: "update", section: "contact", phone: "call me maybe" });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused).phone).toEqual([expect.stringMatching(/^Enter a US phone number/)]);
    expect(typedOf(refused)).toMatchObject({ phone: "call me maybe" });
    expect((await saveOfficial(id, admin, { intent: "update", section: "contact", phone: "202.224.3121 ext 7" })).status).toBe(302);
    expect((await db.official.findUniqueOrThrow({ where: { id: Number(id) } })).phone).toBe("202-224-3121 x7");
  });

  test("a future date of birth is refused; a 27-year-old senator is saved with the warning in the notice and on the page", async () => {
    const admin = await account("admin");
    const { id, official } = await officialForm();
    const personal = {
      intent: "update",
      section: "personal",
      firstName: "Ina",
      lastName: official.lastName,
      office: "Senator",
      party: "Independent",
    };
    const future = await saveOfficial(id, admin, { ...personal, dateOfBirth: "2030-01-01" });
    expect(errorsOf(future)).toEqual({ dateOfBirth: ["Date of birth must be in the past"] });
    expect(typedOf(future)).toMatchObject({ dateOfBirth: "2030-01-01" });

    const young = `${new Date().getFullYear() - 28}-12-31`;
    const request = new Request(`http://localhost/admin/representative-detail/${id}`, {
      method: "POST",
      headers: { Cookie: admin },
      body: new URLSearchParams({ ...personal, dateOfBirth: young }),
    });
    const saved = (await representativeRoute.action({
      request,
      params: { id },
      context: { cspNonce: "", ipAddress: "127.0.0.1" },
    } as never)) as Response;
    expect(saved.status).toBe(302);
    const warning = /Check the date of birth: it makes them 2[78], younger than the 30 years a senator must be\./;
    // The notice rides on the redirect's cookie, so it shows without JavaScript.
    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { Cookie: saved.headers.get("Set-Cookie")!.split(";")[0] } }),
    );
    expect(toast).toMatchObject({ title: "Representative information updated successfully", description: expect.stringMatching(warning) });
    expect((await db.official.findUniqueOrThrow({ where: { id: Number(id) } })).dateOfBirth).toBe(young);
    const page = await call(representativeRoute.loader, `/admin/representative-detail/${id}`, id, { cookie: admin });
    expect(page.body?.ageWarning).toMatch(warning);
  });
});
