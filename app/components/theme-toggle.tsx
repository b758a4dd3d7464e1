// Light/dark toggle. Without JavaScript it is a POST form that redirects back; both buttons
// are rendered and CSS shows the one that switches away from the current theme (this works
// even when the theme follows the system setting, which the server cannot know).
import { useFetcher, useLocation } from "@remix-run/react";
import { useRootData } from "~/root";

export type Theme = "light" | "dark";

/** The theme to render: an in-flight toggle wins (optimistic), then the cookie. */
export function useTheme(): Theme | null {
  const rootData = useRootData();
  const fetcher = useFetcher({ key: "theme" });
  const pending = fetcher.formData?.get("theme");
  if (pending === "light" || pending === "dark") return pending;
  return rootData?.theme ?? null;
}

/**
 * Runs before paint. Mirrors the cookie to localStorage "theme" (the spec's key); with no
 * cookie, applies a saved localStorage choice (and restores the cookie from it), else leaves
 * the "system" class so CSS follows prefers-color-scheme.
 */
export function ThemeScript({ nonce, theme }: { nonce: string; theme: Theme | null }) {
  const script = `(function(){try{var c=${JSON.stringify(theme)};if(c){localStorage.setItem("theme",c);return}var s=localStorage.getItem("theme");if(s==="light"||s==="dark"){var r=document.documentElement;r.classList.remove("system");r.classList.add(s);document.cookie="theme="+s+";path=/;max-age=31536000;samesite=lax"}}catch(e){}})()`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

export function ThemeToggle() {
  const fetcher = useFetcher({ key: "theme" });
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  const buttonClass =
    "h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800";
  return (
    <fetcher.Form
      method="post"
      action="/resources/theme"
      onSubmit={(event) => {
        const next = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        try {
          if (next) localStorage.setItem("theme", next);
        } catch {
          /* private mode: the cookie still holds the choice */
        }
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="theme"
        value="dark"
        className={`${buttonClass} inline-flex dark:hidden`}
        aria-label="Switch to dark theme"
      >
        <MoonIcon />
      </button>
      <button
        type="submit"
        name="theme"
        value="light"
        className={`${buttonClass} hidden dark:inline-flex`}
        aria-label="Switch to light theme"
      >
        <SunIcon />
      </button>
    </fetcher.Form>
  );
}

function MoonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}
