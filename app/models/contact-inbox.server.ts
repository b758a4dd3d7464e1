// Staff reading of the stored contact messages (/admin/messages): every message is kept, so one
// whose email to support failed, or one a crash left "received", is still seen and answered.
import type { Db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { MessageFilter } from "~/lib/contact-inbox";
import { Refusal } from "~/lib/refusal";
import { sendToSupport } from "~/models/contact-messages.server";

export const MESSAGES_PER_PAGE = 25;

/** Not delivered to the support mailbox: the send failed, or never finished ("received"). */
const UNSENT: Prisma.ContactMessageWhereInput = { status: { in: ["failed", "received"] } };
const FILTER_WHERE: Record<MessageFilter, Prisma.ContactMessageWhereInput> = {
  all: {},
  unhandled: { handledAt: null },
  unsent: { ...UNSENT, handledAt: null },
};

export async function listContactMessages(db: Db, { filter, page: wanted }: { filter: MessageFilter; page: number }) {
  const where = FILTER_WHERE[filter];
  const total = await db.contactMessage.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE));
  const page = Math.min(wanted, pageCount);
  const messages = await db.contactMessage.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * MESSAGES_PER_PAGE,
    take: MESSAGES_PER_PAGE,
    select: { id: true, name: true, email: true, subject: true, category: true, status: true, handledAt: true, createdAt: true },
  });
  return { messages, total, page, pageCount };
}

/** For the dashboard: messages nobody has handled, and those of them support never received. */
export async function countOpenMessages(db: Db) {
  const [unhandled, unsent] = await Promise.all([
    db.contactMessage.count({ where: FILTER_WHERE.unhandled }),
    db.contactMessage.count({ where: FILTER_WHERE.unsent }),
  ]);
  return { unhandled, unsent };
}

export async function getContactMessage(db: Db, id: number) {
  const message = await db.contactMessage.findUnique({ where: { id } });
  if (!message) return null;
  const handler = message.handledById
    ? await db.user.findUnique({ where: { id: message.handledById }, select: { email: true, firstName: true, lastName: true } })
    : null;
  const handledBy = message.handledById
    ? handler
      ? [handler.firstName, handler.lastName].filter(Boolean).join(" ") || handler.email
      : "a deleted account"
    : null;
  return { ...message, handledBy };
}

/** Marks a message handled by a staff member; returns false when there is no such message. */
export async function markMessageHandled(db: Db, id: number, staffId: string) {
  const { count } = await db.contactMessage.updateMany({
    where: { id, handledAt: null },
    data: { handledAt: new Date(), handledById: staffId },
  });
  return count === 1 || (await db.contactMessage.count({ where: { id } })) === 1;
}

/** Send again: emails a message support never received. Throws a 409 Refusal when it was delivered already, a 503 one when it fails again. */
export async function resendContactMessage(db: Db, id: number) {
  const message = await db.contactMessage.findUnique({ where: { id } });
  if (!message) return null;
  if (message.status === "sent") throw new Refusal("This message was already delivered to support.", 409);
  try {
    await sendToSupport(message);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db.contactMessage.update({ where: { id }, data: { status: "failed", sendError: reason } });
    throw new Refusal(`The email to support failed again: ${reason}`, 503);
  }
  await db.contactMessage.update({ where: { id }, data: { status: "sent", sendError: null } });
  return message;
}
