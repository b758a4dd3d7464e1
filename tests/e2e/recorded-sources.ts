// The end-to-end tests' outside sources (a Playwright webServer): node --import tsx tests/e2e/recorded-sources.ts PORT
import { startRecordedSources } from "../support/recorded-sources";

const port = Number(process.argv[2]);
const server = await startRecordedSources(port);
console.log(`Recorded job sources on ${server.url}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void server.close().then(() => process.exit(0)));
