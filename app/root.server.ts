// The server half of the root route (app/root.tsx): who is signed in, their theme and a pending toast.
// One .server module per page keeps the browser bundle free of server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { can } from "~/auth/permissions";
import { getUser } from "~/auth/session.server";
import { isRole } from "~/auth/roles";
import { env } from "~/env.server";
import { getTheme } from "~/theme.server";
import { getToast } from "~/toast.server";

/**
 * The staff links the header and the role ribbon show: the dashboard in the avatar menu, and the
 * ribbon's way into the back office: the admin panel, or data management for a
 * moderator. Decided here, so the permission matrix stays on the server; the pages behind the
 * links check again.
 */
function staffLinks(role: string | undefined) {
  const known = isRole(role) ? role : null;
  const ribbon: "panel" | "data" | null = !can(known, "ribbon:show") ? null : can(known, "admin:dashboard-data") ? "panel" : "data";
  return { dashboard: can(known, "page:dashboard"), ribbon };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, theme, { toast, headers }] = await Promise.all([getUser(request), getTheme(request), getToast(request)]);
  return data(
    {
      user: user && {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        avatarHash: user.avatarHash,
        initial: user.initial,
      },
      staffLinks: staffLinks(user?.role),
      theme,
      toast,
      year: new Date().getFullYear(),
      // The one zone of every time on staff pages (app/components/staff-time.tsx).
      timeZone: env().JOBS_TIME_ZONE,
    },
    { headers: headers ?? undefined },
  );
}
