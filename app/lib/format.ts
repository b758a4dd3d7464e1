// Numbers as a visitor reads them, the same on the server and in the browser (no map code comes with it).

/** A count in US English ("39,538,223"), or "unknown" when none is on file. */
export const formatNumber = (n: number | null) => (n === null ? "unknown" : n.toLocaleString("en-US"));
