// Bills as the BILLSTATUS import will store them: one row per bill, rewritten only when the
// Library's file says something new.
import type { Db } from "~/db.server";
import type { BillStatus } from "~/lib/bill-status";

export type StoreBillResult = "created" | "updated" | "unchanged";

/** The stored columns that come from the file; fetchedAt and sourceUrl say where and when, not what. */
const contentOf = (bill: BillStatus) => ({
  title: bill.title,
  policyArea: bill.policyArea,
  subjects: bill.subjects,
  latestActionDate: bill.latestAction?.date ?? null,
  latestActionText: bill.latestAction?.text ?? null,
  recordedVotes: bill.recordedVotes,
});

/**
 * Stores a parsed bill. A file that says what the row already says writes nothing (not even
 * fetchedAt), so a repeat run of the import leaves the database as it was.
 */
export async function storeBill(
  db: Db,
  bill: BillStatus,
  { sourceUrl, fetchedAt }: { sourceUrl: string; fetchedAt: Date },
): Promise<StoreBillResult> {
  const key = { congress: bill.congress, type: bill.type, number: bill.number };
  const content = contentOf(bill);
  const stored = await db.bill.findUnique({ where: { congress_type_number: key } });
  if (!stored) {
    await db.bill.create({ data: { ...key, ...content, sourceUrl, fetchedAt } });
    return "created";
  }
  // Same key order on both sides, and JSON columns read back as written.
  if (stored.sourceUrl === sourceUrl && JSON.stringify(storedContent(stored)) === JSON.stringify(content)) return "unchanged";
  await db.bill.update({ where: { id: stored.id }, data: { ...content, sourceUrl, fetchedAt } });
  return "updated";
}

/** When the stored file of a bill was fetched, or null when the bill is not stored. */
export async function storedBillFetchedAt(db: Db, key: { congress: number; type: string; number: number }) {
  return (await db.bill.findUnique({ where: { congress_type_number: key }, select: { fetchedAt: true } }))?.fetchedAt ?? null;
}

const storedContent = (row: {
  title: string;
  policyArea: string | null;
  subjects: unknown;
  latestActionDate: string | null;
  latestActionText: string | null;
  recordedVotes: unknown;
}) => ({
  title: row.title,
  policyArea: row.policyArea,
  subjects: row.subjects,
  latestActionDate: row.latestActionDate,
  latestActionText: row.latestActionText,
  recordedVotes: row.recordedVotes,
});
