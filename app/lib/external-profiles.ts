// Public-data profiles built from an official's ids (ballotpediaSlug, govtrackId, opensecretId).
export function externalProfiles(o: { govtrackId: string | null; opensecretId: string | null; ballotpediaSlug: string | null }) {
  return [
    o.govtrackId && { label: "GovTrack", href: `https://www.govtrack.us/congress/members/${encodeURIComponent(o.govtrackId)}` },
    o.opensecretId && {
      label: "OpenSecrets",
      href: `https://www.opensecrets.org/members-of-congress/summary?cid=${encodeURIComponent(o.opensecretId)}`,
    },
    o.ballotpediaSlug && { label: "Ballotpedia", href: `https://ballotpedia.org/${encodeURIComponent(o.ballotpediaSlug)}` },
  ].filter((p): p is { label: string; href: string } => Boolean(p));
}

/** The FEC's page of a candidate's filings (campaign finance). */
export const fecProfile = (fecId: string) => `https://www.fec.gov/data/candidate/${encodeURIComponent(fecId)}/`;
