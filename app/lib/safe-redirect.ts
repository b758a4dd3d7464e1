const MAX_REDIRECT_LENGTH = 2000;

/**
 * Where to send the visitor back to: `to` resolved against the site's own address, kept only when
 * it stays on that origin, and re-serialised as path, query and fragment (percent-encoded ASCII,
 * so it is always a valid Location header). Anything else, including what a browser would read
 * differently from a plain check ("/\t/evil.example", "/\\evil.example"), goes to the fallback, and
 * so does a target longer than any real page address (a Location header that large breaks clients).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, appUrl: string, fallback = "/"): string {
  if (typeof to !== "string" || !to || to.length > MAX_REDIRECT_LENGTH) return fallback;
  let target: URL;
  try {
    target = new URL(to, appUrl);
  } catch {
    return fallback;
  }
  if (target.origin !== new URL(appUrl).origin) return fallback;
  const path = target.pathname + target.search + target.hash;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
  return path.startsWith("//") ? fallback : path;
}
