// A user's email digest as their own page and the staff's user detail page both word it: the
// frequency chosen and one sentence about the last digest. Times are UTC, as on every page the server renders.
import { formatDateTime } from "~/lib/dates";

/** The choices a user has, in the order offered; null (never chosen) reads as Off. */
export const DIGEST_CHOICES = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "off", label: "Off" },
] as const;
export const digestChoiceLabel = (frequency: string | null) => DIGEST_CHOICES.find((c) => c.value === frequency)?.label ?? "Off";

export type LastDigest = {
  status: string;
  sentAt: Date | string | null;
  createdAt: Date | string;
  itemCount: number;
  error: string | null;
};

export function lastDigestSentence(digest: LastDigest | null): string {
  if (!digest) return "No digest has been sent yet.";
  const items = `${digest.itemCount} new ${digest.itemCount === 1 ? "item" : "items"}`;
  const at = `${formatDateTime(digest.sentAt ?? digest.createdAt)} UTC`;
  switch (digest.status) {
    case "sent":
      return `Last digest sent ${at}, with ${items}.`;
    case "sending":
      return `A digest with ${items} is being sent now.`;
    case "failed":
      return `The last digest, on ${at}, could not be sent (${digest.error ?? "the email could not be sent"}). The next run tries again.`;
    default:
      return `The last digest, on ${at}, was interrupted by a server restart and may not have arrived; it is not sent again.`;
  }
}
