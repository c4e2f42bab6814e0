// Small real image files for upload tests.
import zlib from "node:zlib";

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of the given size filled with one colour. */
export function pngImage(width = 8, height = 8, rgb: [number, number, number] = [200, 60, 90]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function upload(
  url: string,
  cookie: string | null,
  purpose: string,
  files: { name: string; type: string; data: Buffer }[],
): Promise<{ status: number; body: { files?: { url: string; mimeType: string; bytes: number }[]; error?: string } }> {
  const form = new FormData();
  form.append("purpose", purpose);
  for (const file of files) form.append("files", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(`${url}/api/uploads`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
  return { status: res.status, body: await res.json() };
}
