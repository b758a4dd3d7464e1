// /admin/state-detail/{id}: the edit form refuses bad values with the
// spec's messages and keeps what was typed, an admin's edit applies at once, a moderator's waits
// for review, the Representatives tab links to each official, the not-found page, and the
// refusals, with JavaScript on and off. Each project edits its own territory and puts it back.
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { htmlErrors } from "../support/html-validity";
import { createAccount, expect, test } from "./fixtures";

// Every test visits several pages, each checked with axe (twice as long without JavaScript).
test.beforeEach(() => test.slow());

/** The territory each test edits: one per test and project, since all of them run at the same time. */
const TERRITORIES = { admin: { "js-on": "MP", "js-off": "AS" }, moderator: { "js-on": "VI", "js-off": "PR" } } as const;

async function editedState(test: keyof typeof TERRITORIES, project: string) {
  const abbreviation = TERRITORIES[test][project as "js-on" | "js-off"];
  const state = await db.state.findUniqueOrThrow({ where: { abbreviation } });
  return {
    state,
    restore: () =>
      db.state.update({
        where: { id: state.id },
        data: {
          population: state.population,
          officialWebsite: state.officialWebsite,
          notes: state.notes,
          partyControl: state.partyControl,
        },
      }),
  };
}

test("an admin's bad values are refused with the spec's messages and kept; a valid edit applies at once", async ({
  page,
  signInAs,
  visit,
}, testInfo) => {
  const { state, restore } = await editedState("admin", testInfo.project.name);
  try {
    await signInAs((await createAccount({ role: "admin" })).email);
    await visit(`/admin/state-detail/${state.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(state.name);
    await expect(page.getByRole("link", { name: "State Details" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "← Back to Data Management" })).toHaveAttribute("href", "/admin/data-management");
    await expect(page.getByLabel("Abbreviation")).toHaveAttribute("maxlength", "2");

    await page.getByLabel("Abbreviation").fill("V");
    await page.getByLabel("Official website").fill("not a url");
    await page.getByLabel("Population").fill("4321");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("State abbreviation must be 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid URL")).toBeVisible();
    await expect(page.getByLabel("Abbreviation")).toHaveValue("V");
    await expect(page.getByLabel("Official website")).toHaveValue("not a url");
    await expect(page.getByLabel("Population")).toHaveValue("4321");
    expect((await db.state.findUniqueOrThrow({ where: { id: state.id } })).population).toBe(state.population);

    // A taken abbreviation is refused by the server: its message on the field and in an "Error" toast.
    await page.getByLabel("Abbreviation").fill("VT");
    await page.getByLabel("Official website").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Error");
    await expect(page.getByTestId("toast")).toContainText("Vermont already has the abbreviation VT.");
    await expect(page.getByLabel("Abbreviation")).toHaveValue("VT");
    await expect(page.getByLabel("Population")).toHaveValue("4321");

    const website = `https://www.example.org/${testInfo.project.name}-${Date.now()}`;
    await page.getByLabel("Abbreviation").fill(state.abbreviation);
    await page.getByLabel("Official website").fill(website);
    await page.getByLabel("Party control").selectOption("Split");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("State information updated successfully");
    await page.reload();
    await expect(page.getByLabel("Official website")).toHaveValue(website);
    await expect(page.getByLabel("Population")).toHaveValue("4321");
    await expect(page.getByLabel("Party control")).toHaveValue("Split");

    // Saving the same values changes nothing and says so.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("No changes to save.");
  } finally {
    await restore();
  }
});

test("a moderator's edit of a state waits for admin review and the state stays as it was", async ({ page, signInAs, visit }, testInfo) => {
  const { state, restore } = await editedState("moderator", testInfo.project.name);
  try {
    await signInAs((await createAccount({ role: "moderator" })).email);
    await visit(`/admin/state-detail/${state.id}`);
    await expect(page.getByText("Your changes are submitted for admin review before they go live.")).toBeVisible();
    const notes = `Moderator note ${testInfo.project.name} ${Date.now()}`;
    await page.getByLabel("Notes").fill(notes);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Change Suggestion Submitted");
    await expect(page.getByTestId("toast")).toContainText("1 change(s) submitted for admin review");
    await expect(page.getByLabel("Notes")).toHaveValue(state.notes ?? "");
  } finally {
    await restore();
  }
});

test("the Representatives tab shows the composition and links each official to their staff page", async ({ page, signInAs, visit }) => {
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  const senator = await db.official.findFirstOrThrow({ where: { stateId: vermont.id, office: "Senator", isActive: true } });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/state-detail/${vermont.id}`);
  await page.getByRole("link", { name: "Representatives" }).click();
  await expect(page).toHaveURL(/tab=representatives/);
  await visit(page.url());
  await expect(page.getByRole("heading", { name: "Composition" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Governor" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "U.S. Senators" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "U.S. Representatives" })).toBeVisible();
  await page.getByRole("link", { name: senator.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/representative-detail/${senator.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(senator.name);
});

test("a state without officials says so", async ({ page, signInAs, visit }, testInfo) => {
  // A jurisdiction of this test's own, with no officials; removed afterwards.
  const state = await db.state.create({
    data: { name: `Testland ${testInfo.project.name}`, abbreviation: testInfo.project.name === "js-on" ? "QJ" : "QK", type: "territory" },
  });
  try {
    await signInAs((await createAccount({ role: "moderator" })).email);
    await visit(`/admin/state-detail/${state.id}?tab=representatives`);
    await expect(page.getByText("No representatives found for this state.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Composition" })).toHaveCount(0);
  } finally {
    await db.state.delete({ where: { id: state.id } });
  }
});

test("a missing or malformed state id shows State Not Found with a way back", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "moderator" })).email);
  for (const id of ["999999", "0580", "abc"]) {
    const response = await page.goto(`/admin/state-detail/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "State Not Found" })).toBeVisible();
  }
  await visit("/admin/state-detail/999999");
  await expect(page.getByRole("link", { name: "Back to Data Management" })).toHaveAttribute("href", "/admin/data-management");
});

