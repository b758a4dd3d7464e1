// The theme choice lives in a cookie so the server renders the right one (no flash).
// Without the cookie the page follows prefers-color-scheme (the "system" class).

export type Theme = "light" | "dark";
export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

export async function getTheme(request: Request): Promise<Theme | null> {
  const value = request.headers.get("Cookie")?.match(/(?:^|;\s*)theme=(light|dark)(?:;|$)/)?.[1];
  return isTheme(value) ? value : null;
}

/** Plain value (not JSON-encoded) so the inline script and localStorage can share it. */
export const serializeTheme = (theme: Theme) => `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
