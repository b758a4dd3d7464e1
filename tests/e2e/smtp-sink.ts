// The end-to-end tests' mail server (a Playwright webServer): node --import tsx tests/e2e/smtp-sink.ts PORT DIR
import { rmSync } from "node:fs";
import { startSmtpSink } from "../support/smtp-sink";

const [port, dir] = process.argv.slice(2);
rmSync(dir, { recursive: true, force: true });
const sink = await startSmtpSink({ port: Number(port), dir });
console.log(`SMTP sink on ${sink.url}, writing to ${dir}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => sink.close().then(() => process.exit(0)));
