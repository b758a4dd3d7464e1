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
// The failed tests by name, so the end of a long log says which ones.
const failures = [];
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults) {
    if (test.status === "failed") failures.push(`vitest ${file.name.replace(process.cwd() + "/", "")} › ${test.fullName ?? test.title}`);
  }
  if (file.status === "failed" && file.assertionResults.length === 0)
    failures.push(`vitest ${file.name} (the file failed: ${file.message})`);
}
const visit = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === "unexpected")
        failures.push(`playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
    }
  }
  for (const child of suite.suites ?? []) visit(child, child.file === child.title ? titles : [...titles, child.title]);
};
for (const suite of playwright?.suites ?? []) visit(suite, []);
for (const failure of failures) console.log(`FAILED ${failure}`);
if (!vitest) console.log("The unit tests did not report.");
if (!playwright) console.log("The end-to-end tests did not report.");
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitest && playwright && failed === 0 && passed > 0 ? 0 : 1);
