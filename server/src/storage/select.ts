// Picks the file storage from configuration: local disk by default.
import type { Config } from "../config.ts";
import type { FileStorage } from "./storage.ts";
import { localStorage } from "./local.ts";

export async function selectStorage(config: Config): Promise<FileStorage> {
  return localStorage(config.uploadDir);
}
