// /admin/representative-detail/{id}: the four tabs, the stored photo, the Edit
// Representative / Cancel toggle, a moderator's edit waiting for review while the public profile
// stays as it was, an admin's edit live at once, the spec's messages with the typed values kept,
// the not-found page and the refusals, with JavaScript on and off. Each test makes its own
// official (inactive, so no public list or count shows it; its profile page still does).
import { readFileSync } from "node:fs";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { photoHash, photoVariants } from "~/jobs/official-photos.server";
import { savePhoto } from "~/models/official-photos.server";
import { htmlErrors } from "../support/html-validity";
import { createAccount, createOfficial, expect, test } from "./fixtures";

// Every test visits several pages, each checked with axe (twice as long without JavaScript).
test.beforeEach(() => test.slow());

test("the four tabs show the record; Edit Representative and Cancel toggle edit mode across tabs", async ({ page, signInAs, visit }) => {
  const official = await createOfficial({
    party: "Democratic",
    govtrackId: "412345",
    ballotpediaSlug: "Testa_Rep",
    officeAddress: "1 Capitol Street, Montpelier, VT",
    billsSponsored: 12,
    approvalRating: 47,
    committee: "Senate Committee on Health, Education, Labor, and Pensions",
    votingRecords: {
      create: [
        {
          voteId: "v1",
          billTitle: "Clean Water Act",
          billNumber: "H.R. 1",
          description: "Protects rivers.",
          voteDate: "2025-03-01",
          votePosition: "Yea",
        },
        { voteId: "v2", billTitle: "Budget Act", billNumber: "H.R. 2", voteDate: "2025-03-02", votePosition: "Nay" },
        { voteId: "v3", billTitle: "Roads Act", billNumber: "H.R. 3", voteDate: "2025-03-03", votePosition: "Not Voting" },
      ],
    },
  });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}`);
  const header = page.locator("main header");
  await expect(header.getByRole("heading", { level: 1 })).toHaveText(official.name);
  await expect(header).toContainText("Representative");
  await expect(header).toContainText("Vermont");
  await expect(header).toContainText("District AL");
  await expect(header.getByText("Democratic", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to Data Management" })).toHaveAttribute("href", "/admin/data-management");
  await expect(page.getByRole("link", { name: "Personal Details" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  await page.getByRole("link", { name: "Contact & Links" }).click();
  await expect(page).toHaveURL(/tab=contact/);
  await expect(page.getByText("(202) 555-0100")).toBeVisible();
  await expect(page.getByText("From contact crawler")).toBeVisible();
  await expect(page.getByText("1 Capitol Street, Montpelier, VT")).toBeVisible();
  await expect(page.getByRole("link", { name: "Testa_Rep" })).toHaveAttribute("href", "https://ballotpedia.org/Testa_Rep");
  await expect(page.getByRole("link", { name: "View on GovTrack" })).toHaveAttribute("href", /govtrack\.us\/congress\/members\/412345/);
  await expect(page.getByRole("heading", { name: "Campaign Finance" })).toHaveCount(0);

  await page.getByRole("link", { name: "Political Information" }).click();
  const tile = (name: string) => page.getByRole("listitem").filter({ hasText: name });
  await expect(tile("GovTrack")).toContainText("Connected");
  await expect(tile("OpenSecrets")).toContainText("Not Available");
  await expect(tile("Ballotpedia")).toContainText("Connected");
  await expect(page.getByRole("heading", { name: "Performance Metrics" })).toBeVisible();
  await expect(page.getByText("47%")).toBeVisible();
  await expect(page.getByText("Senate Committee on Health, Ed...", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Voting Records (3)" }).click();
  await expect(page).toHaveURL(/tab=voting/);
  await visit(page.url());
  await expect(page.getByText("Clean Water Act")).toBeVisible();
  await expect(page.getByText("Protects rivers.")).toBeVisible();
  await expect(page.getByText("H.R. 2 · 2025-03-02")).toBeVisible();
  await expect(page.getByText("Not Voting", { exact: true })).toBeVisible();

  // Edit mode stays on across tabs; Cancel leaves it.
  await page.getByRole("link", { name: "Edit Representative" }).click();
  await expect(page).toHaveURL(/tab=voting&edit=1/);
  await page.getByRole("link", { name: "Personal Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/representative-detail/${official.id}\\?edit=1$`));
  await visit(page.url());
  await expect(page.getByLabel("First name")).toHaveValue("Testa");
  await expect(page.getByLabel("Date of birth")).toHaveAttribute("type", "date");
  await expect(page.getByText("e.g., 01, 02, AL")).toBeVisible();
  await expect(page.getByLabel("Party")).toHaveValue("Democratic");
  await page.getByRole("link", { name: "Contact & Links" }).click();
  await expect(page).toHaveURL(/tab=contact&edit=1/);
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("X profile URL")).toHaveAttribute("type", "url");
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await page.getByLabel("Phone").fill("(202) 555-0199");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/tab=contact$/);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByText("(202) 555-0100")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Representative" })).toBeVisible();
});

