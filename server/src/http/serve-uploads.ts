// GET /uploads/*: files stored by POST /api/uploads on local disk. Images were re-encoded on upload;
// a PDF is never shown inside the store's origin: it is downloaded (attachment) and, should a
// browser render it anyway, sandboxed (no scripts, no same-origin access). nosniff (set for every
// response by security-headers.ts) stops browsers from guessing any other type from the content.
import express, { type RequestHandler } from "express";

export function serveUploads(uploadDir: string, maxAgeMs: number): RequestHandler {
  return express.static(uploadDir, {
    maxAge: maxAgeMs,
    fallthrough: false,
    setHeaders(res, filePath) {
      if (filePath.toLowerCase().endsWith(".pdf")) {
        res.setHeader("Content-Disposition", "attachment");
        res.setHeader("Content-Security-Policy", "sandbox");
      }
    },
  });
}
