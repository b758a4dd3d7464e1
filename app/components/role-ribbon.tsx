// The role-mode ribbon for moderators and above: OWNER MODE, ADMIN MODE or MODERATOR MODE, with a
// button back to the homepage under /admin, else to the admin panel (or Manage Data for a moderator).
import { Link, useLocation } from "@remix-run/react";

const MODES = {
  owner: { label: "OWNER MODE", className: "bg-amber-300 text-amber-950" },
  admin: { label: "ADMIN MODE", className: "bg-red-800 text-white" },
  moderator: { label: "MODERATOR MODE", className: "bg-teal-800 text-white" },
} as const;

const WAYS_IN = {
  panel: { to: "/admin", label: "Admin Panel" },
  data: { to: "/admin/data-management", label: "Manage Data" },
} as const;

/** `wayIn`: where the ribbon leads into the back office (the root loader decides), null for no ribbon. */
export function RoleRibbon({ role, wayIn }: { role: string | null | undefined; wayIn: keyof typeof WAYS_IN | null }) {
  const { pathname } = useLocation();
  const mode = MODES[role as keyof typeof MODES];
  if (!wayIn || !mode) return null;
  const inAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
  const button = inAdmin ? { to: "/", label: "Back to Homepage" } : WAYS_IN[wayIn];
  return (
    <div className={`${mode.className} text-sm`} data-testid="role-ribbon">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-1.5">
        <span className="font-bold tracking-wider">{mode.label}</span>
        <Link to={button.to} className="rounded border border-current px-3 py-0.5 font-semibold">
          {button.label}
        </Link>
      </div>
    </div>
  );
}
