// Reads a page action's form body. Every page action reads its form through here: a body that is
// not a form (JSON, plain text, none) is a 415 and a form that cannot be parsed (a broken
// multipart body) a 400, each with a message, where request.formData() alone would throw a 500.
import { jsonError } from "~/json-response.server";
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const FORM_BODY_MESSAGES = {
  unsupported: "This address takes a form: send application/x-www-form-urlencoded or multipart/form-data.",
  unreadable: "The form could not be read. Please reload the page and try again.",
};

export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw jsonError(415, FORM_BODY_MESSAGES.unsupported);
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, FORM_BODY_MESSAGES.unreadable);
  }
}
