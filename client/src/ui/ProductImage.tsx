// Product pictures for slow networks: fixed width/height (no layout shift), lazy below the fold,
// high priority for the first visible ones, a placeholder on error, and right-sized Cloudinary
// renditions through srcset when the image lives on Cloudinary.
import { useState } from "react";
import { imageSources } from "../../../common/images.ts";

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
  sizes = "(min-width: 1024px) 280px, (min-width: 720px) 33vw, 50vw",
  width = 400,
  height = 500,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && failedSrc !== src ? src : null;
  const sources = usable ? imageSources(usable, width) : { src: PLACEHOLDER_IMAGE };
  return (
    <img
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
