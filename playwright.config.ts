// End-to-end tests in Debian's Chromium, every test run twice: JavaScript on and off.
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { outboundAllowance, sourcesAt, sourcesEnv } from "./tests/support/recorded-sources";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Derived from the app's port; E2E_SMTP_PORT and E2E_OAUTH_PORT override them when two runs'
// derived ports collide (ports 100 apart: one's OAuth port is the other's SMTP port).
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 2500);
const OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? PORT + 2600);
const OAUTH = `http://127.0.0.1:${OAUTH_PORT}`;
// The data jobs' outside sources: recorded files on 127.0.0.1 (tests/support/recorded-sources.ts); set
// E2E_SOURCES_PORT when PORT + 2700 is taken or is a port fetch refuses (e.g. 6000 for E2E_PORT=3300).
const SOURCES_PORT = Number(process.env.E2E_SOURCES_PORT ?? PORT + 2700);
// The recorded official websites a test starts (startRecordedSites): three ports for each @alone
// project, E2E_SITES_PORT (default PORT + 2710) on; tests/e2e/job-fixtures.ts sitePorts() picks them.
const SITES_PORT = Number(process.env.E2E_SITES_PORT ?? PORT + 2710);
process.env.E2E_SITES_PORT = String(SITES_PORT);
// The outbound guard refuses addresses on this machine (decision 0031): these servers, and only
// these, are let through, in the app's server and in the tests' own processes (jobs run in-process).
const OUTBOUND_ALLOW_HOSTS = outboundAllowance(
  [SOURCES_PORT, OAUTH_PORT, ...Array.from({ length: 6 }, (_, i) => SITES_PORT + i)].map((port) => `http://127.0.0.1:${port}`),
);
process.env.OUTBOUND_ALLOW_HOSTS = OUTBOUND_ALLOW_HOSTS;
const jobsEnv = {
  ...sourcesEnv(sourcesAt(`http://127.0.0.1:${SOURCES_PORT}`)),
  CRAWL_INTERVAL_MS: "0",
  // The ZIP lookup's street-address refinement asks the recorded Census geocoder answers there too.
  CENSUS_GEOCODER_URL: `http://127.0.0.1:${SOURCES_PORT}`,
  OUTBOUND_ALLOW_HOSTS,
};
// Every SSO provider points at the local test provider.
const ssoEnv = Object.fromEntries(
  ["GOOGLE", "GITHUB", "MICROSOFT"].flatMap((p) => [
    [`${p}_CLIENT_ID`, `civic-atlas-${p.toLowerCase()}`],
    [`${p}_CLIENT_SECRET`, "test-secret"],
    [`${p}_AUTHORIZATION_URL`, `${OAUTH}/authorize`],
    [`${p}_TOKEN_URL`, `${OAUTH}/token`],
    [`${p}_PROFILE_URL`, p === "GITHUB" ? OAUTH : `${OAUTH}/userinfo`],
  ]),
);
// Per port, so that two runs on different E2E_PORTs do not share a database or results.
export const E2E_DB = path.resolve(`tests/.data/e2e-${PORT}.db`);
export const E2E_MAIL_DIR = path.resolve(`tests/.data/mail-${PORT}`);
process.env.E2E_MAIL_DIR = E2E_MAIL_DIR;
// Test helpers open the same database the server uses (to plant sessions, read results).
process.env.DATABASE_URL = `file:${E2E_DB}`;
process.env.NODE_ENV = "test";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  outputDir: `test-results/${PORT}`,
  reporter: [["list"], ["json", { outputFile: "tests/.data/playwright-report.json" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: "retain-on-failure",
  },
  projects: [
    // Tests tagged @no-js-only exercise what a page does without JavaScript (a GET form reloading onto its answer).
    { name: "js-on", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only|@alone/ },
    // Tests tagged @js-only exercise what only JavaScript adds (tooltips, dropdowns, dialogs).
    { name: "js-off", use: { javaScriptEnabled: false }, grepInvert: /@js-only|@alone/ },
    // Tests tagged @alone keep the server busy for a while (the whole job chain): they run after
    // every other test, so no other test waits on them.
    { name: "alone js-on", use: { javaScriptEnabled: true }, grep: /@alone/, dependencies: ["js-on", "js-off"] },
    { name: "alone js-off", use: { javaScriptEnabled: false }, grep: /@alone/, dependencies: ["js-on", "js-off"] },
  ],
  webServer: [
    {
      // A real SMTP server on 127.0.0.1: the app's email goes here, the tests read it.
      command: `exec node --import tsx tests/e2e/smtp-sink.ts ${SMTP_PORT} ${E2E_MAIL_DIR}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `exec node --import tsx tests/e2e/fake-oauth.ts ${OAUTH_PORT}`,
      port: OAUTH_PORT,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `exec node --import tsx tests/e2e/recorded-sources.ts ${SOURCES_PORT}`,
      port: SOURCES_PORT,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `bash tests/e2e/serve.sh ${PORT} ${E2E_DB}`,
      url: `http://localhost:${PORT}/healthz`,
      // X-E2E-Client-IP: a test that spends a rate-limit budget sends an address of its own
      // (tests/e2e/form-refusals.spec.ts); every other request is 127.0.0.1's, as before.
      env: {
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        APP_URL: `http://localhost:${PORT}`,
        TRUSTED_IP_HEADER: "X-E2E-Client-IP",
        // Low enough that a test spends a budget in seconds, far above what the suite sends from 127.0.0.1.
        PUBLIC_FORM_RATE_LIMIT: "300",
        ...ssoEnv,
        ...jobsEnv,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
