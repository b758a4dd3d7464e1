// Our own addresses of officials' stored portraits (served by app/routes/photos.$file.ts): square,
// 120 and 240 px wide, WebP with a JPEG fallback. The hash changes whenever the photo does.

export const PHOTO_WIDTHS = [120, 240] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export type PhotoFormat = "webp" | "jpg";

export const photoPath = (hash: string, width: PhotoWidth, format: PhotoFormat) => `/photos/${hash}-${width}.${format}`;

/** Both widths of one format, for srcset. */
export const photoSrcSet = (hash: string, format: PhotoFormat) => PHOTO_WIDTHS.map((w) => `${photoPath(hash, w, format)} ${w}w`).join(", ");
