// /terms: the terms of use of the site and its data. The welcome dialog opens it in a new tab.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { env } from "~/env.server";

export const meta: MetaFunction = () => [
  { title: "Terms of Service · Civic Atlas" },
  { name: "description", content: "The terms for using Civic Atlas, its data and its accounts." },
];

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL };
}

export default function Terms() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Terms of Service" updated="November 21, 2026">
      <p>By using Civic Atlas you agree to these terms. If you join the mailing list, entering your email means you accept them.</p>
      <h2>1. The service</h2>
      <p>
        Civic Atlas shows public information about governors, U.S. senators and House representatives: who they are, how to reach them and,
        where available, how they vote. It is nonpartisan and free to use. It is not affiliated with any government, party or campaign.
      </p>
      <h2>2. The data</h2>
      <ul>
        <li>
          Officials' data comes from public sources, each named beside the value it supports: the unitedstates/congress-legislators project
          and openstates (both public domain, CC0), the U.S. Census Bureau (a U.S. government work), and the officials' own websites.
        </li>
        <li>
          You may reuse facts from Civic Atlas, including through its JSON API, with a mention of Civic Atlas and the original source. Keep
          your requests reasonable: the API and forms are rate limited, and automated traffic that slows the site for others will be
          blocked.
        </li>
        <li>
          We check the data nightly and staff review corrections, but officials change offices, phone numbers and websites often. The
          information is provided as is, without warranty; confirm anything important with the official's office. Report a mistake through
          the contact page.
        </li>
      </ul>
      <h2>3. Accounts</h2>
      <ul>
        <li>
          Give a real email address, keep your password to yourself, and tell us at once if you think someone else has used your account.
        </li>
        <li>One person, one account. Staff roles are granted by Civic Atlas only.</li>
        <li>We may suspend an account that breaks these terms. You may ask us to delete your account at any time ({supportEmail}).</li>
      </ul>
      <h2>4. What you may not do</h2>
      <ul>
        <li>Use the site or its contact details to harass, threaten or impersonate anyone, officials and their staff included.</li>
        <li>Send spam or automated messages through the contact form or to officials listed here.</li>
        <li>Try to get around the site's security, limits or permissions.</li>
      </ul>
      <h2>5. Liability and changes</h2>
      <p>
        Civic Atlas is not liable for decisions made on the basis of its information or for the content of sites it links to. We may change
        the service or these terms; the date above shows the latest version, and using the site after a change means you accept it.
      </p>
      <h2>6. Contact</h2>
      <p>Questions about these terms: {supportEmail}.</p>
    </LegalPage>
  );
}
