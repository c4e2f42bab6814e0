// Local disk storage under UPLOAD_DIR, served by the app at /uploads/.
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FileStorage, FileToStore, SaveOptions, StoredFile } from "./storage.ts";

export function localStorage(uploadDir: string): FileStorage {
  return {
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
      const name = `${base}.${file.extension}`;
      await fs.writeFile(path.join(dir, name), file.buffer);
      // The version query defeats browser caches when an avatar is replaced under the same name.
      const version = options.overwrite ? `?v=${Date.now()}` : "";
      return { url: `/uploads/${options.folder}/${name}${version}` };
    },
    async remove(url: string): Promise<void> {
      const match = /^\/uploads\/([a-z-]+)\/([A-Za-z0-9_.-]+?)(\?.*)?$/.exec(url);
      if (!match) return;
      await fs.rm(path.join(uploadDir, match[1]!, match[2]!), { force: true });
    },
  };
}
