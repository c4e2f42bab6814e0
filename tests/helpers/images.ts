// Tiny real files for upload tests.

/** A valid 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A minimal PDF header and body. */
export const PDF_DOC = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** The multipart body of POST /api/uploads; `fields` carries e.g. a receipt's reference and proof. */
export function uploadForm(purpose: string, files: { name: string; content: Buffer; type?: string }[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append("purpose", purpose);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("files", new Blob([new Uint8Array(file.content)], { type: file.type ?? "image/png" }), file.name);
  return form;
}
