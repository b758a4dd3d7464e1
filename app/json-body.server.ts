// Reads a JSON request body against a Zod schema: bad JSON and bad fields are a 400 with a message.
import type { z } from "~/lib/zod";

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw Response.json({ message: "The request body must be valid JSON." }, { status: 400 });
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
    throw Response.json({ message: "The request body must be valid JSON." }, { status: 400 });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
    throw Response.json({ message: parsed.error.issues[0].message, errors }, { status: 400 });
  }
  return parsed.data;
}
