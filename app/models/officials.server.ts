// Officials: data access and the rules about them.
import type { Db } from "~/db.server";

/** How much the site covers, for the home page. */
export async function coverage(db: Db) {
  const [jurisdictions, senators, representatives, governors] = await Promise.all([
    db.state.count(),
    db.official.count({ where: { office: "Senator", isActive: true } }),
    db.official.count({ where: { office: "Representative", isActive: true } }),
    db.official.count({ where: { office: "Governor", isActive: true } }),
  ]);
  return { jurisdictions, senators, representatives, governors };
}
