// Any path no other route serves: a real 404.
import { GeneralErrorBoundary } from "~/components/error-boundary";

export function loader() {
  throw new Response("Page Not Found. The page you are looking for does not exist or has moved.", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
