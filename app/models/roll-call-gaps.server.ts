// Which roll calls of a session the database lacks: the import reads them as well as the new ones,
// so a store that starts with the shipped latest roll calls (prisma/data/roll-calls) still fills
// the whole Congress (decision 0050).
import type { Db } from "~/db.server";
import type { Chamber, Session } from "~/lib/roll-calls";

/** The highest roll number stored for the chamber's session (0 when none is), and the numbers below it not stored, ascending. */
export async function rollCallGaps(db: Db, chamber: Chamber, { congress, session }: Session) {
  const rows = await db.rollCall.findMany({ where: { chamber, congress, session }, select: { number: true } });
  const stored = new Set(rows.map((r) => r.number));
  const last = Math.max(0, ...stored);
  const gaps: number[] = [];
  for (let number = 1; number < last; number++) if (!stored.has(number)) gaps.push(number);
  return { last, gaps };
}
