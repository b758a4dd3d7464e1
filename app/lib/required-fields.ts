// The browser's check before a form is sent: every field its schema requires (the constraint the
// loader sends) has something in it. Other rules stay with the server, which answers them; this
// one alone lets an empty form be refused without a request, and without zod in the browser.

type Constraints = Record<string, { required?: boolean } | undefined>;

/**
 * Conform's resolve result: "Required" on each empty required field, or the values as they are,
 * typed as the form's input (the server parses them with the schema).
 */
export function checkRequired<Input>(
  values: Record<string, unknown>,
  constraint: Constraints,
  message = "Required",
): { error: Record<string, string[]> } | { value: Input } {
  const empty = Object.entries(constraint)
    .filter(([name, c]) => c?.required && !String(values[name] ?? "").trim())
    .map(([name]): [string, string[]] => [name, [message]]);
  return empty.length > 0 ? { error: Object.fromEntries(empty) } : { value: values as Input };
}
