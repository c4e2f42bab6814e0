// A copy-to-clipboard button that toasts "Copied". Falls back to a hidden textarea where the
// Clipboard API is missing (older Android browsers, some in-app browsers).
import { toast } from "./toast.tsx";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      /* permission refused: try the old way */
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

/** `text`: the button's own words when "Copy" alone would not say what (e.g. "Copy message"). */
export function CopyButton({ value, label, text = "Copy" }: { value: string; label: string; text?: string }) {
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={text === "Copy" ? `Copy ${label}` : undefined}
      onClick={() => copyText(value).then(() => toast("Copied"), () => toast.error("Could not copy. Please copy it by hand."))}
    >
      {text}
    </button>
  );
}
