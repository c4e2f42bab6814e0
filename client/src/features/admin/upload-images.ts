// Sends product images to POST /api/uploads (purpose=product). XMLHttpRequest rather than fetch:
// only it reports upload progress, which matters on a slow phone connection.
export interface UploadedFile {
  url: string;
  mimeType: string;
  bytes: number;
}

export function uploadProductImages(files: File[], onProgress: (fraction: number) => void): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("purpose", "product");
    for (const file of files) form.append("files", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.withCredentials = true;
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { files?: UploadedFile[]; error?: string } | null;
      if (xhr.status === 201 && body?.files) resolve(body.files);
      else reject(new Error(body?.error ?? `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error("Network error, please try again"));
    xhr.send(form);
  });
}
