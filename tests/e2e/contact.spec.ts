// The contact form, with JavaScript on and off.
import { db } from "~/db.server";
import { emailTo, expect, test } from "./fixtures";

test("send a message: stored, emailed to support, acknowledged, the form reset", async ({ page, visit }) => {
  const sender = `claudette-${test.info().project.name}-${Date.now()}@example.org`;
  await visit("/contact");
  await expect(page.getByRole("link", { name: "support@civicatlas.test" })).toHaveAttribute("href", "mailto:support@civicatlas.test");
  await expect(page.getByText(/24-48 hours/).first()).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await page.getByLabel("Name").fill("Claudette Colvin");
  await page.getByLabel("Email").fill(sender);
  await page.getByLabel("Subject").fill("Wrong phone number");
  await page.getByLabel("Category").selectOption("report");
  await page.locator("textarea[name=message]").fill("The district office phone for AL-07 has changed.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message sent successfully");
  await expect(page.getByTestId("toast")).toContainText("We'll get back to you within 24-48 hours.");
  await expect(page.getByLabel("Name")).toHaveValue("");
  const toSupport = await emailTo("support@civicatlas.test", "Wrong phone number");
  expect(toSupport.text).toContain(sender);
  expect(toSupport.text).toContain("The district office phone for AL-07 has changed.");
  await emailTo(sender, "We received your message");
  expect(await db.contactMessage.findFirst({ where: { email: sender } })).toMatchObject({ status: "sent", category: "report" });
});

test("missing required fields: the toast, nothing sent, what was typed kept", async ({ page, visit }) => {
  const name = `Incomplete ${test.info().project.name} ${Date.now()}`;
  await visit("/contact");
  await page.getByLabel("Name").fill(name);
  await page.locator("textarea[name=message]").fill("Half a message");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Missing information");
  await expect(page.getByTestId("toast")).toContainText("Please fill in all required fields.");
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.locator("textarea[name=message]")).toHaveValue("Half a message");
  expect(await db.contactMessage.count({ where: { name } })).toBe(0);
});

test("a filled honeypot is answered like a success and stores nothing", async ({ page, baseURL }) => {
  const email = `bot-${test.info().project.name}-${Date.now()}@example.org`;
  const response = await page.request.post("/contact", {
    headers: { Origin: baseURL! },
    form: { name: "Bot", email, subject: "Buy", message: "Spam", website_url: "https://spam.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(await db.contactMessage.count({ where: { email } })).toBe(0);
});

test("the button reads Sending... and is disabled while the message is on its way @js-only", async ({ page, visit }) => {
  await visit("/contact");
  await page.route("**/contact.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByLabel("Name").fill("Diane Nash");
  await page.getByLabel("Email").fill(`diane-${Date.now()}@example.org`);
  await page.getByLabel("Subject").fill("Hello");
  await page.locator("textarea[name=message]").fill("Thanks for the site.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(page.getByTestId("toast")).toContainText("Message sent successfully");
});
