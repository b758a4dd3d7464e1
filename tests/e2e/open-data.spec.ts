// /data, the open data page, with JavaScript on and off: reached from the footer, every
// download listed with its size, and each link downloads that file.
import { formatBytes } from "~/lib/open-data";
import { expect, test } from "./fixtures";

const FILES = ["officials.csv", "officials.json", "states.csv", "states.json", "districts.csv", "votes.csv", "datapackage.json"];

test("the footer leads to /data: licence, schedule, and every file with its size", async ({ page, visit }) => {
  // After a data change the page waits for the files to be written again: votes.csv alone holds the
  // seed's 54,000 shipped positions (prisma/data/roll-calls), several seconds on a busy machine.
  test.setTimeout(90_000);
  await visit("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Open Data" }).click();
  await expect(page).toHaveURL(/\/data$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Open Data", level: 1 })).toBeVisible();
  await visit("/data");
  await expect(page.getByRole("link", { name: "CC0 1.0 Universal" })).toBeVisible();
  for (const source of ["unitedstates/congress-legislators", "openstates/people", "U.S. Census Bureau"]) {
    await expect(page.getByRole("link", { name: source, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Congress Data Import: Daily at 2:00 AM")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "a single quote" })).toBeVisible();
  await expect(page.getByText(/^Generated .+ UTC from the current data\.$/)).toBeVisible();
  // The size shown is the size of the file the link serves (read again if the data changed meanwhile).
  await expect
    .poll(
      async () => {
        await page.goto("/data");
        const mismatches: string[] = [];
        for (const file of FILES) {
          const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: file, exact: true }) });
          const shown = (await row.getByRole("cell").last().textContent())?.trim();
          const response = await page.request.get(`/data/${file}`);
          if (response.status() !== 200 || formatBytes((await response.body()).length) !== shown) mismatches.push(`${file}: ${shown}`);
        }
        return mismatches;
      },
      { timeout: 45_000 },
    )
    .toEqual([]);
});

test("a download link saves the file: officials.csv with its header", async ({ page }) => {
  await page.goto("/data");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "officials.csv", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("officials.csv");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString("utf8")).toMatch(/^id,name,name_source,name_verified_at,first_name,/);
});
