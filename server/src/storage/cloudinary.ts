// Cloudinary storage (CLOUDINARY_URL=cloudinary://key:secret@cloud[?upload_prefix=…]). Product images
// go to the product-images folder under a random name; avatars to profiles/<user id>, overwritten.
// The SDK picks http or https from upload_prefix when it first loads, so it is imported lazily,
// after the environment is set (see PLATFORM.md).
import { randomBytes } from "node:crypto";
import { shareCloudinaryUrlWithSdk } from "../config.ts";
import type { FileStorage, FileToStore, SaveOptions, StoredFile } from "./storage.ts";

export interface CloudinaryCredentials {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  uploadPrefix: string | null;
}

export function parseCloudinaryUrl(raw: string): CloudinaryCredentials {
  const url = new URL(raw);
  if (url.protocol !== "cloudinary:" || !url.hostname || !url.username || !url.password) {
    throw new Error("CLOUDINARY_URL must look like cloudinary://key:secret@cloud_name");
  }
  return {
    cloudName: url.hostname,
    apiKey: decodeURIComponent(url.username),
    apiSecret: decodeURIComponent(url.password),
    uploadPrefix: url.searchParams.get("upload_prefix"),
  };
}

/** "…/image/upload/v123/product-images/abc.jpg" → "product-images/abc" (what destroy expects). */
export function publicIdFromUrl(url: string): string | null {
  const match = /\/image\/upload\/(?:[^/]+\/)*?(?:v\d+\/)?((?:product-images|profiles|receipts)\/[^?#]+?)(?:\.[a-z0-9]+)?(?:[?#].*)?$/i.exec(url);
  return match ? match[1]! : null;
}

export async function cloudinaryStorage(cloudinaryUrl: string): Promise<FileStorage> {
  const credentials = parseCloudinaryUrl(cloudinaryUrl);
  shareCloudinaryUrlWithSdk(cloudinaryUrl);
  const { v2: cloudinary } = await import("cloudinary");
  cloudinary.config({
    cloud_name: credentials.cloudName,
    api_key: credentials.apiKey,
    api_secret: credentials.apiSecret,
    secure: true,
    ...(credentials.uploadPrefix ? { upload_prefix: credentials.uploadPrefix } : {}),
  });

  return {
    // w_…,f_auto,q_auto in the delivery URL (common/images.ts): no renditions are uploaded.
    resizesOnDelivery: true,
    save(file: FileToStore, options: SaveOptions): Promise<StoredFile> {
      const publicId = options.publicId ? options.publicId.replace(/[^a-zA-Z0-9_-]/g, "") : randomBytes(12).toString("hex");
      return new Promise((resolve, reject) => {
        const stream = cloudinary.uploader.upload_stream(
          {
            folder: options.folder,
            public_id: publicId,
            // Cloudinary treats PDFs as images too (pages render as images).
            resource_type: "image",
            overwrite: options.overwrite ?? false,
            invalidate: options.overwrite ?? false,
            unique_filename: false,
          },
          (error, result) => {
            if (error || !result?.secure_url) reject(new Error(error?.message ?? "Cloudinary did not return a URL"));
            else resolve({ url: result.secure_url });
          },
        );
        stream.end(file.buffer);
      });
    },
    async remove(url: string): Promise<void> {
      const publicId = publicIdFromUrl(url);
      if (!publicId) return;
      await cloudinary.uploader.destroy(publicId, { resource_type: "image", invalidate: true });
    },
  };
}
