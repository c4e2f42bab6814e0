// A fake Cloudinary on a local port, enough for the real `cloudinary` SDK and following Cloudinary's
// published APIs for what the store uses (checked 2026-11-26):
// - Upload API: POST /v1_1/<cloud>/image/upload, /image/destroy and /image/rename (whose `to_type`
//   changes an asset's delivery type, same public id allowed), authenticated by a signature:
//   SHA-1 of every parameter except file, cloud_name, resource_type and api_key, sorted by name,
//   `name=value` joined with `&` (an `&` inside a value written %26, the SDK's signature version 2),
//   with the API secret appended ("Generating authentication signatures"); a timestamp more than an
//   hour old is refused as a stale request. `type` is the delivery type: upload (the default,
//   public), private or authenticated.
// - Download API: GET /v1_1/<cloud>/image/download?public_id&format&type&timestamp&expires_at&
//   api_key&signature (what `utils.private_download_url` makes), signed the same way, refused once
//   expires_at (default: an hour after timestamp) has passed. It returns the original file.
// - Delivery (res.cloudinary.com/<cloud>/image/<type>/[transformations/][v<version>/]<public_id>.<ext>,
//   here at this server's root): public for `upload` assets, with a CDN's long cache lifetime.
//   `private` originals and everything `authenticated` need a signed delivery URL; the store never
//   makes one, so the fake answers every request for them 401, as Cloudinary does without the signature.
// Assets are kept in memory with their delivery type; each upload's parameters and bytes are recorded.
import http from "node:http";
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

export type DeliveryType = "upload" | "private" | "authenticated";

export interface FakeUpload {
  cloud: string;
  params: Record<string, string>;
  bytes: number;
  /** The file exactly as the store sent it. */
  content: Buffer;
  publicId: string;
  secureUrl: string;
}

export interface FakeAsset {
  publicId: string;
  type: DeliveryType;
  format: string;
  content: Buffer;
  version: number;
}

export interface FakeCloudinary {
  url: string;
  uploads: FakeUpload[];
  destroyed: string[];
  /** Every asset kept, by `<type>:<public_id>`. */
  assets: Map<string, FakeAsset>;
  /** Download API requests and how they were answered. */
  downloads: { params: Record<string, string>; status: number }[];
  /** Accepted rename requests. */
  renamed: { params: Record<string, string> }[];
  /** Delivery requests (the public CDN) and how they were answered. */
  deliveries: { path: string; status: number }[];
  apiKey: string;
  apiSecret: string;
  close(): Promise<void>;
}

const TYPES = new Set<DeliveryType>(["upload", "private", "authenticated"]);
/** Parameters Cloudinary leaves out of the string to sign. */
const UNSIGNED = new Set(["file", "cloud_name", "resource_type", "api_key", "signature"]);
const CONTENT_TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", pdf: "application/pdf" };
const HOUR = 3600;

