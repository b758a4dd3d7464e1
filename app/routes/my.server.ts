// /my: a signed-in user's own officials (from the ZIP on their profile), what they follow, and how
// often they want the email digest. Every change is a POST to this route, named by `intent`.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { getUser, requireUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { readFormData } from "~/form-data.server";
import { lastDigestSentence } from "~/lib/digest-status";
import { safeRedirect } from "~/lib/safe-redirect";
import { parseZip } from "~/lib/zip";
import { latestChanges } from "~/models/change-history.server";
import { lastDigestOf } from "~/models/digests.server";
import {
  DIGEST_FREQUENCIES,
  digestFrequencyOf,
  follow,
  followsOf,
  latestVotesOf,
  readFollowTarget,
  setDigestFrequency,
  unfollow,
  type DigestFrequency,
} from "~/models/follows.server";
import { profileZipOf, zipAnswer } from "~/models/zip-codes.server";
import { redirectWithToast } from "~/toast.server";

/** Votes shown under each of the user's officials. */
const VOTES_PER_OFFICIAL = 3;

export const DIGEST_SAVED = { daily: "You will get a daily digest.", weekly: "You will get a weekly digest.", off: "Digests are off." };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const zip = parseZip(await profileZipOf(db, user.id));
  const answer = zip.ok ? await zipAnswer(db, zip.zip) : null;
  const mine = answer?.kind === "officials" ? answer.officials : null;
  const follows = await followsOf(db, user.id);
  const mineIds = mine
    ? [
        ...(mine.governor ? [mine.governor.id] : []),
        ...mine.senators.map((s) => s.id),
        ...mine.house.flatMap((h) => (h.member ? [h.member.id] : [])),
      ]
    : [];
  const officialIds = [...new Set([...mineIds, ...follows.officials.map((o) => o.id)])];
  const [votes, changes, digest, lastDigest] = await Promise.all([
    latestVotesOf(db, officialIds, VOTES_PER_OFFICIAL),
    officialIds.length ? latestChanges(db, { stateAbbreviation: null, group: null, page: 1, officialIds }) : null,
    digestFrequencyOf(db, user.id),
    lastDigestOf(db, user.id),
  ]);
  return {
    zip: zip.ok ? zip.zip : null,
    answer,
    follows,
    votes,
    changes: changes?.entries.slice(0, 10) ?? [],
    digest,
    lastDigest: lastDigestSentence(lastDigest),
  };
}

const refuse = (message: string) => data({ message }, { status: 400 });

type Intent = (userId: string, form: FormData) => Promise<ReturnType<typeof refuse> | Response>;

const backTo = (form: FormData) => safeRedirect(form.get("redirectTo"), env().APP_URL, "/my");

const followIntent =
  (doIt: typeof follow, title: string): Intent =>
  async (userId, form) => {
    const target = await readFollowTarget(db, form);
    if (!target) return refuse("There is no such official or issue to follow.");
    await doIt(db, userId, target);
    return redirectWithToast(backTo(form), { title });
  };

const saveDigest: Intent = async (userId, form) => {
  const frequency = form.get("digest");
  if (!DIGEST_FREQUENCIES.includes(frequency as DigestFrequency)) return refuse("Choose daily, weekly or off.");
  await setDigestFrequency(db, userId, frequency as DigestFrequency);
  return redirectWithToast("/my#updates", { title: "Email updates saved", description: DIGEST_SAVED[frequency as DigestFrequency] });
};

const INTENTS: Record<string, Intent> = {
  follow: followIntent(follow, "Following"),
  unfollow: followIntent(unfollow, "Unfollowed"),
  digest: saveDigest,
};

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const user = await getUser(request);
  // A signed-out visitor's Follow button leads to sign-in, then back to the page it was on.
  if (!user) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(backTo(form))}`);
  const intent = INTENTS[String(form.get("intent"))];
  if (!intent) return refuse("Unknown action.");
  return intent(user.id, form);
}
