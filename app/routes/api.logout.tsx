// /api/logout: the header's plain Logout link. Following it from this site (or typing it) deletes
// the session row, so the old cookie no longer authenticates, and goes home: a GET that writes,
// because the product makes logout a link; signing out is idempotent. A GET another site started (a
// link, an image or a frame there: Sec-Fetch-Site cross-site, or another site's Origin) does not sign
// anyone out: it shows a page whose Sign out button POSTs here, which the origin check guards.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { destroySession, getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { isCrossSite } from "~/lib/origin-check";
import { logActivity } from "~/models/users.server";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [{ title: "Sign out · Civic Atlas" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const startedElsewhere = isCrossSite({
    origin: request.headers.get("origin"),
    host: request.headers.get("host"),
    secFetchSite: request.headers.get("sec-fetch-site"),
  });
  if (!startedElsewhere) return signOut(request, context.ipAddress);
  if (!(await getUser(request))) return redirect("/");
  return { confirm: true };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context.ipAddress);
}

async function signOut(request: Request, ipAddress: string | null | undefined) {
  const user = await getUser(request);
  const cookie = await destroySession(request);
  if (user) await logActivity(db, { userId: user.id, action: "sign_out", ipAddress });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export default function SignOut() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Sign out?</h1>
      <p className="mt-4">Another site sent you here. You are still signed in to Civic Atlas.</p>
      <Form method="post" reloadDocument className="mt-6">
        <button type="submit" className={primaryButton}>
          Sign out
        </button>
      </Form>
      <Link to="/" className={`mt-6 inline-block font-medium ${linkClass}`}>
        Stay signed in
      </Link>
    </div>
  );
}
