// Follow / Unfollow for an official's profile or an issue's page: a POST form to /my that comes
// back to this page, so it works without JavaScript. Signed out, the same button leads to sign-in
// and back here. With JavaScript the button shows its new state at once.
import { useFetcher, useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/button";

export function FollowButton({
  target,
  following,
  name,
}: {
  target: { officialId: number } | { issue: string };
  following: boolean;
  name: string;
}) {
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "follow" : following;
  const [field, value] = "officialId" in target ? ["officialId", target.officialId] : ["issue", target.issue];
  return (
    <fetcher.Form method="post" action="/my">
      <input type="hidden" name="intent" value={shown ? "unfollow" : "follow"} />
      <input type="hidden" name={field} value={value} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" className={shown ? buttonClass.secondary : buttonClass.primary}>
        {shown ? "Unfollow" : "Follow"}
        <span className="sr-only"> {name}</span>
      </button>
    </fetcher.Form>
  );
}
