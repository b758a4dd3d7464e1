// /privacy: what Civic Atlas collects, why, how long it keeps it, and how to get it removed.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { RETENTION } from "~/lib/retention";
import { loader } from "./privacy.server";
import { linkClass } from "~/components/button";

export { loader };

export const meta: MetaFunction = () => [
  { title: "Privacy Policy · Civic Atlas" },
  { name: "description", content: "What Civic Atlas collects about you, why, how long it keeps it, and your choices." },
];

export default function Privacy() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const mail = (
    <a href={`mailto:${supportEmail}`} className={linkClass}>
      {supportEmail}
    </a>
  );
  return (
    <LegalPage title="Privacy Policy" updated="November 22, 2026">
      <p>
        Civic Atlas is a nonpartisan site about elected officials in the United States. You can use the map, the lists, search, state pages
        and official profiles without an account and without telling us anything about yourself. This page lists everything we do collect,
        why, and for how long.
      </p>
      <h2>1. What we collect and why</h2>
      <ul>
        <li>
          <strong>Accounts.</strong> Your email address, name and password (stored only as an argon2id hash), or, when you sign in with
          Google, GitHub or Microsoft, the account id, email, name and picture that provider shares. We use them to sign you in and to send
          account emails (confirmation and password reset).
        </li>
        <li>
          <strong>Profile answers.</strong> The optional details you give at registration or on your profile: phone, address, city, state,
          ZIP code, country, time zone, political affiliation, voting frequency, trust in government, news habits, engagement, issues and
          news sources. We use them to personalise what the site shows you. They are optional and you can clear them at any time on your
          profile.
        </li>
        <li>
          <strong>What you follow.</strong> The officials and issues you follow and how often you want the email digest of them. Only you
          see them, on your My Officials page; staff see only your email preferences. They are deleted with your account.
        </li>
        <li>
          <strong>Mailing list.</strong> When you join the mailing list: your email and, if you add them, your name, phone, address, city,
          state, ZIP code, occupation and political affiliation. We use them to send the Civic Atlas newsletter.
        </li>
        <li>
          <strong>Contact messages.</strong> Your name, email, subject, category and message, so we can answer you.
        </li>
        <li>
          <strong>Cookies.</strong> <code>ca_session</code> keeps you signed in (30 days, removed when you log out); <code>theme</code>{" "}
          remembers light or dark (1 year);
          <code> ca_toast</code> carries a notice to the next page and is then deleted; <code>ca_oauth_*</code> protects a single sign-on
          for the few minutes it takes. Your browser's local and session storage remember your last selected state and whether you have seen
          the welcome dialog. There are no advertising or tracking cookies and no third-party analytics.
        </li>
        <li>
          <strong>Server logs and account activity.</strong> Each request's time, address, page and result, to keep the service running and
          stop abuse; and, for accounts, a record of sign-ins, failed sign-ins and changes, with the address they came from, to protect your
          account.
        </li>
      </ul>
      <h2>2. How long we keep it</h2>
      <ul>
        <li>Accounts, profile answers and what you follow: until you ask us to delete your account.</li>
        <li>
          Mailing-list entries: until you unsubscribe; we then keep only your email marked as unsubscribed, so we never write to you again,
          unless you ask us to delete it.
        </li>
        <li>Contact messages: {RETENTION.contactMessagesMonths} months.</li>
        <li>
          Server logs: {RETENTION.logDays} days. Account activity records: {RETENTION.activityMonths} months.
        </li>
      </ul>
      <h2>3. Who sees it</h2>
      <p>
        Civic Atlas staff (owners, administrators and moderators) see account and mailing-list details to run the service; moderators do not
        see the mailing list. We do not sell or rent personal information, and we share it only with the companies that host the site and
        deliver its email, for that purpose alone, or when the law requires.
      </p>
      <h2>4. Your choices</h2>
      <ul>
        <li>
          <strong>Unsubscribe:</strong> every mailing-list email has a one-click unsubscribe link. It takes effect at once. Signing up again
          later does not put you back on the list: we email you a link to confirm that you want to re-join, valid for 7 days.
        </li>
        <li>
          <strong>Signing up again</strong> never changes the details you gave the first time, and the site never shows them to anyone who
          types your email. To correct them, write to {mail}.
        </li>
        <li>
          <strong>See, correct or delete your data:</strong> edit your profile at any time, or write to {mail} to get a copy of your data or
          to have your account, profile answers, mailing-list entry or messages deleted. We do it within 30 days.
        </li>
      </ul>
      <h2>5. Changes and contact</h2>
      <p>We will post any change here with a new date. Questions: {mail}.</p>
    </LegalPage>
  );
}
