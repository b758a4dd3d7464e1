// Route and query parameters shared by pages and the JSON API.
import { z } from "~/lib/zod";

const ID_MESSAGE = "The id must be a positive whole number.";
/** The largest id a row can have (Prisma's Int is 32-bit). */
export const MAX_ID = 2_147_483_647;

/**
 * A row id as it appears in a URL: canonical decimal only. "580" is an id; "0580", "+580",
 * " 580 ", "5.8e2" and "0x244" are not, so each row has exactly one address.
 */
export const IdParam = z
  .string(ID_MESSAGE)
  .regex(/^[1-9][0-9]{0,9}$/, ID_MESSAGE)
  .transform(Number)
  .refine((id) => id <= MAX_ID, ID_MESSAGE);
export const StateAbbreviationParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase());
