// The shell's stylesheet, written into every server-rendered page as a <style> element (decision
// 022): the page then paints from its HTML alone, without waiting a round trip for the CSS file
// (Lighthouse counted it as the one render-blocking request). The Content-Security-Policy allows
// exactly this text by its hash (security-headers.ts), never inline styles in general.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readClientManifest } from "./client-manifest.ts";

export interface InlineStylesheet {
  /** The file's address, as index.html links it. */
  href: string;
  css: string;
  /** The CSP source that allows this text in a <style> element. */
  cspSource: string;
}

const found = new Map<string, InlineStylesheet>();

/** The client build's shell stylesheet (from its Vite manifest); null while there is no build. A
 *  build found is kept: the page shell that inlines it is read once too (page-html.ts). */
export function inlineStylesheetOf(clientDir: string): InlineStylesheet | null {
  const known = found.get(clientDir);
  if (known) return known;
  try {
    const file = readClientManifest(clientDir)?.["index.html"]?.css?.[0];
    if (!file) return null;
    const css = fs.readFileSync(path.join(clientDir, file), "utf8");
    // Never inline what could end the element early.
    if (/<\/style/i.test(css)) return null;
    const stylesheet = { href: `/${file}`, css, cspSource: `'sha256-${createHash("sha256").update(css).digest("base64")}'` };
    found.set(clientDir, stylesheet);
    return stylesheet;
  } catch {
    return null;
  }
}

/** A page's HTML with its link to the stylesheet replaced by the stylesheet itself. */
export function withInlineStylesheet(html: string, stylesheet: InlineStylesheet): string {
  return html.replace(new RegExp(`<link rel="stylesheet" crossorigin href="${stylesheet.href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}">`), () => `<style>${stylesheet.css}</style>`);
}
