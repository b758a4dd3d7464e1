// Keyset paging of staff lists shown newest first by (createdAt, id): a page is named by the row it
// starts after (`after`) or ends before (`before`), written "<ms>.<id>" in the URL, so the links
// work without JavaScript and a page reads only its own rows however long the list is.
import { z } from "~/lib/zod";

/** Rows a page of a staff list shows. */
export const PAGE_SIZE = 50;

export type Cursor = { createdAt: Date; id: number };
/** A link to another page: the cursor to set ({} is the first page). */
export type PageLink = { after?: string; before?: string };
export type PageAt = { after?: Cursor; before?: Cursor };

export const cursorOf = (row: Cursor) => `${row.createdAt.getTime()}.${row.id}`;

/** A cursor from the URL; a malformed one is ignored (the first page). */
export const CursorParam = z
  .string()
  .regex(/^\d{1,15}\.\d{1,12}$/)
  .transform((value) => {
    const [ms, id] = value.split(".").map(Number);
    return { createdAt: new Date(ms), id };
  })
  .optional()
  .catch(undefined);

/** The page a URL asks for. */
export function pageAt(search: URLSearchParams): PageAt {
  return { after: CursorParam.parse(search.get("after") ?? undefined), before: CursorParam.parse(search.get("before") ?? undefined) };
}

/** The same address on another page: other parameters kept, those in `drop` (open dialogs) removed. */
export function pageHref(url: { pathname: string; search: string }, link: PageLink, drop: string[] = []) {
  const params = new URLSearchParams(url.search);
  for (const key of [...drop, "after", "before"]) params.delete(key);
  for (const [key, value] of Object.entries(link)) if (value) params.set(key, value);
  return `${url.pathname}${params.size ? `?${params}` : ""}`;
}
