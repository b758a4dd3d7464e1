// The home page. The map and list views arrive with the public-experience issue (#3).
import { useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { coverage } from "~/models/officials.server";

export async function loader() {
  return { coverage: await coverage(db) };
}

export default function Index() {
  const { coverage: c } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Find your elected officials</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Civic Atlas covers {c.jurisdictions} states, districts and territories: {c.senators} U.S. senators,{" "}
        {c.representatives} House members and delegates, and {c.governors} governors.
      </p>
    </section>
  );
}
