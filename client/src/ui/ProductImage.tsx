// Product pictures for slow networks: fixed width/height (no layout shift), lazy below the fold,
// high priority for the first visible ones (the page's LCP), a placeholder on error, and
// right-sized renditions through srcset/sizes (Cloudinary's, or the widths a local upload was
// stored in: common/images.ts).
import { useEffect, useRef, useState } from "react";
import { imageSources, PRODUCT_CARD_IMAGE } from "../../../common/images.ts";
import { useSaveData } from "../lib/save-data.ts";

export const PLACEHOLDER_IMAGE = "/images/demo/placeholder.svg";

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** First visible images: load at once with high priority (they are the page's LCP). */
  eager?: boolean;
  className?: string;
  /** The slot width for the browser to pick a rendition, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes?: string;
  width?: number;
  height?: number;
}

export function ProductImage({
  src,
  alt,
  eager = false,
  className,
  sizes = PRODUCT_CARD_IMAGE.sizes,
  width = PRODUCT_CARD_IMAGE.width,
  height = PRODUCT_CARD_IMAGE.height,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const saveData = useSaveData();
  const usable = src && failedSrc !== src ? src : null;
  // A server-rendered picture may fail before hydration, when no onError handler is attached yet:
  // decode() of an image that already failed rejects, so the placeholder still replaces it.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (usable && image.current?.complete) image.current.decode().catch(() => setFailedSrc(usable));
  }, [usable]);
  const sources = usable ? imageSources(usable, width, saveData) : { src: PLACEHOLDER_IMAGE };
  return (
    <img
      ref={image}
      className={className ?? "product-image"}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding={eager ? "sync" : "async"}
      onError={() => usable && setFailedSrc(usable)}
    />
  );
}
