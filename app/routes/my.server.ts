// /my: a signed-in user's own officials (from the ZIP on their profile), what they follow, and how
// often they want the email digest. Every change is a POST to this route, named by `intent`.
import { perUserLimit } from "~/lib/per-user-limit.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { getUser, requireUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { readFormData } from "~/form-data.server";
import { lastDigestSentence } from "~/lib/digest-status";
import { safeRedirect } from "~/lib/safe-redirect";
import { districtLabel, parseZip } from "~/lib/zip";
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
import { geocodeDistrict } from "~/census-geocoder.server";
import { districtAnswer, profileZipOf, profileZipAnswer, saveHomeDistrict, zipAnswer, zipNeedsAddress } from "~/models/zip-codes.server";
import { redirectWithToast } from "~/toast.server";

/** Votes shown under each of the user's officials. */
const VOTES_PER_OFFICIAL = 3;

export const DIGEST_SAVED = { daily: "You will get a daily digest.", weekly: "You will get a weekly digest.", off: "Digests are off." };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const zip = parseZip(await profileZipOf(db, user.id));
  const answer = zip.ok ? await profileZipAnswer(db, user.id, zip.zip) : null;
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

const ADDRESS_MAX = 200;
const LOOKUP_LIMIT_MESSAGE = "Too many address lookups. Please wait 15 minutes and try again.";
/** Each lookup sends the user's address to the Census Bureau: at most 10 a user in 15 minutes. */
const allowLookup = perUserLimit({ limit: 10, windowMs: 15 * 60 * 1000 });
/** A refused street address: the message shows in the address form, which keeps what was typed. */
const refuseAddress = (address: string, addressError: string) => data({ message: addressError, address, addressError }, { status: 400 });

/**
 * A split or state-crossing profile ZIP narrowed by the user's street address: the Census Bureau's
 * geocoder places it in one district (of that ZIP), which is kept for the ZIP; the address is not.
 */
const narrowDistrict: Intent = async (userId, form) => {
  const address = String(form.get("address") ?? "").trim();
  const zip = parseZip(await profileZipOf(db, userId));
  const answer = zip.ok ? await zipAnswer(db, zip.zip) : null;
  if (!zip.ok || !answer || !zipNeedsAddress(answer))
    return refuseAddress(address, "Only a ZIP code that crosses district or state lines needs a street address.");
  if (address.length < 5 || address.length > ADDRESS_MAX)
    return refuseAddress(
      address,
      `Enter your street address, such as 455 N Rexford Dr, Beverly Hills (at most ${ADDRESS_MAX} characters).`,
    );
  if (!allowLookup(userId)) return data({ message: LOOKUP_LIMIT_MESSAGE, address, addressError: LOOKUP_LIMIT_MESSAGE }, { status: 429 });
  const found = await geocodeDistrict(`${address}, ${zip.zip}`);
  if (found.status === "unreachable")
    return refuseAddress(
      address,
      "The U.S. Census Bureau's geocoder could not be reached just now, so your address could not be checked. Please try again in a minute.",
    );
  const narrowed = found.status === "found" ? await districtAnswer(db, zip.zip, found.stateFips, found.district) : null;
  const inZip = answer.kind !== "officials" || answer.lookup.districts.includes(found.status === "found" ? found.district : -1);
  if (!narrowed || narrowed.kind !== "officials" || !inZip)
    return refuseAddress(address, `The U.S. Census Bureau could not find that address in ZIP ${zip.zip}. Check the number and street.`);
  const { state, districts } = narrowed.lookup;
  await saveHomeDistrict(db, userId, zip.zip, state, districts[0]);
  return redirectWithToast("/my", {
    title: "District saved",
    description: `Your officials are now those of ${state} ${districtLabel(districts[0])}.`,
  });
};

const INTENTS: Record<string, Intent> = {
  follow: followIntent(follow, "Following"),
  unfollow: followIntent(unfollow, "Unfollowed"),
  digest: saveDigest,
  district: narrowDistrict,
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
