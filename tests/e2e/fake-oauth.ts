// The end-to-end tests' identity provider (a Playwright webServer): node --import tsx tests/e2e/fake-oauth.ts PORT
import { startFakeOAuthProvider } from "../support/fake-oauth-provider";

const port = Number(process.argv[2]);
const server = await startFakeOAuthProvider(port);
console.log(`Fake OAuth provider on http://127.0.0.1:${port}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
