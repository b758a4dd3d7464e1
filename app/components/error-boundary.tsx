// One error page for every status: 404 gets the spec's text; 400 and 403 say what went wrong;
// anything else is a 500 that never shows internals.
import { Link, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { filledButton } from "~/components/button";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Sign-in Required",
  403: "Access Denied",
  404: "404 Page Not Found",
  415: "Unsupported Request",
  429: "Too Many Requests",
};

/** With JavaScript, a request that never reaches the server: shown as the network failure below. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError && /fetch|network|load failed/i.test(error.message);

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isNetworkFailure(error)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Connection Problem</h1>
        <p role="alert" className="mt-4">
          Network connection failed. Please check your internet connection and try again.
        </p>
        <a href={location.pathname + location.search} className={`mt-8 inline-block ${filledButton}`}>
          Try again
        </a>
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : isRouteErrorResponse(error) && typeof error.data?.message === "string"
        ? error.data.message
        : status === 404
          ? "Page Not Found. The page you are looking for does not exist or has moved."
          : "Something went wrong on our side. Please try again in a moment.";
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{TITLES[status] ?? "Something Went Wrong"}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{message}</p>
      <Link to="/" className={`mt-8 inline-block ${filledButton}`}>
        Back to Home
      </Link>
    </div>
  );
}

/** A not-found page with the spec's own title, text and way back. */
export function NotFoundPage({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">{message}</p>
      <Link to={back.to} className={`mt-8 inline-block ${filledButton}`}>
        {back.label}
      </Link>
    </div>
  );
}
