// Keyset paging of staff lists: a page is named by the row it starts after (`after`) or ends
// before (`before`), written "<ms>.<id>" in the URL, so the links work without JavaScript and a
// page reads only its own rows however long the list is. The one paging helper of the back office.
import { z } from "~/lib/zod";

/** Rows a page of a staff list shows. */
export const PAGE_SIZE = 50;

/** A row's place in a list ordered by a time and then the id (newest first unless said otherwise). */
export type Cursor = { createdAt: Date; id: number };
/** A link to another page: the cursor to set ({} is the first page). */
export type PageLink = { after?: string; before?: string };
export type PageAt = { after?: Cursor; before?: Cursor };
export type Page<T> = { rows: T[]; previous: PageLink | null; next: PageLink | null };

export const cursorOf = (row: Cursor) => `${row.createdAt.getTime()}.${row.id}`;

/** The link to the page a cursor names (the page shown, for a dialog's address). */
export const linkTo = ({ after, before }: PageAt): PageLink => ({ after: after && cursorOf(after), before: before && cursorOf(before) });

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

/** The page a URL asks for; `prefix` names the parameters of a second list on the same page. */
export function pageAt(search: URLSearchParams, prefix = ""): PageAt {
  const param = (key: string) => CursorParam.parse(search.get(prefix + key) ?? undefined);
  return { after: param("after"), before: param("before") };
}

/** The same address on another page: other parameters kept, those in `drop` (open dialogs) removed. */
export function pageHref(url: { pathname: string; search: string }, link: PageLink, drop: string[] = [], prefix = "") {
  const params = new URLSearchParams(url.search);
  for (const key of [...drop, `${prefix}after`, `${prefix}before`]) params.delete(key);
  for (const [key, value] of Object.entries(link)) if (value) params.set(prefix + key, value);
  return `${url.pathname}${params.size ? `?${params}` : ""}`;
}

type Direction = "asc" | "desc";

/** The order of a newest-first list by `column` then id, or the reverse to read a page backwards. */
export function ordering<C extends string>(backwards: boolean, column: C) {
  const direction: Direction = backwards ? "asc" : "desc";
  return [{ [column]: direction }, { id: direction }] as ({ [K in C]: Direction } | { id: Direction })[];
}

/** The rows past the cursor in a newest-first list by `column` (older ones), or ahead of it (newer ones). */
export function beyond<C extends string>({ createdAt, id }: Cursor, newer: boolean, column: C) {
  return (
    newer
      ? { [column]: { gte: createdAt }, OR: [{ [column]: { gt: createdAt } }, { id: { gt: id } }] }
      : { [column]: { lte: createdAt }, OR: [{ [column]: { lt: createdAt } }, { id: { lt: id } }] }
  ) as { [K in C]: { gte?: Date; lte?: Date } } & { OR: ({ [K in C]: { gt?: Date; lt?: Date } } | { id: { gt?: number; lt?: number } })[] };
}

/** The page links either side of a page read forwards (`after`) or backwards (`before`). */
function links<T>(
  page: T[],
  keyOf: (row: T) => Cursor,
  { cursor, backwards, more }: { cursor: boolean; backwards: boolean; more: boolean },
) {
  const [first, last] = [page[0], page.at(-1)];
  return {
    rows: page,
    previous: !cursor ? null : first ? { before: cursorOf(keyOf(first)) } : {},
    next: (backwards || more) && last ? { after: cursorOf(keyOf(last)) } : null,
  };
}

/**
 * One page of a list shown newest first by a time and the id, with the links to the pages either
 * side (null where there is none). `find` reads up to `take` rows of the list past `cursor` (ahead
 * of it when `backwards`) in that order (reversed when `backwards`); `where` and `orderBy` say so
 * for a list ordered by `column`. Going back to near the start gives the first page, full.
 */
export async function keysetPage<T, C extends string = "createdAt">(
  find: (page: {
    where: ReturnType<typeof beyond<C>> | object;
    orderBy: ReturnType<typeof ordering<C>>;
    take: number;
    cursor: Cursor | undefined;
    backwards: boolean;
  }) => Promise<T[]>,
  { after, before }: PageAt,
  { column = "createdAt" as C, keyOf = (row: T) => row as Cursor }: { column?: C; keyOf?: (row: T) => Cursor } = {},
): Promise<Page<T>> {
  const cursor = after ?? before;
  const backwards = !after && Boolean(before);
  const rows = await find({
    where: cursor ? beyond(cursor, backwards, column) : {},
    orderBy: ordering(backwards, column),
    take: PAGE_SIZE + 1,
    cursor,
    backwards,
  });
  const more = rows.length > PAGE_SIZE;
  if (backwards && !more) return keysetPage(find, {}, { column, keyOf });
  const page = backwards ? rows.slice(0, PAGE_SIZE).reverse() : rows.slice(0, PAGE_SIZE);
  return links(page, keyOf, { cursor: Boolean(cursor), backwards, more });
}

/**
 * The same paging over a list computed in memory and sorted by `compare`: `keyOf` gives a row's
 * cursor and `rowAt` turns a cursor back into a row to compare with (or undefined when it names no
 * row any more: the first page).
 */
export function sortedPage<T>(
  sorted: T[],
  { after, before }: PageAt,
  { compare, keyOf, rowAt }: { compare: (a: T, b: T) => number; keyOf: (row: T) => Cursor; rowAt: (cursor: Cursor) => T | undefined },
): Page<T> {
  const at = after ?? before;
  const mark = at && rowAt(at);
  if (!mark) return links(sorted.slice(0, PAGE_SIZE), keyOf, { cursor: false, backwards: false, more: sorted.length > PAGE_SIZE });
  if (after) {
    const rest = sorted.filter((row) => compare(row, mark) > 0);
    return links(rest.slice(0, PAGE_SIZE), keyOf, { cursor: true, backwards: false, more: rest.length > PAGE_SIZE });
  }
  const ahead = sorted.filter((row) => compare(row, mark) < 0);
  if (ahead.length <= PAGE_SIZE) return sortedPage(sorted, {}, { compare, keyOf, rowAt });
  return links(ahead.slice(-PAGE_SIZE), keyOf, { cursor: true, backwards: true, more: true });
}
