// Transfer ownership, on an account's Settings tab for the owner: ownership moves to this account and
// the owner becomes an admin. A POST form with the account's email typed as the confirmation, so it
// works without JavaScript and cannot be done by one stray click.
import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/button";

export function TransferOwnership({
  email,
  refusal,
  failure,
}: {
  email: string;
  refusal: string | null;
  /** The refused attempt: the rule's text and what was typed, kept in the field. */
  failure?: { message: string; typed?: string };
}) {
  return (
    <section aria-labelledby="transfer-heading" className="mt-6 rounded-lg border border-red-300 p-4 dark:border-red-800">
      <h3 id="transfer-heading" className="text-lg font-semibold">
        Transfer ownership
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        This account becomes the owner and you become an admin. Only the new owner can give it back.
      </p>
      {refusal ? (
        <p className="mt-2 text-sm">{refusal}</p>
      ) : (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm">
            <span>
              Type <strong className="break-all">{email}</strong> to confirm
            </span>
            <input
              name="confirmEmail"
              type="text"
              autoComplete="off"
              required
              defaultValue={failure?.typed}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? "transfer-error" : undefined}
              className="mt-1 rounded-md border border-slate-400 px-3 py-2 dark:border-slate-500 dark:bg-slate-900"
            />
          </label>
          <button type="submit" name="intent" value="transfer" className={buttonClass.danger}>
            Transfer ownership
          </button>
          {failure && (
            <p id="transfer-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
              {failure.message}
            </p>
          )}
        </Form>
      )}
    </section>
  );
}
