// Screenshots of the public pages for docs/screenshots/: the home page at desktop and
// phone size and a Texas member's profile, of a running server. Not part of `npm test`.
//   SCREENSHOT_URL=http://localhost:3220 SCREENSHOT_LABEL=after npx tsx scripts/screenshots.ts
// writes docs/screenshots/{home-1440x900,home-390x844,profile-1440x900,profile-390x844}-{label}.png,
// quantised with sharp so each stays a few hundred KB at most.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

const BASE = process.env.SCREENSHOT_URL ?? "http://localhost:3220";
const LABEL = process.env.SCREENSHOT_LABEL ?? "after";
const OUT = path.resolve(process.env.SCREENSHOT_DIR ?? "docs/screenshots");
/** The member whose profile is shown: found on the Texas list by name, so the id may differ per database. */
const PROFILE_NAME = process.env.SCREENSHOT_PROFILE ?? "Jodey C. Arrington";
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

async function profilePath(page: Page) {
  await page.goto(`${BASE}/?state=TX`);
  const href = await page.locator('a[href^="/representative/"]', { hasText: PROFILE_NAME }).first().getAttribute("href");
  if (!href) throw new Error(`No profile link for ${PROFILE_NAME} on /?state=TX`);
  return href.split("?")[0];
}

async function shoot(page: Page, url: string, name: string) {
  await page.goto(url, { waitUntil: "networkidle" });
  const png = await page.screenshot({ animations: "disabled" });
  const file = path.join(OUT, `${name}-${LABEL}.png`);
  const { size } = await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(file);
  console.log(`${path.relative(process.cwd(), file)}: ${Math.round(size / 1024)} KB`);
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const viewport of SIZES) {
    const context = await browser.newContext({ viewport, colorScheme: "light" });
    // The welcome dialog would cover the page a moment after load: mark it as already shown.
    await context.addInitScript(() => sessionStorage.setItem("welcomePopupShown", "true"));
    const page = await context.newPage();
    const size = `${viewport.width}x${viewport.height}`;
    await shoot(page, `${BASE}/`, `home-${size}`);
    await shoot(page, `${BASE}${await profilePath(page)}`, `profile-${size}`);
    await context.close();
  }
} finally {
  await browser.close();
}