test("an official without votes, ids or metrics shows the empty texts", async ({ page, signInAs, visit }) => {
  const official = await createOfficial({ party: "Other" });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}?tab=voting`);
  await expect(page.getByRole("link", { name: "Voting Records (0)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No voting records available")).toBeVisible();
  await visit(`/admin/representative-detail/${official.id}?tab=political`);
  await expect(page.getByText("Not Available")).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Performance Metrics" })).toHaveCount(0);
});

test("a moderator's phone and email edit waits for review; the public profile is unchanged", async ({ page, signInAs, visit }) => {
  const official = await createOfficial();
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}?tab=contact&edit=1`);
  await expect(page.getByText("Your changes are submitted for admin review before they go live.")).toBeVisible();
  await page.getByLabel("Phone").fill("(202) 555-0123");
  await page.getByLabel("Email").fill("new.office@house.example.gov");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Change Suggestion Submitted");
  await expect(page.getByTestId("toast")).toContainText("2 change(s) submitted for admin review");
  await expect(page).toHaveURL(/tab=contact$/);
  await expect(page.getByText("(202) 555-0100")).toBeVisible();

  await visit(`/representative/${official.id}`);
  await expect(page.getByText("(202) 555-0100")).toBeVisible();
  await expect(page.getByText(official.email!)).toBeVisible();
  await expect(page.getByText("(202) 555-0123")).toHaveCount(0);
  await expect(page.getByText("new.office@house.example.gov")).toHaveCount(0);
});

test("an admin's edit is refused with the spec's messages and kept, then applies at once and the public profile shows it", async ({
  page,
  signInAs,
  visit,
}) => {
  const official = await createOfficial();
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`/admin/representative-detail/${official.id}?edit=1`);
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Photo URL").fill("not a url");
  await page.getByLabel("Religion").fill("Quaker");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();
  await expect(page.getByLabel("Photo URL")).toHaveValue("not a url");
  await expect(page.getByLabel("Religion")).toHaveValue("Quaker");

  await page.getByLabel("First name").fill("Testina");
  await page.getByLabel("Photo URL").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Representative information updated successfully");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Testina ${official.lastName}`);
  await expect(page.getByText("Quaker")).toBeVisible();

  await page.getByRole("link", { name: "Contact & Links" }).click();
  await expect(page).toHaveURL(/tab=contact$/);
  await page.getByRole("link", { name: "Edit Representative" }).click();
  await expect(page).toHaveURL(/tab=contact&edit=1$/);
  await page.getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill(official.email!);
  await page.getByLabel("Phone").fill("(202) 555-0177");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Representative information updated successfully");

  await visit(`/representative/${official.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Testina ${official.lastName}`);
  await expect(page.getByText("(202) 555-0177")).toBeVisible();
});

test("a missing or malformed id shows Representative Not Found with a way back", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "moderator" })).email);
  for (const id of ["999999", "0580", "abc"]) {
    const response = await page.goto(`/admin/representative-detail/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Representative Not Found" })).toBeVisible();
  }
  await visit("/admin/representative-detail/999999");
  await expect(page.getByRole("link", { name: "Back to Data Management" })).toHaveAttribute("href", "/admin/data-management");
});

test("signed-out visitors go to sign-in and patriots home, each with a toast; a crafted POST changes nothing", async ({
  page,
  signInAs,
}) => {
  const official = await createOfficial();
  await page.goto(`/admin/representative-detail/${official.id}`);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");

  await signInAs((await createAccount()).email);
  await page.goto(`/admin/representative-detail/${official.id}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");
  const response = await page.request.post(`/admin/representative-detail/${official.id}`, {
    form: { intent: "update", section: "contact", phone: "(202) 555-0666" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("(202) 555-0100");
});

test("the page is valid HTML as served, on each tab in both modes, not found, and answering a refused save", async ({
  request,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "js-on", "the server sends the same HTML with JavaScript off");
  const official = await createOfficial({ govtrackId: "400001", opensecretId: "N00000001", fecId: "H0VT00001", billsSponsored: 3 });
  const moderator = await createAccount({ role: "moderator" });
  const Cookie = (await createSession(moderator.id)).cookie.split(";")[0];
  const base = `/admin/representative-detail/${official.id}`;
  const paths = ["personal", "contact", "political", "voting"].flatMap((tab) => [`${base}?tab=${tab}`, `${base}?tab=${tab}&edit=1`]);
  for (const path of [...paths, "/admin/representative-detail/999999"]) {
    const response = await request.get(path, { headers: { Cookie } });
    expect(await htmlErrors(await response.text(), path), path).toEqual([]);
  }
  const refused = await request.post(`${base}?tab=contact&edit=1`, {
    headers: { Cookie, Origin: baseURL! },
    form: { intent: "update", section: "contact", email: "nope", website: "x" },
  });
  expect(refused.status()).toBe(400);
  expect(await htmlErrors(await refused.text(), "refused save"), "refused save").toEqual([]);
});

test("the staff representative page shows the official's stored photo", async ({ page, signInAs, visit }) => {
  const official = await createOfficial();
  // A real portrait with bytes after its end marker that make its hash this test's own.
  const original = Buffer.concat([readFileSync("tests/fixtures/photos/C000127.jpg"), Buffer.from(`${official.id}`)]);
  const hash = photoHash(original);
  await savePhoto(db, official.id, {
    sourceUrl: "https://example.org/p.jpg",
    hash,
    fetchedAt: new Date(),
    variants: await photoVariants(original),
  });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}`);
  const portrait = page.locator("main header img");
  await expect(portrait).toHaveAttribute("src", new RegExp(hash));
  const served = await page.request.get((await portrait.getAttribute("src"))!);
  expect([served.status(), served.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
});
