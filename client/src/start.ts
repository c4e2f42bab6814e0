// Starts a server-rendered page's JavaScript once its first screen has painted (decision 022).
// The page reads without JavaScript, so on a slow phone connection the HTML, the stylesheet and the
// first pictures get all the bandwidth, and the ~140 KB of scripts (which only make the page
// interactive) follow. A shopper who touches the page or a key starts them at once, and a picture
// that never finishes loading holds them back for at most START_AT_LATEST_MS.
// No imports: this file is its own tiny chunk, loaded by the page's only <script> tag.
const START_AT_LATEST_MS = 3000;

const tag = document.querySelector<HTMLScriptElement>("script[data-entry]");
let started = false;

function start(): void {
  if (started || !tag?.dataset.entry) return;
  started = true;
  // Every module the entry imports, fetched side by side instead of one after another.
  for (const href of (tag.dataset.preload ?? "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = tag.dataset.entry;
  document.head.append(script);
}

for (const type of ["pointerdown", "touchstart", "keydown"]) addEventListener(type, start, { once: true, passive: true, capture: true });
// After the frame that paints what `load` waited for (the first pictures).
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === "complete") afterPaint();
else addEventListener("load", afterPaint, { once: true });
setTimeout(start, START_AT_LATEST_MS);
