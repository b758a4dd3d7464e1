// A per-user limit kept in this process (the primary handles every write): how many times a user
// may do something costly to someone else within a window, e.g. send an address to the Census
// Bureau's geocoder. A restart forgets the counts, as the per-address limits' memory store does.

export function perUserLimit({ limit, windowMs }: { limit: number; windowMs: number }) {
  const times = new Map<string, number[]>();
  /** Spends one use for `userId` and says whether it was allowed; a refused try spends nothing. */
  return function allow(userId: string, now = Date.now()): boolean {
    const recent = (times.get(userId) ?? []).filter((at) => now - at < windowMs);
    const allowed = recent.length < limit;
    if (allowed) recent.push(now);
    if (recent.length) times.set(userId, recent);
    else times.delete(userId);
    return allowed;
  };
}
