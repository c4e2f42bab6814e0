// POST /api/uploads: multipart files checked by content and size, cleaned (clean-file.ts: images
// re-encoded, PDFs checked), stored only when all pass. purpose=product (staff and admins), avatar (signed-in
// shoppers, upserted per user), receipt (whoever may pay for the order named by the `reference`
// field: its signed-in owner, the browser holding its `guestToken`, or anyone with its `phone`;
// rate-limited per address), claim (photos for a claim, proven like receipts and private like them).
import type { Request, RequestHandler } from "express";
import busboy from "busboy";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { FileStorage, UploadFolder } from "../storage/storage.ts";
import { detectFileType } from "../storage/file-type.ts";
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, RECEIPT_TYPES, TOO_MANY_FILES } from "../../../common/upload-types.ts";
import { cleanFile, UnsafeFileError, type CleanFile } from "../storage/clean-file.ts";
import { productRenditions, type Rendition } from "../storage/renditions.ts";
import { orderForReceiptUpload } from "../modules/payments/receipts.service.ts";
import { receiptLinkKey, receiptNameFor } from "../modules/payments/receipt-links.ts";
import { orderForClaimUpload } from "../modules/claims/claims.service.ts";
import { MAX_CLAIM_PHOTOS } from "../../../common/claims.ts";
import { sessionCookies } from "../auth/cookies.ts";
import { validateSessionToken } from "../auth/session.ts";
import { isStaffOrAdmin } from "../auth/viewer.ts";
import { hitRateLimit } from "../modules/accounts/rate-limit.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { logger } from "../logger.ts";
import { isDatabaseUnavailable, reportUnavailable } from "../db/unavailable.ts";
import { sendUnavailable } from "./unavailable.ts";


export const RECEIPT_UPLOAD_LIMITS = {
  perAddress: { limit: 60, windowSeconds: 3600 },
  perOrder: { limit: 20, windowSeconds: 3600 },
};

type Purpose = "product" | "avatar" | "receipt" | "claim";

const PURPOSES: Record<Purpose, { folder: UploadFolder; types: Set<string>; maxFiles: number; typeMessage: string }> = {
  product: { folder: "product-images", types: new Set(IMAGE_TYPES), maxFiles: MAX_UPLOAD_FILES, typeMessage: "Only image files (JPEG, PNG, WebP, GIF) can be uploaded" },
  avatar: { folder: "profiles", types: new Set(IMAGE_TYPES), maxFiles: 1, typeMessage: "Only image files (JPEG, PNG, WebP, GIF) can be uploaded" },
  receipt: {
    folder: "receipts",
    types: new Set(RECEIPT_TYPES),
    maxFiles: 1,
    typeMessage: "Receipts must be an image (JPEG, PNG, WebP, GIF) or a PDF",
  },
  // Claim photos show the shopper's parcel and home: private exactly like receipts (same folder,
  // same signed links; decision 038).
  claim: { folder: "receipts", types: new Set(IMAGE_TYPES), maxFiles: MAX_CLAIM_PHOTOS, typeMessage: "Only image files (JPEG, PNG, WebP, GIF) can be uploaded" },
};

class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Parsed {
  purpose: string | null;
  /** Receipts: the order and the proof that the sender may pay for it. */
  reference: string | null;
  guestToken: string | null;
  phone: string | null;
  files: { name: string; buffer: Buffer }[];
}

