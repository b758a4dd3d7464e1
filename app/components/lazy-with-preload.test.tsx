// A lazily loaded component whose code was fetched ahead renders at once; one fetched on first
// render shows its fallback for that render, as React.lazy does.
import { Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { lazyWithPreload } from "~/components/lazy-with-preload";

const Details = ({ name }: { name: string }) => <p id="card">{name}</p>;
const html = (node: JSX.Element) => renderToStaticMarkup(<Suspense fallback="loading">{node}</Suspense>);

test("once preloaded, the component renders in the first pass, and its code is fetched once", async () => {
  let fetches = 0;
  const [Lazy, preload] = lazyWithPreload(async () => (fetches++, Details));
  await Promise.all([preload(), preload()]);
  expect(html(<Lazy name="Texas" />)).toBe('<p id="card">Texas</p>');
  expect(fetches).toBe(1);
});

test("not preloaded, the first pass shows the fallback while the code is fetched", async () => {
  const [Lazy] = lazyWithPreload(async () => Details);
  expect(html(<Lazy name="Texas" />)).toBe("loading");
  await expect.poll(() => html(<Lazy name="Texas" />)).toBe('<p id="card">Texas</p>');
});

test("a failed fetch is tried again", async () => {
  let fails = 1;
  const [, preload] = lazyWithPreload(async () => {
    if (fails-- > 0) throw new Error("offline");
    return Details;
  });
  await expect(preload()).rejects.toThrow("offline");
  await expect(preload()).resolves.toBe(Details);
});
