// Local disk storage under UPLOAD_DIR, served by the app at /uploads/. A product picture with
// renditions is stored as `<id>.<width>w.webp` beside `<id>.<each smaller width>w.webp`.
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FileStorage, FileToStore, SaveOptions, StoredFile } from "./storage.ts";

export function localStorage(uploadDir: string): FileStorage {
  return {
    resizesOnDelivery: false,
    async save(file: FileToStore, options: SaveOptions): Promise<StoredFile> {
      const dir = path.join(uploadDir, options.folder);
      await fs.mkdir(dir, { recursive: true });
      const base = options.publicId ? options.publicId.replace(/[^a-zA-Z0-9_-]/g, "") : randomBytes(12).toString("hex");
      if (options.publicId && options.overwrite) {
        // An upserted file may change extension (png → jpg): drop the old versions.
        for (const existing of await fs.readdir(dir)) {
          if (existing.startsWith(`${base}.`)) await fs.rm(path.join(dir, existing), { force: true });
        }
      }
      const sized = file.renditions && file.width !== undefined;
      const name = sized ? `${base}.${file.width}w.${file.extension}` : `${base}.${file.extension}`;
      // Renditions first: once the picture's URL exists, every width its srcset names exists too.
      for (const rendition of sized ? file.renditions! : []) {
        await fs.writeFile(path.join(dir, `${base}.${rendition.width}w.${file.extension}`), rendition.buffer);
      }
      await fs.writeFile(path.join(dir, name), file.buffer);
      // The version query defeats browser caches when an avatar is replaced under the same name.
      const version = options.overwrite ? `?v=${Date.now()}` : "";
      return { url: `/uploads/${options.folder}/${name}${version}` };
    },
    async remove(url: string): Promise<void> {
      const match = /^\/uploads\/([a-z-]+)\/([A-Za-z0-9_.-]+?)(\?.*)?$/.exec(url);
      if (!match) return;
      const dir = path.join(uploadDir, match[1]!);
      await fs.rm(path.join(dir, match[2]!), { force: true });
      // The other widths of a picture stored with renditions.
      const sized = /^([A-Za-z0-9_-]+)\.\d+w\.webp$/.exec(match[2]!);
      if (sized) {
        const names = await fs.readdir(dir).catch(() => [] as string[]);
        for (const name of names) {
          if (new RegExp(`^${sized[1]}\\.\\d+w\\.webp$`).test(name)) await fs.rm(path.join(dir, name), { force: true });
        }
      }
    },
  };
}
