// The ZIP form: a GET form to /find, so it works without JavaScript. Its own module, so a page that
// shows only the form (the home page) does not load the answer's code.
import { Form } from "@remix-run/react";

export const fieldClass = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900";
export const submitClass = "rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800";

export function ZipForm({ defaultValue = "", error, id = "zip" }: { defaultValue?: string; error?: string | null; id?: string }) {
  return (
    <Form method="get" action="/find" className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        ZIP code
      </label>
      <div className="flex gap-2">
        <input
          key={defaultValue}
          id={id}
          name="zip"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          defaultValue={defaultValue}
          placeholder="e.g. 20001"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${fieldClass} max-w-48`}
        />
        <button type="submit" className={submitClass}>
          Find
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </Form>
  );
}
