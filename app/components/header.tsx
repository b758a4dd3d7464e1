// The page header: logo, navigation (a details drawer on small screens, so it opens without
// JavaScript), the theme toggle, and Join Us or the avatar menu.
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { StoredPicture } from "~/components/stored-picture";
import { ThemeToggle } from "~/components/theme-toggle";
// Built assets get fingerprinted names under /build/, cached as immutable (decision 0025).
import logoDark from "~/assets/logo-dark.svg";
import logoLight from "~/assets/logo-light.svg";

type HeaderUser = { email: string; firstName: string | null; role: string; avatarHash: string | null; initial: string } | null;

const NAV = [
  { to: "/", label: "Maps" },
  { to: "/our-mission", label: "Our Mission" },
];

/** Logo and Maps store navigationSource=fresh, so the map page starts with no state selected. */
function markFreshNavigation() {
  try {
    sessionStorage.setItem("navigationSource", "fresh");
  } catch {
    /* storage unavailable */
  }
}

/**
 * Closes an open <details> menu after a client-side navigation. Not on mount: a menu opened
 * before hydration finished (a slow phone) must stay open.
 */
function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `px-1 py-2 text-sm font-medium underline-offset-8 hover:text-blue-700 dark:hover:text-blue-300 ${
    isActive ? "underline decoration-2 decoration-blue-600" : ""
  }`;

/** `dashboardLink`: whether the avatar menu offers the Admin Dashboard (the root loader decides). */
export function Header({ user, dashboardLink }: { user: HeaderUser; dashboardLink: boolean }) {
  const drawerRef = useCloseOnNavigate();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" onClick={markFreshNavigation} className="flex items-center" aria-label="Civic Atlas home">
          <img src={logoLight} alt="" width="150" height="32" className="h-8 w-auto dark:hidden" />
          <img src={logoDark} alt="" width="150" height="32" className="hidden h-8 w-auto dark:block" />
        </Link>
        <nav aria-label="Main" className="ml-4 hidden gap-6 md:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end className={navLinkClass} onClick={item.to === "/" ? markFreshNavigation : undefined}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        {/* On a phone the box is as wide as what it holds (theme, account, menu: 36 + 36 + 40 px and the
            gaps) from the first paint, filled from the left, so a slow page arriving in pieces never
            moves the theme button when the menu after it arrives. Each button has its size before its
            icon is read: the browser may paint between the two, and a box growing round its icon
            moves (it is centred in the row). */}
        <div className={`ml-auto flex items-center gap-2 ${user ? "min-w-[8rem]" : "min-w-[5.25rem]"} md:min-w-0`}>
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} dashboardLink={dashboardLink} />
          ) : (
            <Link
              to="/join"
              className="hidden rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 md:inline-block"
            >
              Join Us
            </Link>
          )}
          <details ref={drawerRef} className="h-10 w-10 md:hidden">
            <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
              <span className="sr-only">Menu</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav
              aria-label="Mobile"
              className="fixed inset-x-0 bottom-0 top-16 z-50 flex flex-col gap-2 border-t border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-950"
            >
              {NAV.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end
                  className={navLinkClass}
                  onClick={item.to === "/" ? markFreshNavigation : undefined}
                >
                  {item.label}
                </NavLink>
              ))}
              {!user && (
                <Link to="/join" className="mt-4 rounded-md bg-blue-700 px-4 py-2 text-center text-sm font-semibold text-white">
                  Join Us
                </Link>
              )}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

function UserMenu({ user, dashboardLink }: { user: NonNullable<HeaderUser>; dashboardLink: boolean }) {
  const menuRef = useCloseOnNavigate();
  return (
    <details ref={menuRef} className="relative h-9 w-9">
      <summary className="flex cursor-pointer list-none items-center rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Account menu</span>
        <Avatar user={user} />
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <div className="border-b border-slate-200 px-3 py-2 dark:border-slate-700">
          {user.firstName && <p className="text-sm font-semibold">{user.firstName}</p>}
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
        </div>
        <Link to="/my" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          My Officials
        </Link>
        <Link to="/profile" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          My Profile
        </Link>
        {dashboardLink && (
          <Link to="/admin" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            Admin Dashboard
          </Link>
        )}
        {/* A plain link: a full page load through /api/logout, which ends the session. */}
        <a href="/api/logout" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          Logout
        </a>
      </div>
    </details>
  );
}

/**
 * The avatar: the person's picture from their sign-in provider, stored and served from this site
 * (/avatars, decision 0026), over their initial, which shows when there is none or it cannot load.
 * Never profileImageUrl itself: that would hand each visitor's address to a third-party host.
 */
export function Avatar({ user }: { user: { initial: string; avatarHash?: string | null } }) {
  return (
    <span
      aria-hidden="true"
      className="relative flex h-9 w-9 items-center justify-center overflow-hidden rounded-full bg-blue-700 text-sm font-semibold text-white"
    >
      {user.initial}
      {user.avatarHash && <StoredPicture key={user.avatarHash} hash={user.avatarHash} size={36} dir="/avatars" />}
    </span>
  );
}