function parseMultipart(req: Request): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_UPLOAD_FILES, fields: 8, fieldSize: 1024 } });
    } catch {
      reject(new UploadError(400, "Send the files as multipart/form-data"));
      return;
    }
    const parsed: Parsed = { purpose: null, reference: null, guestToken: null, phone: null, files: [] };
    let failure: UploadError | null = null;
    bb.on("field", (name, value) => {
      if (name === "purpose" || name === "reference" || name === "guestToken" || name === "phone") parsed[name] = value || null;
    });
    bb.on("file", (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        failure ??= new UploadError(413, `${info.filename || "A file"} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
      });
      stream.on("end", () => {
        if (field === "files") parsed.files.push({ name: info.filename ?? "", buffer: Buffer.concat(chunks) });
      });
    });
    bb.on("filesLimit", () => {
      failure ??= new UploadError(400, TOO_MANY_FILES);
    });
    bb.on("error", () => reject(new UploadError(400, "The upload could not be read")));
    bb.on("close", () => (failure ? reject(failure) : resolve(parsed)));
    req.pipe(bb);
  });
}

export function uploadsHandler(config: Config, prisma: Db, storage: FileStorage): RequestHandler {
  return async (req, res) => {
    try {
      const cookies = sessionCookies(req, res, config.env === "production");
      const token = cookies.read();
      const session = token ? await validateSessionToken(prisma, token) : null;
      const parsed = await parseMultipart(req);
      const purpose = parsed.purpose as Purpose | null;
      if (!purpose || !(purpose in PURPOSES)) throw new UploadError(400, "purpose must be product, avatar, receipt or claim");
      const rule = PURPOSES[purpose];
      if (purpose === "product" && !isStaffOrAdmin(session?.viewer)) {
        throw new UploadError(session ? 403 : 401, session ? "Only staff and admins can upload product images" : "Please log in to upload");
      }
      if (purpose === "avatar" && !session) throw new UploadError(401, "Please log in to upload");
      // A receipt or claim photo is named for its order (receipt-links.ts receiptNameFor).
      let privateFor: { key: Buffer; orderId: string } | null = null;
      if (purpose === "receipt" || purpose === "claim") {
        // Per address it is loose (Nigerian mobile users share carrier addresses); per order tight.
        await hitRateLimit(prisma, [`receipt-upload:ip:${req.ip}`], RECEIPT_UPLOAD_LIMITS.perAddress);
        const proof = { viewer: session?.viewer ?? null, guestToken: parsed.guestToken, phone: parsed.phone, ip: req.ip ?? "unknown" };
        const order = purpose === "receipt" ? await orderForReceiptUpload(prisma, parsed.reference ?? "", proof) : await orderForClaimUpload(prisma, parsed.reference ?? "", proof);
        await hitRateLimit(prisma, [`receipt-upload:order:${order.id}`], RECEIPT_UPLOAD_LIMITS.perOrder);
        privateFor = { key: await receiptLinkKey(prisma, config.receiptLinkSecret), orderId: order.id };
      }
      if (!parsed.files.length) throw new UploadError(400, "Choose at least one file");
      if (parsed.files.length > rule.maxFiles) throw new UploadError(400, `At most ${rule.maxFiles} file${rule.maxFiles > 1 ? "s" : ""} for this upload`);
      // Check and clean every file before storing any, so a bad file in a batch stores nothing.
      const checked = parsed.files.map((file) => {
        const type = detectFileType(file.buffer);
        if (!type || !rule.types.has(type.mimeType)) throw new UploadError(415, `${file.name || "File"}: ${rule.typeMessage}`);
        return { ...file, type };
      });
      const cleaned: (CleanFile & { renditions?: Rendition[] })[] = [];
      // One at a time: decoding several large photos at once would multiply the memory it takes.
      for (const file of checked) {
        const clean = await cleanFile(file.buffer, file.type, purpose === "claim" ? "receipt" : purpose, file.name || "The file");
        // Product pictures on local disk are stored at each width the store shows (srcset).
        const sized = purpose === "product" && !storage.resizesOnDelivery && clean.width !== undefined;
        cleaned.push(sized ? { ...clean, renditions: await productRenditions(clean.buffer, clean.width!) } : clean);
      }
      const stored: { url: string; mimeType: string; bytes: number }[] = [];
      try {
        for (const file of cleaned) {
          const saved = await storage.save(
            file,
            purpose === "avatar"
              ? { folder: rule.folder, publicId: session!.viewer.userId, overwrite: true }
              : privateFor
                ? { folder: rule.folder, publicId: receiptNameFor(privateFor.key, privateFor.orderId) }
                : { folder: rule.folder },
          );
          stored.push({ url: saved.url, mimeType: file.mimeType, bytes: file.buffer.length });
        }
      } catch (error) {
        // All or nothing: a storage failure half-way removes what this batch already stored.
        await Promise.all(stored.map((file) => storage.remove(file.url).catch(() => undefined)));
        throw error;
      }
      res.status(201).json({ files: stored });
    } catch (error) {
      if (error instanceof UploadError || error instanceof UnsafeFileError) {
        res.status(error.status).json({ error: error.message });
      } else if (error instanceof NotFoundError) {
        res.status(404).json({ error: error.message });
      } else if (error instanceof ValidationError) {
        res.status(409).json({ error: error.message });
      } else if (error instanceof RateLimitError) {
        res.status(429).json({ error: error.message });
      } else if (isDatabaseUnavailable(error)) {
        reportUnavailable("upload", error);
        sendUnavailable(req, res);
      } else {
        logger.error("Upload failed", error);
        res.status(500).json({ error: "The upload failed. Please try again." });
      }
    }
  };
}
