// The page server.ts renders when it refuses a page request for too many attempts: the message
// inside the site's shell, with a way back. Asked for directly, there is nothing here.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [
  { title: "Too Many Requests · Civic Atlas" },
  { name: "description", content: "Too many attempts from your network: please wait 15 minutes and try again." },
];

export function loader({ context }: LoaderFunctionArgs) {
  if (!context.refusal)
    throw data({ message: "Page Not Found. The page you are looking for does not exist or has moved." }, { status: 404 });
  throw data({ message: context.refusal }, { status: 429 });
}

export default function TooManyRequests() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
