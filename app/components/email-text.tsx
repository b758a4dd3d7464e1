// An email address in a narrow column: it may wrap after "@" and after each dot, where a reader
// expects a break, and mid-part only when one part alone is wider than the column.
import { Fragment } from "react";

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
