// Link-preview pictures drawn with sharp (decision 029): WhatsApp, Instagram and Facebook show the
// og:image of a shared link, and SVG is not shown at all. A product's preview is its photo with its
// price and grade beside it (1200×630, the size those apps show largest), so a shared link sells by
// itself; the shop's own preview serves every other page. Text is set with the font shipped in
// server/assets/fonts, so a slim container without system fonts draws the same picture.
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { PROJECT_ROOT } from "../../config.ts";
import { PREVIEW_SIZE } from "../../../../common/preview-image.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { percentOff } from "../../../../common/pricing.ts";

const FONT_FILE = path.join(PROJECT_ROOT, "server/assets/fonts/DejaVuSans-Bold.ttf");
const FONT = "DejaVu Sans Bold";
const GREEN = "#1f5f4a";
const INK = "#1d1d1b";
const CREAM = "#f7f3ea";
const MUTED = "#6b6b66";
const { width: W, height: H } = PREVIEW_SIZE;
const JPEG = { quality: 82, mozjpeg: true } as const;

/** Pango markup text: the five characters markup would read. */
const markup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

interface Text {
  input: Buffer;
  width: number;
  height: number;
}

async function text(content: string, size: number, width: number, options: { align?: "left" | "centre" } = {}): Promise<Text> {
  const { data, info } = await sharp({
    text: { text: content, font: `${FONT} ${size}`, fontfile: FONT_FILE, rgba: true, width, wrap: "word", align: options.align ?? "left" },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

const span = (color: string, content: string) => `<span foreground="${color}">${markup(content)}</span>`;
const shorten = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`);

/** A picture's pixels, flattened on white; null when it cannot be read as an image. */
async function photoPixels(photo: Buffer | null, width: number, height: number, fit: "cover" | "inside"): Promise<Buffer | null> {
  if (!photo) return null;
  try {
    // density: an SVG (the demo pictures) is rasterised sharp at the size it is drawn.
    return await sharp(photo, { density: 300, limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width, height, fit, position: "attention" })
      .flatten({ background: "#ffffff" })
      .toBuffer();
  } catch {
    return null;
  }
}

export interface ProductPreviewFacts {
  name: string;
  price: string;
  originalPrice: string | null;
  /** The grade's label ("Like new"), null when not graded. */
  grade: string | null;
  storeName: string;
}

/** 1200×630 JPEG: the photo on the left square, the name, grade and price on the right. */
export async function drawProductPreview(photo: Buffer | null, facts: ProductPreviewFacts): Promise<Buffer> {
  const side = H;
  const pad = 48;
  const column = W - side - pad * 2;
  const layers: OverlayOptions[] = [];
  const pixels = await photoPixels(photo, side, side, "cover");
  if (pixels) layers.push({ input: pixels, left: 0, top: 0 });
  else layers.push({ input: await sharp({ create: { width: side, height: side, channels: 3, background: "#e8e2d4" } }).png().toBuffer(), left: 0, top: 0 });

  let y = pad;
  const store = await text(span(GREEN, facts.storeName), 26, column);
  layers.push({ input: store.input, left: side + pad, top: y });
  y += store.height + 24;
  const name = await text(span(INK, shorten(facts.name, 80)), 40, column);
  layers.push({ input: name.input, left: side + pad, top: y });
  y += name.height + 28;
  if (facts.grade) {
    const grade = await text(span("#ffffff", facts.grade), 28, column);
    const pill = { w: grade.width + 36, h: grade.height + 20 };
    const shape = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${pill.w}" height="${pill.h}"><rect width="100%" height="100%" rx="${pill.h / 2}" fill="${GREEN}"/></svg>`);
    layers.push({ input: shape, left: side + pad, top: y }, { input: grade.input, left: side + pad + 18, top: y + 10 });
  }

  const price = await text(span(GREEN, formatNaira(facts.price)), 76, column);
  let bottom = H - pad - price.height;
  layers.push({ input: price.input, left: side + pad, top: bottom });
  const off = percentOff(facts.price, facts.originalPrice);
  if (off !== null && facts.originalPrice) {
    const was = await text(`<span foreground="${MUTED}"><s>${markup(formatNaira(facts.originalPrice))}</s></span>  ${span("#b3261e", `-${off}%`)}`, 32, column);
    bottom -= was.height + 8;
    layers.push({ input: was.input, left: side + pad, top: bottom });
  }
  return sharp({ create: { width: W, height: H, channels: 3, background: CREAM } }).composite(layers).jpeg(JPEG).toBuffer();
}

/** The photo alone as a JPEG (the feeds' image_link): 1200 px on its longer side, no text on it
 *  (Meta refuses catalogue pictures with text overlays). Without a readable photo, a plain square. */
export async function drawProductPhoto(photo: Buffer | null): Promise<Buffer> {
  const pixels = await photoPixels(photo, 1200, 1200, "inside");
  return (pixels ? sharp(pixels) : sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#e8e2d4" } })).jpeg(JPEG).toBuffer();
}

/** 1200×630 JPEG with the shop's name and tagline, for the pages that are not one product. */
export async function drawStorePreview(store: { name: string; tagline: string; line: string }): Promise<Buffer> {
  const width = W - 160;
  const name = await text(span("#ffffff", store.name), 84, width, { align: "centre" });
  const tagline = await text(span(CREAM, store.tagline), 38, width, { align: "centre" });
  const line = await text(span("#cfe3da", store.line), 26, width, { align: "centre" });
  const total = name.height + 28 + tagline.height + 36 + line.height;
  let y = Math.round((H - total) / 2);
  const centred = (t: Text) => Math.round((W - t.width) / 2);
  const layers: OverlayOptions[] = [];
  for (const [t, gap] of [[name, 28], [tagline, 36], [line, 0]] as const) {
    layers.push({ input: t.input, left: centred(t), top: y });
    y += t.height + gap;
  }
  return sharp({ create: { width: W, height: H, channels: 3, background: GREEN } }).composite(layers).jpeg(JPEG).toBuffer();
}
