// The server half of the root route (app/root.tsx): who is signed in, their theme and a pending toast.
// One .server module per page keeps the browser bundle free of server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getUser } from "~/auth/session.server";
import { roleFlags } from "~/auth/roles";
import { getTheme } from "~/theme.server";
import { getToast } from "~/toast.server";

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
        avatarHash: user.avatar?.hash ?? null,
      },
      flags: roleFlags(user?.role),
      theme,
      toast,
      year: new Date().getFullYear(),
    },
    { headers: headers ?? undefined },
  );
}
