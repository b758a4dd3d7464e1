import { expect, test } from "vitest";
import { createPageCache } from "~/lib/page-cache.server";

const page = (body: BodyInit) => new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });

test("a visitor who leaves while their page renders does not keep the next visitor of that page waiting", async () => {
  const cachedRender = createPageCache({ version: () => 1 });
  const leaving = new AbortController();
  // The first visitor's page never finishes its body (their connection is gone).
  void cachedRender(new Request("http://localhost/", { signal: leaving.signal }), "nonce-1", async () =>
    page(new ReadableStream({ start() {} })),
  );
  await new Promise((resolve) => setImmediate(resolve));
  leaving.abort();
  const next = await cachedRender(new Request("http://localhost/"), "nonce-2", async () => page("<p>nonce-2</p>"));
  expect(await next.text()).toBe("<p>nonce-2</p>");
});

test("two visitors at once share one rendering, each with their own nonce", async () => {
  const cachedRender = createPageCache({ version: () => 1 });
  let renders = 0;
  const render = (nonce: string) => async () => {
    renders++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return page(`<script nonce="${nonce}"></script>`);
  };
  const [a, b] = await Promise.all([
    cachedRender(new Request("http://localhost/state/TX"), "aaa", render("aaa")),
    cachedRender(new Request("http://localhost/state/TX"), "bbb", render("bbb")),
  ]);
  expect(renders).toBe(1);
  expect(await a.text()).toBe('<script nonce="aaa"></script>');
  expect(await b.text()).toBe('<script nonce="bbb"></script>');
});
