// Starts a server-rendered page's JavaScript once its first screen has painted (decision 022).
// The page reads without JavaScript, so on a slow phone connection the HTML, the stylesheet and the
// first pictures get all the bandwidth, and the ~140 KB of scripts (which only make the page
// interactive) follow. A shopper who touches the page or a key starts them at once, and a picture
// that never finishes loading holds them back for at most START_AT_LATEST_MS.
// No imports: this file is its own tiny chunk, loaded by the page's only <script> tag.
const START_AT_LATEST_MS = 3000;

const tag = document.querySelector<HTMLScriptElement>("script[data-entry]");
let started = false;

const files = (list: string | undefined) => (list ?? "").split(" ").filter(Boolean);
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  if (started || !tag?.dataset.entry) return;
  started = true;
  // The entry and every module it imports, fetched side by side instead of one after another.
  for (const href of [tag.dataset.entry, ...files(tag.dataset.preload)]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  // The big libraries first, each evaluated in a task of its own (common/library-chunks.ts): the
  // entry then finds them evaluated (same address, same module) and runs only the app's own code.
  // A failed one is left to the entry, which imports it again.
  for (const href of files(tag.dataset.stages)) {
    try {
      await import(/* @vite-ignore */ href);
    } catch {
      break;
    }
    await nextTask();
  }
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = tag.dataset.entry;
  document.head.append(script);
}

const begin = () => void start();
for (const type of ["pointerdown", "touchstart", "keydown"]) addEventListener(type, begin, { once: true, passive: true, capture: true });
// After the frame that paints what `load` waited for (the first pictures).
const afterPaint = () => requestAnimationFrame(() => setTimeout(begin, 0));
if (document.readyState === "complete") afterPaint();
else addEventListener("load", afterPaint, { once: true });
setTimeout(begin, START_AT_LATEST_MS);
