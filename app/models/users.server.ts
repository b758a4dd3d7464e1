// User accounts: data access and the rules about them.
import type { Db } from "~/db.server";
import { hashPassword } from "~/auth/password.server";
import type { Role } from "~/auth/roles";

/** Creates a confirmed password account unless the email is taken. Returns whether it created one. */
export async function ensurePasswordUser(
  db: Db,
  user: { email: string; password: string; firstName: string; lastName: string; role: Role },
): Promise<boolean> {
  const email = user.email.toLowerCase();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return false;
  const now = new Date();
  await db.user.create({
    data: {
      email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      authMethod: "password",
      emailConfirmed: true,
      emailConfirmedAt: now,
      lastPasswordChange: now,
      password: { create: { hash: await hashPassword(user.password) } },
    },
  });
  return true;
}