/** The signature Cloudinary expects for these parameters. */
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const toSign = Object.entries(params)
    .filter(([name, value]) => !UNSIGNED.has(name) && value !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`.replace(/&/g, "%26"))
    .join("&");
  return createHash("sha1").update(toSign + apiSecret).digest("hex");
}

/** Cloudinary names the format from the content, not from what the sender called the file. */
function formatOf(content: Buffer): string {
  if (content.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (content[0] === 0xff && content[1] === 0xd8) return "jpg";
  if (content[0] === 0x89 && content.subarray(1, 4).toString("latin1") === "PNG") return "png";
  if (content.subarray(0, 4).toString("latin1") === "RIFF" && content.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (content.subarray(0, 3).toString("latin1") === "GIF") return "gif";
  return "jpg";
}

export async function startFakeCloudinary(options: { apiKey?: string; apiSecret?: string } = {}): Promise<FakeCloudinary> {
  const apiKey = options.apiKey ?? "test-key";
  const apiSecret = options.apiSecret ?? "test-secret";
  const uploads: FakeUpload[] = [];
  const destroyed: string[] = [];
  const assets = new Map<string, FakeAsset>();
  const downloads: FakeCloudinary["downloads"] = [];
  const deliveries: FakeCloudinary["deliveries"] = [];
  const renamed: FakeCloudinary["renamed"] = [];
  let version = 1_700_000_000;

  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const refuse = (res: http.ServerResponse, status: number, message: string) => {
    res.writeHead(status, { "content-type": "application/json", "x-cld-error": message }).end(JSON.stringify({ error: { message } }));
    return status;
  };

  /** The reason a signed API request is refused, or null when it is authentic. */
  function authError(params: Record<string, string>): string | null {
    if (!params.api_key || !params.signature || !params.timestamp) return "Missing required parameter - signature";
    if (params.api_key !== apiKey) return `Invalid api_key ${params.api_key}`;
    if (params.signature !== cloudinarySignature(params, apiSecret)) return `Invalid Signature ${params.signature}`;
    return null;
  }

  function upload(res: http.ServerResponse, cloud: string, params: Record<string, string>, content: Buffer) {
    const failure = authError(params);
    if (failure) return refuse(res, 401, failure);
    if (Number(params.timestamp) < Date.now() / 1000 - HOUR) return refuse(res, 400, `Stale request - reported time is ${params.timestamp}`);
    const type = (params.type ?? "upload") as DeliveryType;
    if (!TYPES.has(type)) return refuse(res, 400, `Invalid type ${type}`);
    const publicId = [params.folder, params.public_id ?? randomBytes(10).toString("hex")].filter(Boolean).join("/");
    const format = formatOf(content);
    version++;
    assets.set(`${type}:${publicId}`, { publicId, type, format, content, version });
    // Non-public types come back with a signed delivery URL (s--…--), which never expires.
    const signed = type === "upload" ? "" : `s--${randomBytes(6).toString("base64url")}--/`;
    const secureUrl = `https://res.cloudinary.com/${cloud}/image/${type}/${signed}v${version}/${publicId}.${format}`;
    uploads.push({ cloud, params, bytes: content.length, content, publicId, secureUrl });
    json(res, 200, { public_id: publicId, type, resource_type: "image", secure_url: secureUrl, url: secureUrl.replace("https:", "http:"), version, width: 10, height: 10, format, bytes: content.length });
    return 200;
  }

  function destroy(res: http.ServerResponse, params: Record<string, string>) {
    const failure = authError(params);
    if (failure) return refuse(res, 401, failure);
    const key = `${params.type ?? "upload"}:${params.public_id ?? ""}`;
    const found = assets.delete(key);
    destroyed.push(params.public_id ?? "");
    json(res, 200, { result: found ? "ok" : "not found" });
    return 200;
  }

  function rename(res: http.ServerResponse, cloud: string, params: Record<string, string>) {
    const failure = authError(params);
    if (failure) return refuse(res, 401, failure);
    const from = `${params.type ?? "upload"}:${params.from_public_id ?? ""}`;
    const asset = assets.get(from);
    if (!asset) return refuse(res, 404, `Resource not found - ${params.from_public_id}`);
    const type = (params.to_type ?? asset.type) as DeliveryType;
    if (!TYPES.has(type)) return refuse(res, 400, `Invalid to_type ${type}`);
    const to = `${type}:${params.to_public_id ?? ""}`;
    if (to !== from && assets.has(to) && params.overwrite !== "true" && params.overwrite !== "1") return refuse(res, 400, `to_public_id ${params.to_public_id} already exists`);
    assets.delete(from);
    const moved = { ...asset, publicId: params.to_public_id!, type };
    assets.set(to, moved);
    renamed.push({ params });
    const signed = type === "upload" ? "" : `s--${randomBytes(6).toString("base64url")}--/`;
    const secureUrl = `https://res.cloudinary.com/${cloud}/image/${type}/${signed}v${moved.version}/${moved.publicId}.${moved.format}`;
    json(res, 200, { public_id: moved.publicId, type, resource_type: "image", format: moved.format, version: moved.version, secure_url: secureUrl, bytes: moved.content.length });
    return 200;
  }

  function download(res: http.ServerResponse, params: Record<string, string>): number {
    const failure = authError(params);
    if (failure) return refuse(res, 401, failure);
    const expiresAt = params.expires_at ? Number(params.expires_at) : Number(params.timestamp) + HOUR;
    if (!(expiresAt > Date.now() / 1000)) return refuse(res, 401, "URL has expired");
    const asset = assets.get(`${params.type ?? "upload"}:${params.public_id ?? ""}`);
    if (!asset) return refuse(res, 404, `Resource not found - ${params.public_id}`);
    // The fake keeps originals only; the store always asks for the format it stored.
    if (params.format && params.format !== asset.format) return refuse(res, 400, `The fake does not convert ${asset.format} to ${params.format}`);
    res.writeHead(200, { "content-type": CONTENT_TYPES[asset.format] ?? "application/octet-stream", "content-length": asset.content.length }).end(asset.content);
    return 200;
  }

  function deliver(res: http.ServerResponse, path: string): number {
    const match = /^\/[^/]+\/image\/(upload|private|authenticated)\/(.+)$/.exec(path);
    if (!match) return refuse(res, 404, "Not found");
    const [, type, rest] = match;
    if (type !== "upload") return refuse(res, 401, "Signed delivery URL required");
    // Transformations and a version come before the public id; this store's ids are under folders.
    const segments = rest!.split("/");
    const start = segments.findIndex((segment) => ["product-images", "profiles", "receipts"].includes(segment));
    const idWithExtension = start < 0 ? segments[segments.length - 1]! : segments.slice(start).join("/");
    const publicId = idWithExtension.replace(/\.[a-z0-9]+$/i, "");
    const asset = assets.get(`upload:${publicId}`);
    if (!asset) return refuse(res, 404, "Resource not found");
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[asset.format] ?? "application/octet-stream",
      "cache-control": "public, max-age=2592000",
      "content-length": asset.content.length,
    }).end(asset.content);
    return 200;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const api = /^\/v1_1\/([^/]+)\/image\/(upload|destroy|rename|download)$/.exec(url.pathname);
    if (req.method === "GET" && api?.[2] === "download") {
      const params = Object.fromEntries(url.searchParams);
      downloads.push({ params, status: download(res, params) });
      return;
    }
    if (req.method === "GET" && !api) {
      deliveries.push({ path: url.pathname, status: deliver(res, url.pathname) });
      return;
    }
    if (req.method !== "POST" || !api || api[2] === "download") {
      refuse(res, 404, "Not found");
      return;
    }
    const [, cloud, action] = api;
    const params: Record<string, string> = {};
    const chunks: Buffer[] = [];
    const finish = () => {
      if (action === "destroy") destroy(res, params);
      else if (action === "rename") rename(res, cloud!, params);
      else upload(res, cloud!, params, Buffer.concat(chunks));
    };
    const type = req.headers["content-type"] ?? "";
    if (type.startsWith("multipart/form-data")) {
      const parser = busboy({ headers: req.headers });
      parser.on("field", (name, value) => (params[name] = value));
      parser.on("file", (_name, stream) => stream.on("data", (chunk: Buffer) => chunks.push(chunk)));
      parser.on("close", finish);
      req.pipe(parser);
    } else {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        for (const [k, v] of new URLSearchParams(body)) params[k] = v;
        finish();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    destroyed,
    assets,
    downloads,
    deliveries,
    renamed,
    apiKey,
    apiSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
