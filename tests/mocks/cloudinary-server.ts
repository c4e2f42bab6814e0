// A fake Cloudinary upload API on a local port, enough for the real `cloudinary` SDK:
// POST /v1_1/<cloud>/image/upload and /image/destroy answer like Cloudinary does. It records each
// upload's parameters (folder, public_id, overwrite) and the bytes received.
import http from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

export interface FakeUpload {
  cloud: string;
  params: Record<string, string>;
  bytes: number;
  /** The file exactly as the store sent it. */
  content: Buffer;
  publicId: string;
  secureUrl: string;
}

export interface FakeCloudinary {
  url: string;
  uploads: FakeUpload[];
  destroyed: string[];
  close(): Promise<void>;
}

export async function startFakeCloudinary(): Promise<FakeCloudinary> {
  const uploads: FakeUpload[] = [];
  const destroyed: string[] = [];
  let version = 1_700_000_000;

  const server = http.createServer((req, res) => {
    const match = /^\/v1_1\/([^/]+)\/image\/(upload|destroy)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Not found" } }));
      return;
    }
    const [, cloud, action] = match;
    const params: Record<string, string> = {};
    let bytes = 0;
    const chunks: Buffer[] = [];
    const finish = () => {
      if (!params.signature || !params.api_key) {
        res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Missing signature" } }));
        return;
      }
      if (action === "destroy") {
        destroyed.push(params.public_id ?? "");
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: "ok" }));
        return;
      }
      const publicId = params.folder ? `${params.folder}/${params.public_id}` : (params.public_id ?? "random");
      version++;
      const secureUrl = `https://res.cloudinary.com/${cloud}/image/upload/v${version}/${publicId}.jpg`;
      uploads.push({ cloud: cloud!, params, bytes, content: Buffer.concat(chunks), publicId, secureUrl });
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ public_id: publicId, secure_url: secureUrl, url: secureUrl.replace("https:", "http:"), version, width: 10, height: 10, format: "jpg", bytes }),
      );
    };
    const type = req.headers["content-type"] ?? "";
    if (type.startsWith("multipart/form-data")) {
      const parser = busboy({ headers: req.headers });
      parser.on("field", (name, value) => (params[name] = value));
      parser.on("file", (_name, stream) =>
        stream.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          chunks.push(chunk);
        }),
      );
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
