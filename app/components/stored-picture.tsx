// A stored portrait from our own origin (app/lib/photos.ts), laid over the initials its parent
// draws (the parent is `relative` and clips it): officials' photos and sign-in pictures alike.
// Width and height are set, so nothing moves when it loads; one that cannot load is removed, so
// the initials show. (An error before hydration is caught by the check on mount.)
import { useEffect, useRef, useState } from "react";
import { photoPath, photoSrcSet, type PhotoDir } from "~/lib/photos";

export function StoredPicture({ hash, size, dir = "/photos" }: { hash: string; size: number; dir?: PhotoDir }) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <picture>
      <source type="image/webp" srcSet={photoSrcSet(hash, "webp", dir)} sizes={`${size}px`} />
      <img
        ref={imgRef}
        src={photoPath(hash, 120, "jpg", dir)}
        srcSet={photoSrcSet(hash, "jpg", dir)}
        sizes={`${size}px`}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="absolute inset-0 h-full w-full object-cover"
      />
    </picture>
  );
}
