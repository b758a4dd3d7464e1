// Reads a JSON request body against a Zod schema: bad JSON and bad fields are a 400 with a message.
import type { z } from "zod";

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
