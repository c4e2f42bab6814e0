// Files a shopper sends about their own order through POST /api/uploads: a transfer receipt
// (purpose=receipt) or a claim's photos (purpose=claim). The order's reference and this browser's
// proof go with the files: the server stores them only for the order's owner (signed in: the
// session cookie; a guest: the guest pass or the order's phone number), privately.

export interface OrderUploadProof {
  reference: string;
  guestToken: string | null;
  phone: string | null;
}

/** Uploads the files in one request and answers their stored addresses, in order; throws with the server's message. */
export async function uploadOrderFiles(purpose: "receipt" | "claim", files: readonly File[], proof: OrderUploadProof, failure: string): Promise<string[]> {
  const form = new FormData();
  form.append("purpose", purpose);
  form.append("reference", proof.reference);
  if (proof.guestToken) form.append("guestToken", proof.guestToken);
  if (proof.phone) form.append("phone", proof.phone);
  for (const file of files) form.append("files", file);
  const res = await fetch("/api/uploads", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await res.json().catch(() => ({}))) as { files?: { url: string }[]; error?: string };
  if (!res.ok || body.files?.length !== files.length) throw new Error(body.error || failure);
  return body.files.map((file) => file.url);
}
