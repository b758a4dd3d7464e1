// Reads a JSON request body against a Zod schema: bad JSON and bad fields are a 400 with a message.
import type { z } from "~/lib/zod";
import { jsonError } from "~/json-response.server";

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonError(400, "The request body must be valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw Response.json({ message: issue.message, field: issue.path.join(".") || undefined }, { status: 400 });
  }
  return parsed.data;
}

/**
 * Reads a JSON body for a form-like call: a 400 names every bad field,
 * `{ message, errors: { field: [messages] } }`, as the matching page shows them. An empty body
 * reads as `{}` (calls whose payload is optional).
 */
export async function readJsonFields<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw jsonError(400, "The request body must be valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      // A key the call does not take is named as its own field, so the caller sees which one.
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) (errors[key] ??= []).push(`Unknown field: ${key}.`);
      else (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
    }
    const [field, [message]] = Object.entries(errors)[0];
    throw Response.json({ message, field, errors }, { status: 400 });
  }
  return parsed.data;
}

export const NO_CHANGES_SENT = "Send at least one field to change.";

/**
 * Reads the JSON body of an edit: an object of the fields to change (a key left out stays as it
 * is). A field the schema does not know, a value of the wrong type, or an empty body is a 400
 * naming the field, never a silent "unchanged".
 */
export async function readJsonChanges<T extends z.ZodObject>(request: Request, schema: T): Promise<z.infer<T>> {
  const changes = (await readJsonFields(request, schema.strict())) as z.infer<T>;
  if (Object.keys(changes as object).length === 0)
    throw Response.json({ message: NO_CHANGES_SENT, field: "body", errors: { body: [NO_CHANGES_SENT] } }, { status: 400 });
  return changes;
}
