import { describe, expect, test } from "vitest";
import { groupSources, valueSource } from "./provenance";

const now = new Date("2026-11-23T12:00:00Z");
const current = "https://unitedstates.github.io/congress-legislators/legislators-current.json";
const social = "https://unitedstates.github.io/congress-legislators/legislators-social-media.json";
const imported = (sourceUrl: string, verifiedAt = "2026-11-02T00:00:00Z") =>
  valueSource({ sourceName: "congress-legislators", sourceUrl, method: "import", verifiedAt: new Date(verifiedAt) }, now);
const staff = valueSource(
  { sourceName: "Civic Atlas staff", sourceUrl: null, method: "staff_edit", verifiedAt: new Date("2026-11-20T09:00:00Z") },
  now,
);

describe("a card's sources", () => {
  test("a value source says the source and how long ago in short, the exact day in full", () => {
    expect(imported(current)).toEqual({
      label: "congress-legislators · verified 21 days ago",
      url: current,
      detail: "congress-legislators, imported, verified Nov 2, 2026",
    });
    expect(staff.detail).toBe("Civic Atlas staff, entered by Civic Atlas staff, verified Nov 20, 2026");
  });

  test("an imported value its source no longer holds, or that no check confirmed for 30 days, says when it was last confirmed", () => {
    const dropped = valueSource(
      {
        sourceName: "openstates/people",
        sourceUrl: null,
        method: "import",
        verifiedAt: new Date("2026-11-21T00:00:00Z"),
        heldBySource: false,
      },
      now,
    );
    expect(dropped).toMatchObject({
      label: "openstates/people · last confirmed Nov 21, 2026 · not in the current source",
      detail: "openstates/people, imported, last confirmed Nov 21, 2026; the current source does not have this value",
    });
    expect(imported(current, "2026-10-20T00:00:00Z").label).toBe("congress-legislators · last confirmed Oct 20, 2026");
    expect(imported(current, "2026-10-28T00:00:00Z").label).toBe("congress-legislators · verified 26 days ago");
    // Staff confirm a value once, on their day: it keeps its verified date.
    const oldStaff = valueSource(
      { sourceName: "Civic Atlas staff", sourceUrl: null, method: "staff_edit", verifiedAt: new Date("2026-06-01") },
      now,
    );
    expect(oldStaff.label).toBe("Civic Atlas staff · verified 6 months ago");
  });

  test("values that share one source: one line for the card, with its link, none under the values", () => {
    const grouped = groupSources({ District: imported(current), Office: imported(current), Party: imported(current) });
    expect(grouped.card).toEqual({ label: "congress-legislators · verified 21 days ago", url: current });
    expect(grouped.own).toEqual({});
    expect(grouped.all.map((e) => e.field)).toEqual(["District", "Office", "Party"]);
  });

  test("a value from another source keeps its own line; the card's line covers the rest", () => {
    const grouped = groupSources({ Phone: staff, Email: imported(current), Website: imported(current), "X profile": imported(social) });
    expect(grouped.card).toEqual({ label: "congress-legislators · verified 21 days ago", url: null }); // two files: no one link
    expect(grouped.own).toEqual({ Phone: staff });
  });

  test("the same source verified at another time is a different line", () => {
    const grouped = groupSources({
      Phone: imported(current, "2026-11-22T00:00:00Z"),
      Email: imported(current),
      Website: imported(current),
    });
    expect(grouped.own).toEqual({ Phone: expect.objectContaining({ label: "congress-legislators · verified yesterday" }) });
  });

  test("no source covering most values: each value has its own line, none for the card", () => {
    const grouped = groupSources({ Phone: staff, Email: imported(current) });
    expect(grouped.card).toBeNull();
    expect(Object.keys(grouped.own)).toEqual(["Phone", "Email"]);
  });

  test("values without provenance are left out", () => {
    const grouped = groupSources({ Phone: imported(current), Email: undefined, Website: null });
    expect(grouped.card?.label).toBe("congress-legislators · verified 21 days ago");
    expect(grouped.all).toHaveLength(1);
    expect(groupSources({ Phone: undefined })).toEqual({ card: null, own: {}, all: [] });
  });
});
