// SSO is offered only where a provider is set up, on /sign-in and /register: the
// production build with no provider, then with one.
import { describe, expect, test } from "vitest";
import { startBuiltServer } from "../support/built-server";

// The servers inherit this process's environment: no provider is set up in it.
for (const p of ["GOOGLE", "GITHUB", "MICROSOFT"]) for (const part of ["CLIENT_ID", "CLIENT_SECRET"]) delete process.env[`${p}_${part}`];
const page = async (url: string) => (await fetch(url)).text();

describe("the SSO offer", () => {
  test("with no provider set up, neither page offers SSO", async () => {
    const server = await startBuiltServer();
    try {
      expect(await page(`${server.url}/register`)).not.toContain("Continue with SSO");
      const signIn = await page(`${server.url}/sign-in`);
      expect(signIn).not.toContain("Or Continue with SSO");
      expect(signIn).not.toContain("/api/login");
    } finally {
      await server.stop();
    }
  });

  test("with one provider set up, both pages offer it and only it", async () => {
    const server = await startBuiltServer({ GITHUB_CLIENT_ID: "civic-atlas", GITHUB_CLIENT_SECRET: "secret" });
    try {
      expect(await page(`${server.url}/register`)).toContain("Continue with SSO");
      const signIn = await page(`${server.url}/sign-in`);
      expect(signIn).toContain('href="/api/login?provider=github"');
      expect(signIn).not.toContain("provider=google");
      expect(await page(`${server.url}/api/login`)).toContain('href="/api/login?provider=github"');
    } finally {
      await server.stop();
    }
  });
});
