import { useState } from "react";

const PLACEHOLDER = "/images/demo/placeholder.svg";

/** Product picture with fixed aspect ratio (no layout shift), lazy below the fold, placeholder on error. */
export function ProductImage({ src, alt, eager = false, className }: { src: string | null | undefined; alt: string; eager?: boolean; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className ?? "product-image"}
      src={!src || failed ? PLACEHOLDER : src}
      alt={alt}
      width={400}
      height={500}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
