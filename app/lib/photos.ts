// Our own addresses of stored portraits: officials' photos (served by app/routes/photos.$file.ts)
// and sign-in pictures (app/routes/avatars.$file.ts). Square, 120 and 240 px wide, WebP with a
// JPEG fallback. The hash changes whenever the picture does.

export const PHOTO_WIDTHS = [120, 240] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export type PhotoFormat = "webp" | "jpg";
export type PhotoDir = "/photos" | "/avatars";

/** The file name the routes read: {hash}-{width}.{format}. */
export const PHOTO_FILE = /^([0-9a-f]{16})-(120|240)\.(webp|jpg)$/;

export const photoPath = (hash: string, width: PhotoWidth, format: PhotoFormat, dir: PhotoDir = "/photos") =>
  `${dir}/${hash}-${width}.${format}`;

/** Both widths of one format, for srcset. */
export const photoSrcSet = (hash: string, format: PhotoFormat, dir: PhotoDir = "/photos") =>
  PHOTO_WIDTHS.map((w) => `${photoPath(hash, w, format, dir)} ${w}w`).join(", ");
