// Right-sized renditions of Cloudinary images, shared by the browser's <img srcset> and the server's
// image preload hint (the two must name the same files or the preload is wasted).

const CLOUDINARY_UPLOAD = /^(https?:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.*)$/;
const WIDTHS = [200, 400, 600, 800, 1200];

/** The Cloudinary URL with a resize + automatic format/quality transformation; other URLs unchanged. */
export function cloudinaryUrl(src: string, width: number): string {
  const match = CLOUDINARY_UPLOAD.exec(src);
  return match ? `${match[1]}w_${width},c_limit,f_auto,q_auto/${match[2]}` : src;
}

export function imageSources(src: string, width: number): { src: string; srcSet?: string } {
  if (!CLOUDINARY_UPLOAD.test(src)) return { src };
  return {
    src: cloudinaryUrl(src, width),
    srcSet: WIDTHS.map((w) => `${cloudinaryUrl(src, w)} ${w}w`).join(", "),
  };
}

/** The product page's main picture: its width attribute and slot sizes (ProductPage, page-html). */
export const PRODUCT_DETAIL_IMAGE = { width: 600, height: 750, sizes: "(min-width: 800px) 50vw, 100vw" };
