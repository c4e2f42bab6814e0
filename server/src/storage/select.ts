// Picks the file storage from configuration: Cloudinary when CLOUDINARY_URL is set, else local disk.
import type { Config } from "../config.ts";
import type { FileStorage } from "./storage.ts";
import { localStorage } from "./local.ts";

export async function selectStorage(config: Config): Promise<FileStorage> {
  if (config.cloudinaryUrl) {
    // Loaded only when configured: the SDK is not needed (nor loaded) for local storage.
    const { cloudinaryStorage } = await import("./cloudinary.ts");
    return cloudinaryStorage(config.cloudinaryUrl);
  }
  return localStorage(config.uploadDir);
}
