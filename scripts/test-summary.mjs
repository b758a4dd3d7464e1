// Prints one closing line for the whole suite from the vitest and Playwright JSON reports.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = read("tests/.data/vitest-report.json");
const playwright = read("tests/.data/playwright-report.json");

let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
if (!vitest) console.log("The unit tests did not report.");
if (!playwright) console.log("The end-to-end tests did not report.");
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitest && playwright && failed === 0 && passed > 0 ? 0 : 1);
