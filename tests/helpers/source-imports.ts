// The project's TypeScript sources and what each imports, for the import-rule tests
// (server/src/architecture.test.ts, client/src/architecture.test.ts). Imports are read by
// TypeScript's own pre-processor: static, type-only, `export … from`, side-effect and dynamic
// `import()`, never the text of comments or strings.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface SourceFile {
  /** Path from the project root, with forward slashes, e.g. server/src/mail/outbox.ts. */
  file: string;
  text: string;
}

/** Every .ts/.tsx file under these project folders, leaving out the folders in `skip` (generated code). */
export function readSourceFiles(folders: string[], skip: string[] = []): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.includes(file)) walk(file);
      } else if (/\.tsx?$/.test(entry.name)) {
        files.push({ file, text: fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8") });
      }
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

/** What a file imports: project files as paths from the project root, packages as "pkg:<name>". */
export function importsOf({ file, text }: SourceFile): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => (fileName.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName)) : `pkg:${fileName}`));
}
