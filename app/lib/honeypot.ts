// A honeypot for public forms: a field people never see or fill, that form-filling bots do.
export const HONEYPOT_FIELD = "website_url";

export const isBot = (form: FormData | Record<string, unknown>) => {
  const value = form instanceof FormData ? form.get(HONEYPOT_FIELD) : form[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
};
