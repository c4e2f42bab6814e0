// Avatar upload through POST /api/uploads (purpose=avatar); the returned URL is then saved on the profile.
import { IMAGE_TYPES, isAllowedType, MAX_UPLOAD_BYTES } from "../../../../common/upload-types.ts";

/** A refusal of the picture (type, size, or the server's answer): its message is for the shopper. */
export class AvatarUploadError extends Error {}

/** Answers the stored URL, or throws an AvatarUploadError (or the network's own error). */
export async function uploadAvatar(file: File): Promise<string> {
  // Early feedback only: the server checks the content itself (magic bytes, size).
  if (!isAllowedType(IMAGE_TYPES, file.type)) throw new AvatarUploadError("Failed to upload avatar: please choose a JPEG, PNG, WebP or GIF image");
  if (file.size > MAX_UPLOAD_BYTES) throw new AvatarUploadError("Failed to upload avatar: the image must be at most 5 MB");
  const form = new FormData();
  form.append("purpose", "avatar");
  form.append("files", file);
  const res = await fetch("/api/uploads", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await res.json().catch(() => ({}))) as { files?: { url: string }[]; error?: string };
  const url = body.files?.[0]?.url;
  if (!res.ok || !url) throw new AvatarUploadError(body.error ? `Failed to upload avatar: ${body.error}` : "Failed to upload avatar");
  return url;
}