test("signed-out visitors go to sign-in and patriots home, each with a toast; a crafted POST changes nothing", async ({
  page,
  context,
  signInAs,
}) => {
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  await page.goto(`/admin/state-detail/${vermont.id}`);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");

  await signInAs((await createAccount()).email);
  await page.goto(`/admin/state-detail/${vermont.id}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");
  const response = await page.request.post(`/admin/state-detail/${vermont.id}`, {
    form: { intent: "update", name: "Patriotland", abbreviation: "VT" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect((await db.state.findUniqueOrThrow({ where: { id: vermont.id } })).name).toBe("Vermont");
  await context.clearCookies();
});

test("the page is valid HTML as served, on each tab, not found, and answering a refused save", async ({ request, baseURL }) => {
  test.skip(test.info().project.name !== "js-on", "the server sends the same HTML with JavaScript off");
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  const moderator = await createAccount({ role: "moderator" });
  const Cookie = (await createSession(moderator.id)).cookie.split(";")[0];
  for (const path of [
    `/admin/state-detail/${vermont.id}`,
    `/admin/state-detail/${vermont.id}?tab=representatives`,
    "/admin/state-detail/999999",
  ]) {
    const response = await request.get(path, { headers: { Cookie } });
    expect(await htmlErrors(await response.text(), path), path).toEqual([]);
  }
  const refused = await request.post(`/admin/state-detail/${vermont.id}`, {
    headers: { Cookie, Origin: baseURL! },
    form: { intent: "update", name: "", abbreviation: "V", officialWebsite: "x" },
  });
  expect(refused.status()).toBe(400);
  expect(await htmlErrors(await refused.text(), "refused save"), "refused save").toEqual([]);
});
