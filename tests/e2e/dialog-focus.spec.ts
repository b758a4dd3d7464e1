// When a dialog closes, the focus goes back to the control that opened it (or, for the welcome
// dialog, that had it before), so a keyboard user goes on from where they were.
import { createAccount, expect, test } from "./fixtures";

test("a dialog opened from the keyboard gives the focus back to its link when Escape or ✕ closes it @js-only", async ({
  page,
  signInAs,
  visit,
}) => {
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit("/admin/users");
  await page.waitForFunction(() => "__remixRouter" in window);
  const opener = page.getByRole("link", { name: "Permissions Matrix" });
  const dialog = page.getByRole("dialog", { name: "Permissions Matrix" });

  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(opener).not.toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/matrix=1/);
  await expect(opener).toBeFocused();

  // The same through the dialog's ✕.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test.describe("the welcome dialog @js-only", () => {
  test.use({ showWelcome: true });

  test("closed with Escape, it gives the focus back to the link that had it before", async ({ page }) => {
    await page.goto("/state/VT");
    await page.waitForFunction(() => "__remixRouter" in window);
    const home = page.getByRole("link", { name: "Civic Atlas home" });
    await home.focus();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible({ timeout: 15_000 }); // 2 s after the page hydrates
    await expect(home).toBeFocused(); // it never takes the focus from a control in use
    await dialog.getByText("Sign up for our mailing list", { exact: true }).click();
    await dialog.getByLabel("Email").focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(home).toBeFocused();
  });
});
