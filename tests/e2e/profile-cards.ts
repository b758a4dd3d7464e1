// A profile's cards are <details> with a heading in their summary: open one the way a visitor does.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Clicks the card's summary and returns the card once it is open. */
export async function openProfileCard(page: Page, title: string) {
  const details = page.locator("details", { has: page.getByRole("heading", { name: title, exact: true }) });
  await details.locator("summary").first().click();
  await expect(details).toHaveAttribute("open", "");
  return details;
}
