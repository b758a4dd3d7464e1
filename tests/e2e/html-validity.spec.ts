// Every public and account page is valid HTML as the server sends it: no
// errors from html-validate's conformance rules (tests/support/html-validity.ts), on the pages
// as first served and on the answers to refused forms.
import type { APIRequestContext } from "@playwright/test";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { submitStaffEdit } from "~/models/data-updates.server";
import { ensurePasswordUser } from "~/models/users.server";
import { createVerification } from "~/models/verifications.server";
import { unsubscribeToken } from "~/models/leads.server";
import { htmlErrors } from "../support/html-validity";
import { createAccount, createOfficial, expect, test } from "./fixtures";

// The server's HTML does not depend on the browser running scripts: one project checks it.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the server sends the same HTML with JavaScript off");

async function expectValid(response: Awaited<ReturnType<APIRequestContext["get"]>>, name: string) {
  expect(response.headers()["content-type"]).toContain("text/html");
  expect(await htmlErrors(await response.text(), name), `HTML errors in ${name}`).toEqual([]);
}

const PUBLIC_PAGES = [
  "/",
  "/?view=list",
  "/?state=CA",
  "/?state=CA&group=senators",
  "/?view=list&state=TX&group=governors",
  "/?tab=topics&topic=economy",
  "/?q=warren",
  "/?q=zzzzzz",
  "/state/CA",
  "/state/GU",
  "/state/ZZ",
  "/representative/999999",
  "/our-mission",
  "/data",
  "/current-legislation",
  "/privacy",
  "/terms",
  "/contact",
  "/welcome",
  "/welcome?step=complete",
  "/join",
  "/sign-in",
  "/sign-in?confirmed=true",
  "/register",
  "/register?method=email",
  "/register?created=1",
  "/forgot-password",
  "/forgot-password?sent=1",
  "/reset-password?token=not-a-token",
  "/confirm-email?token=not-a-token",
  "/unsubscribe?lead=1&token=not-a-token",
  "/profile",
  "/no-such-page/at-all",
  // The district pages: a held seat, a state's only seat, a vacant seat, a bad address.
  "/district/CA-12",
  "/district/WY-AL",
  "/district/DC-AL",
  "/district/CA-14",
  "/district/CA-99",
  // The ZIP answer: one district, a ZIP across district lines, a vacant seat, a territory, a ZIP across a
  // state line, an unknown ZIP, a malformed one, and the state-only form.
  "/find?zip=60601",
  "/find?zip=60007",
  "/find?zip=30165",
  "/find?zip=94541",
  "/find?zip=00901",
  "/find?zip=82001",
  "/find?zip=00000",
  "/find?zip=abc",
  "/find?state=TX",
  "/find",
  "/find?zip=",
  // The change history with no change of this test's own: the lists as any visitor first sees them.
  "/changes",
  "/changes?state=TX&group=contact",
  "/changes?group=money",
  "/state/TX/history",
  "/state/ZZ/history",
];

for (const path of PUBLIC_PAGES) {
  test(`GET ${path}`, async ({ request }) => {
    await expectValid(await request.get(path), path);
  });
}

test("an official's profile, with and without the way back to the state", async ({ request }) => {
  const { id } = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
  await expectValid(await request.get(`/representative/${id}`), "profile");
  await expectValid(await request.get(`/representative/${id}?from=state`), "profile from state");
});

test("an official's change history and /changes filtered, with a change this test makes", async ({ request }) => {
  const official = await createOfficial();
  const admin = await createAccount({ role: "admin" });
  await submitStaffEdit(db, admin, { entityType: "official", entityId: official.id, values: { phone: "(202) 555-0199" } });
  for (const path of [
    `/representative/${official.id}/history`,
    `/representative/${official.id}/history?page=1`,
    "/changes?state=VT",
    "/changes?state=VT&group=contact&page=1",
  ]) {
    const response = await request.get(path);
    expect(await response.text()).toContain("(202) 555-0199");
    await expectValid(response, path);
  }
});

test("the pages an emailed link opens", async ({ request }) => {
  const email = `valid-html-${Date.now()}@example.org`;
  await ensurePasswordUser(db, { email, password: "unused-password", firstName: "Ella", lastName: "Baker", role: "user" });
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const confirm = await createVerification(db, { type: "confirm-email", target: email, userId: user.id });
  await expectValid(await request.get(`/confirm-email?token=${confirm}`), "confirm-email");
  const reset = await createVerification(db, { type: "reset-password", target: email, userId: user.id });
  await expectValid(await request.get(`/reset-password?token=${reset}`), "reset-password");
  const lead = await db.lead.create({ data: { email: `lead-${email}` } });
  await expectValid(await request.get(`/unsubscribe?lead=${lead.id}&token=${unsubscribeToken(lead.id)}`), "unsubscribe");
});

test("the account pages, signed in", async ({ request, baseURL }) => {
  const email = `valid-html-profile-${Date.now()}@example.org`;
  await ensurePasswordUser(db, { email, password: "unused-password", firstName: "Septima", lastName: "Clark", role: "user" });
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const Cookie = (await createSession(user.id)).cookie.split(";")[0];
  for (const path of ["/", "/profile", "/profile?edit=1", "/state/NY"]) {
    await expectValid(await request.get(path, { headers: { Cookie } }), `${path} signed in`);
  }
  const refused = await request.post("/profile?edit=1", {
    headers: { Cookie, Origin: baseURL! },
    form: { firstName: "S".repeat(101) },
  });
  expect(refused.status()).toBe(400);
  await expectValid(refused, "/profile refused");
});

test("the answers to refused forms", async ({ request, baseURL }) => {
  const post = (path: string, form: Record<string, string>) => request.post(path, { headers: { Origin: baseURL! }, form });
  const cases: [string, Record<string, string>][] = [
    ["/register?method=email", { firstName: "", lastName: "", email: "not-an-email", password: "1", politicalAffiliation: "bogus" }],
    ["/sign-in", { email: "nobody-valid-html@example.org", password: "wrong" }],
    ["/forgot-password", { email: "not-an-email" }],
    ["/contact", { name: "", email: "x", subject: "", message: "" }],
    ["/welcome", { intent: "email", email: "not-an-email" }],
    ["/welcome", { intent: "email", email: `details-${Date.now()}@example.org` }],
    ["/welcome", { intent: "save", email: `details-${Date.now()}@example.org`, firstName: "", lastName: "" }],
    ["/find", { zip: "60007", address: "x" }],
    ["/find", { zip: "60601", address: "233 S Wacker Dr" }],
  ];
  for (const [path, form] of cases) await expectValid(await post(path, form), `POST ${path} ${JSON.stringify(form)}`);
});
