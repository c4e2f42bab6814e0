// Avatar upload through POST /api/uploads (purpose=avatar); the returned URL is then saved on the profile.
const MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

/** Answers the stored URL, or throws an Error whose message starts "Failed to upload avatar". */
export async function uploadAvatar(file: File): Promise<string> {
  // Early feedback only: the server checks the content itself (magic bytes, size).
  if (!IMAGE_TYPES.includes(file.type)) throw new Error("Failed to upload avatar: please choose a JPEG, PNG, WebP or GIF image");
  if (file.size > MAX_BYTES) throw new Error("Failed to upload avatar: the image must be at most 5 MB");
  const form = new FormData();
  form.append("purpose", "avatar");
  form.append("files", file);
  const res = await fetch("/api/uploads", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await res.json().catch(() => ({}))) as { files?: { url: string }[]; error?: string };
  const url = body.files?.[0]?.url;
  if (!res.ok || !url) throw new Error(body.error ? `Failed to upload avatar: ${body.error}` : "Failed to upload avatar");
  return url;
}
