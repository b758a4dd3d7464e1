// "Download my data": everything the site keeps about one account, as the account holder may read
// it. Left out: the password hash and session secrets (not data about the person, and a copy of
// them would be a risk), and staff's own notes (the privacy page offers them on request by email).
import type { Db } from "~/db.server";
import { PROFILE_FIELDS } from "~/models/users.server";

export async function myData(db: Db, userId: string) {
  const [account, follows, signIns, activity] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        ...PROFILE_FIELDS,
        emailConfirmedAt: true,
        totalLogins: true,
        lastPasswordChange: true,
        emailNotifications: true,
        smsNotifications: true,
        marketingOptIn: true,
        digestFrequency: true,
      },
    }),
    db.follow.findMany({
      where: { userId },
      select: { createdAt: true, issueSlug: true, official: { select: { id: true, name: true, office: true } } },
      orderBy: { createdAt: "asc" },
    }),
    db.connection.findMany({ where: { userId }, select: { providerName: true, createdAt: true } }),
    db.activityLog.findMany({
      where: { userId },
      select: { action: true, details: true, ipAddress: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    singleSignOn: signIns,
    following: follows.map((f) =>
      f.official
        ? { official: { id: f.official.id, name: f.official.name, office: f.official.office }, since: f.createdAt }
        : { issue: f.issueSlug, since: f.createdAt },
    ),
    activity,
  };
}
