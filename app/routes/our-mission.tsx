// /our-mission: the mission page.
import type { MetaFunction } from "@remix-run/node";
import { ContentPageWelcome } from "~/components/welcome-dialog";
import flag from "~/assets/flag.svg";

export const meta: MetaFunction = () => [
  { title: "Our Mission · Civic Atlas" },
  { name: "description", content: "Every American should easily access information about their elected officials." },
];

const VALUES = [
  {
    title: "Transparency",
    text: "Who represents you, how to reach them and how they vote should be a click away, with the source of every fact shown beside it.",
  },
  { title: "Accountability", text: "Officials answer to the people they serve. Clear, current records make that possible." },
  { title: "Civic Engagement", text: "Knowing your representatives is the first step to writing, calling, voting and taking part." },
];

const PROVIDES = [
  "An interactive map of all 50 states, the District of Columbia and the U.S. territories",
  "Profiles of every governor, U.S. senator and House representative, with contact details",
  "Filters by office and party, with issue-based views (abortion, climate, immigration, marijuana and more) on the way",
  "Data from official government sources, refreshed nightly",
];

const COMMITMENTS = [
  { title: "Nonpartisan information", text: "We present facts about every official the same way, whatever their party." },
  {
    title: "Data accuracy",
    text: "Every value shows where it came from and when it was last verified; staff corrections are reviewed before they go live.",
  },
  { title: "User privacy", text: "We collect only what the service needs, never sell it, and delete it on request." },
  { title: "Continuous improvement", text: "Voting records, state cabinets and legislation tracking are next." },
];

export default function OurMission() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <img src={flag} alt="Flag of the United States" width="741" height="390" className="mx-auto h-auto w-full max-w-md rounded shadow" />
      <h1 className="mt-8 text-center text-4xl font-bold">Our Mission</h1>
      <blockquote className="mx-auto mt-6 max-w-2xl text-center text-xl italic text-slate-700 dark:text-slate-300">
        “Every American should easily access information about their elected officials.”
      </blockquote>
      <p className="mt-6 text-center">
        Civic Atlas covers all 50 states, as well as the District of Columbia and the five U.S. territories.
      </p>
      <section aria-labelledby="values" className="mt-10">
        <h2 id="values" className="sr-only">
          Our values
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-lg border border-slate-200 p-5 dark:border-slate-700">
              <h3 className="text-lg font-semibold">{v.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="provide" className="mt-10">
        <h2 id="provide" className="text-2xl font-bold">
          What We Provide
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {PROVIDES.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="commitments"
        className="mt-10 rounded-lg border border-slate-200 bg-slate-50 p-6 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="commitments" className="text-2xl font-bold">
          Our Commitments
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {COMMITMENTS.map((c) => (
            <div key={c.title}>
              <dt className="font-semibold">{c.title}</dt>
              <dd className="mt-1 text-slate-700 dark:text-slate-300">{c.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ContentPageWelcome />
    </div>
  );
}
