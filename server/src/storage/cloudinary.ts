// Cloudinary storage (CLOUDINARY_URL=cloudinary://key:secret@cloud[?upload_prefix=…]). Product images
// go to the product-images folder under a random name; avatars to profiles/<user id>, overwritten;
// both are public `upload` assets on Cloudinary's CDN. Receipts go to the receipts folder as
// `authenticated` assets: neither the original nor any transformation of it is delivered without
// a signature made with the API secret, and the store hands out only its own signed link, behind
// which it fetches the file through the signed download API (decision 031).
// The SDK picks http or https from upload_prefix when it first loads, so it is imported lazily,
// after the environment is set (see PLATFORM.md).
import { randomBytes } from "node:crypto";
import { shareCloudinaryUrlWithSdk } from "../config.ts";
import type { FileStorage, FileToStore, SaveOptions, StoredFile } from "./storage.ts";
import { cloudinaryReceiptAt, cloudinaryReceiptPath, receiptPathOf, type CloudinaryReceipt } from "./receipt-files.ts";

/** The download URL is made for one server-side fetch, made at once. */
const DOWNLOAD_URL_SECONDS = 60;
const DOWNLOAD_TIMEOUT_MS = 20_000;

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

  async function readReceipt(receipt: CloudinaryReceipt): Promise<ReadableStream<Uint8Array> | null> {
    // Cloudinary's private download API (GET /v1_1/<cloud>/image/download), signed with the API
    // secret and expiring; the URL never leaves the server.
    const url = cloudinary.utils.private_download_url(receipt.publicId, receipt.format, {
      resource_type: "image",
      type: receipt.type,
      expires_at: Math.floor(Date.now() / 1000) + DOWNLOAD_URL_SECONDS,
    });
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw new Error(`Cloudinary download answered ${response.status}`);
    return response.body;
  }

  return {
    // w_…,f_auto,q_auto in the delivery URL (common/images.ts): no renditions are uploaded.
    resizesOnDelivery: true,
    save(file: FileToStore, options: SaveOptions): Promise<StoredFile> {
      const publicId = options.publicId ? options.publicId.replace(/[^a-zA-Z0-9_-]/g, "") : randomBytes(12).toString("hex");
      const receipt = options.folder === "receipts";
      return new Promise((resolve, reject) => {
        const stream = cloudinary.uploader.upload_stream(
          {
            folder: options.folder,
            public_id: publicId,
            // Cloudinary treats PDFs as images too (pages render as images).
            resource_type: "image",
            ...(receipt ? { type: "authenticated" as const } : {}),
            overwrite: options.overwrite ?? false,
            invalidate: options.overwrite ?? false,
            unique_filename: false,
          },
          (error, result) => {
            if (error || !result?.secure_url) reject(new Error(error?.message ?? "Cloudinary did not return a URL"));
            else if (!receipt) resolve({ url: result.secure_url });
            // Cloudinary's secure_url for an authenticated asset is signed and never expires: it is
            // not kept. The stored path names the asset; only the store can open it.
            else if (result.type !== "authenticated" || result.public_id !== `receipts/${publicId}` || !/^[a-z]{3,4}$/.test(result.format ?? "")) {
              reject(new Error(`Cloudinary stored the receipt unexpectedly (${result.type} ${result.public_id}.${result.format})`));
            } else resolve({ url: cloudinaryReceiptPath(publicId, result.format, "authenticated") });
          },
        );
        stream.end(file.buffer);
      });
    },
    async remove(url: string): Promise<void> {
      const receipt = cloudinaryReceiptAt(url);
      if (receipt) {
        await cloudinary.uploader.destroy(receipt.publicId, { resource_type: "image", type: receipt.type, invalidate: true });
        return;
      }
      const publicId = publicIdFromUrl(url);
      if (!publicId) return;
      await cloudinary.uploader.destroy(publicId, { resource_type: "image", invalidate: true });
    },
    async protectReceipt(stored: string): Promise<string | null> {
      const path = receiptPathOf(stored);
      const receipt = path ? cloudinaryReceiptAt(path) : null;
      if (!receipt || receipt.type !== "upload") return null;
      const name = receipt.publicId.slice("receipts/".length);
      const protectedPath = cloudinaryReceiptPath(name, receipt.format, "authenticated");
      try {
        // Rename to the same public id with another delivery type (Upload API `rename`, `to_type`);
        // invalidate purges the copies Cloudinary's CDN holds of the public URL.
        await cloudinary.uploader.rename(receipt.publicId, receipt.publicId, { resource_type: "image", type: "upload", to_type: "authenticated", invalidate: true });
      } catch (error) {
        // Already moved by an earlier run that stopped before the database was updated.
        const moved = await readReceipt({ ...receipt, type: "authenticated" }).catch(() => null);
        if (!moved) throw error;
        await moved.cancel();
      }
      return protectedPath;
    },
    readReceipt,
  };
}
