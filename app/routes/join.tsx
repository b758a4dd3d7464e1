// /join: the ways in. Signed-in visitors are sent home. Registration and sign-in
// are full page loads.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { getUser } from "~/auth/session.server";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Join Civic Atlas" },
  {
    name: "description",
    content: "Create a free Civic Atlas account to see your own elected officials on the home page, or join the mailing list.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  return null;
}

export default function Join() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Join the Movement</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Create a free account for personalised insights: signed in, the home page shows your own elected officials. Accounts also give the
        full official database, voting-record updates and advanced search.
      </p>
      <div className="mt-8 space-y-3">
        <a href="/register" className={`block ${primaryButton}`}>
          Create Account
        </a>
        <p className="text-sm">
          Already have an account?{" "}
          <a href="/sign-in" className={`font-medium ${linkClass}`}>
            Sign in here
          </a>
        </p>
        <Link to="/welcome" className={`block text-sm font-medium ${linkClass}`}>
          Join our mailing list
        </Link>
        <Link
          to="/"
          className="block rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Browse Without Account
        </Link>
      </div>
    </div>
  );
}
