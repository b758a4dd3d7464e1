// storeBill on the real database with real BILLSTATUS files: a new bill is stored whole, a repeat
// writes nothing, and a newer file for the same bill updates the one row.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { billStatusUrl, parseBillStatus } from "~/lib/bill-status";
import { storeBill } from "~/models/bills.server";

const BASE = "https://www.govinfo.gov/bulkdata/BILLSTATUS";
const parse = (path: string) => parseBillStatus(readFileSync(`tests/fixtures/billstatus/${path}`, "utf8"));

describe("storeBill", () => {
  test("stores H.R. 2471 whole, and a repeat of the same file writes nothing", async () => {
    const bill = parse("3.0.0/BILLSTATUS-117hr2471.xml");
    const first = { sourceUrl: billStatusUrl(BASE, bill), fetchedAt: new Date("2026-11-27T02:00:00Z") };
    expect(await storeBill(db, bill, first)).toBe("created");

    const row = await db.bill.findUniqueOrThrow({ where: { congress_type_number: { congress: 117, type: "hr", number: 2471 } } });
    expect(row).toMatchObject({
      title: "Consolidated Appropriations Act, 2022",
      policyArea: "Economics and Public Finance",
      latestActionDate: "2022-03-15",
      latestActionText: "Became Public Law No: 117-103.",
      sourceUrl: "https://www.govinfo.gov/bulkdata/BILLSTATUS/117/hr/BILLSTATUS-117hr2471.xml",
      fetchedAt: first.fetchedAt,
    });
    expect(row.subjects).toEqual(bill.subjects);
    expect(row.recordedVotes).toEqual(bill.recordedVotes);

    const again = parse("3.0.0/BILLSTATUS-117hr2471.xml");
    expect(await storeBill(db, again, { ...first, fetchedAt: new Date("2026-11-28T02:00:00Z") })).toBe("unchanged");
    const after = await db.bill.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.updatedAt).toEqual(row.updatedAt);
    expect(after.fetchedAt).toEqual(first.fetchedAt);
  });

  test("a newer file for the same bill updates its one row", async () => {
    // H.R. 6658 in the 1.0.0 file, then the same bill as if the Library had since indexed subjects.
    const bill = parse("1.0.0/BILLSTATUS-117hr6658.xml");
    const sourceUrl = billStatusUrl(BASE, bill);
    expect(await storeBill(db, bill, { sourceUrl, fetchedAt: new Date("2026-11-27T02:00:00Z") })).toBe("created");
    expect(await storeBill(db, parse("3.0.0/BILLSTATUS-117hr6658.xml"), { sourceUrl, fetchedAt: new Date("2026-11-27T06:00:00Z") })).toBe(
      "unchanged",
    );

    const indexed = { ...bill, subjects: ["Income tax rates"] };
    const fetchedAt = new Date("2026-11-28T02:00:00Z");
    expect(await storeBill(db, indexed, { sourceUrl, fetchedAt })).toBe("updated");
    const rows = await db.bill.findMany({ where: { congress: 117, type: "hr", number: 6658 } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subjects: ["Income tax rates"], fetchedAt, policyArea: "Taxation" });
  });
});
