// The page footer. Footer links are ordinary navigations, which start at the top.
import { Link } from "@remix-run/react";
import { linkClass } from "~/components/button";

const FIRST_YEAR = 2024;
const SOCIAL_URL = "https://x.com/CivicAtlas";

export function Footer({ signedIn, year }: { signedIn: boolean; year: number }) {
  const links: { to: string; label: string; reloadDocument?: boolean }[] = [
    { to: "/privacy", label: "Privacy Policy" },
    { to: "/terms", label: "Terms of Service" },
    { to: "/contact", label: "Contact Us" },
    { to: "/data", label: "Open Data" },
    // Sign-in is a full page load, so the page starts from the top.
    ...(signedIn ? [] : [{ to: "/sign-in", label: "Sign In", reloadDocument: true }]),
  ];
  const scrollTop = () => window.scrollTo({ top: 0 });
  return (
    <footer className="order-1 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md">
          <p className="font-semibold">Civic Atlas</p>
          <blockquote className="mt-2 text-sm italic text-slate-700 dark:text-slate-300">
            “Know who represents you. Every state, every official, one map.”
          </blockquote>
          <a href={SOCIAL_URL} rel="noopener noreferrer" className={`mt-3 inline-block text-sm ${linkClass}`}>
            Follow Civic Atlas on X
          </a>
          <Link to="/welcome" className={`ml-4 mt-3 inline-block text-sm ${linkClass}`}>
            Join our mailing list
          </Link>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  reloadDocument={link.reloadDocument}
                  onClick={scrollTop}
                  className="text-slate-700 underline-offset-4 hover:underline dark:text-slate-300"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="pb-6 text-center text-xs text-slate-600 dark:text-slate-400">
        © {FIRST_YEAR === year ? year : `${FIRST_YEAR}–${year}`} Civic Atlas. All rights reserved.
      </p>
    </footer>
  );
}
