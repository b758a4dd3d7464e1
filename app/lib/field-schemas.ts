// The Zod rules fields share across every form and JSON call: the one email address rule and
// bounded text. Every free-text field has a cap, and going over it says so.
import { z } from "~/lib/zod";

/** The longest address SMTP carries (RFC 5321), and the longest part before the @. */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_PART_MAX = 64;

export const atMost = (max: number) => `At most ${max} characters.`;

/**
 * An email address, trimmed and lower-cased. `invalid` is the form's own wording for a bad
 * address (the specification words it per form); `missing`, when given, for an absent one.
 */
export const emailAddress = ({ invalid, missing }: { invalid: string; missing?: string }) =>
  z
    .string({ error: missing ?? invalid })
    .trim()
    .max(EMAIL_MAX, { error: atMost(EMAIL_MAX), abort: true })
    .toLowerCase()
    .refine((v) => v.split("@")[0].length <= EMAIL_LOCAL_PART_MAX, `At most ${EMAIL_LOCAL_PART_MAX} characters before the @.`)
    .pipe(z.email(invalid));

/** Text that must be given, trimmed, at most `max` characters. */
export const requiredText = (max: number, missing: string) => z.string({ error: missing }).trim().min(1, missing).max(max, atMost(max));

/** Text that may be left out, trimmed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max, atMost(max)).optional();
