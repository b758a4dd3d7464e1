import { describe, expect, test } from "vitest";
import { CursorParam, pageAt, pageHref, PAGE_SIZE, sortedPage, type PageLink } from "./keyset";

describe("sortedPage: paging a list sorted in memory", () => {
  type Row = { rank: number; id: number };
  const rows: Row[] = Array.from({ length: PAGE_SIZE * 2 + 5 }, (_, i) => ({ rank: i % 3, id: i + 1 })).sort(
    (a, b) => a.rank - b.rank || a.id - b.id,
  );
  const options = () => ({
    compare: (a: Row, b: Row) => a.rank - b.rank || a.id - b.id,
    keyOf: (row: Row) => ({ createdAt: new Date(row.rank), id: row.id }),
    rowAt: (cursor: { createdAt: Date; id: number }) => ({ rank: cursor.createdAt.getTime(), id: cursor.id }),
  });
  const open = (link: PageLink | null, list = rows) =>
    sortedPage(list, { after: CursorParam.parse(link?.after), before: CursorParam.parse(link?.before) }, options());

  test("Next walks every row once; Previous walks back to the first page, full, without a cursor", () => {
    const first = open({});
    const second = open(first.next);
    const third = open(second.next);
    expect([...first.rows, ...second.rows, ...third.rows]).toEqual(rows);
    expect(third.rows).toHaveLength(5);
    expect(third.next).toBeNull();
    expect(open(third.previous).rows).toEqual(second.rows);
    const back = open(second.previous);
    expect(back.rows).toEqual(first.rows);
    expect(back.previous).toBeNull();
  });

  test("a page keeps its place when the row its cursor names has left the list", () => {
    const first = open({});
    const shorter = rows.filter((row) => row !== first.rows.at(-1));
    expect(open(first.next, shorter).rows).toEqual(open(first.next).rows);
  });
});

test("a second list's cursor has its own parameters, and paging one keeps the other", () => {
  const url = { pathname: "/admin/data-management", search: "?tab=submitted&after=5.1&history_after=9.2" };
  expect(pageAt(new URLSearchParams(url.search), "history_").after).toEqual({ createdAt: new Date(9), id: 2 });
  expect(pageHref(url, { before: "3.4" }, [], "history_")).toBe("/admin/data-management?tab=submitted&after=5.1&history_before=3.4");
});
