import { describe, expect, it } from "vitest";
import { deferScriptsToIntent } from "~/lib/scripts-on-intent.server";

const MODULE = `import "/build/manifest-A.js";\nimport * as route0 from "/build/root-B.js";\nwindow.__remixRouteModules = {"root":route0};\nimport("/build/entry.client-C.js");`;
const page = (nonce: string) =>
  `<html><body><main>Map</main><link rel="modulepreload" href="/build/manifest-A.js"/><link rel="modulepreload" href="/build/entry.client-C.js"/>` +
  `<script nonce="${nonce}">window.__remixContext = {"future":{}};</script><script nonce="${nonce}" type="module" async="">${MODULE}</script>` +
  `<script nonce="${nonce}">window.__remixContext.streamController.close();</script></body></html>`;
const noneDue = { dueAtLoad: () => false, argument: { key: "k" } };

/** The arguments the inline script is called with: the preloads, the module script, the events, the welcome timing. */
function bootstrapArguments(html: string) {
  const call = /\)\((\[[\s\S]*?\]),("[\s\S]*?"),(\[[^\]]*\]),(\[[^\]]*\]),("[^"]*"),(null|\{[^}]*\}),/.exec(html);
  expect(call, html).not.toBeNull();
  const [preloads, moduleScript, events, , , welcome] = call!.slice(1).map((arg) => JSON.parse(arg) as unknown);
  return [preloads, moduleScript, events, welcome];
}

describe("deferScriptsToIntent", () => {
  it("replaces the module preloads and module script with one inline script, under the page's nonce, that holds them as they were", () => {
    const html = deferScriptsToIntent(page("n0nce=="), { signedOut: false, ...noneDue });
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html.match(/<script nonce="n0nce==">/g)).toHaveLength(3); // context, loader, stream close
    expect(html).toContain(
      '<main>Map</main><script nonce="n0nce==">window.__remixContext = {"future":{}};</script><script nonce="n0nce==">(function',
    );
    const [preloads, moduleScript, events, welcome] = bootstrapArguments(html);
    expect(preloads).toEqual(["/build/manifest-A.js", "/build/entry.client-C.js"]);
    expect(moduleScript).toBe(MODULE);
    expect(events).toEqual(expect.arrayContaining(["keydown", "pointerdown", "touchstart", "focusin"]));
    expect(welcome).toBeNull(); // signed in: no welcome dialog to wait for
  });

  it("gives a signed-out page the welcome dialog's timing, and the route's check with its argument", () => {
    const html = deferScriptsToIntent(page("x"), {
      signedOut: true,
      dueAtLoad: (a: { key: string }) => a.key === "due",
      argument: { key: "due" },
    });
    expect(bootstrapArguments(html)[3]).toEqual({ key: "welcomePopupShown", afterMs: 2000 });
    expect(html).toContain(',{"key":"due"})</script>');
  });

  it("leaves a page without Remix's scripts as it is", () => {
    const html = "<html><body><h1>Something Went Wrong</h1></body></html>";
    expect(deferScriptsToIntent(html, { signedOut: true, ...noneDue })).toBe(html);
  });
});
