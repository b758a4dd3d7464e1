// Route and query parameters shared by pages and the JSON API.
import { z } from "zod";

export const IdParam = z.coerce
  .number("The id must be a positive whole number.")
  .int("The id must be a positive whole number.")
  .positive("The id must be a positive whole number.");
export const StateAbbreviationParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase());
