// Store settings are injected into index.html by the server (no extra request on a slow network)
// as a JSON data block, <script type="application/json" id="store-settings">: a data block never
// runs, so the Content-Security-Policy can refuse every inline script.
import { STORE_SETTINGS_ELEMENT_ID } from "../../../common/page-head.ts";
import type { PageStoreSettings } from "../../../common/store-settings.ts";


const FALLBACK: PageStoreSettings = {
  name: "Thrift Store",
  phone: "",
  whatsapp: "",
  address: "",
  mapUrl: "#",
  pickupAddress: "",
  instagramUrl: "#",
  tiktokUrl: "#",
  email: "",
  bankAccountName: "",
  bankName: "",
  bankAccountNumber: "",
  publicUrl: "",
  paymentMethods: ["bank_transfer"],
  orderUpdates: false,
};

/** The last settings a page brought, for the app shell the service worker answers with offline
 *  (a plain index.html, without them: the top bar had no phone number; issue 40). */
const KEPT = "storeSettings";

function keep(text: string | null | undefined): string | null | undefined {
  try {
    if (text) localStorage.setItem(KEPT, text);
    else text = localStorage.getItem(KEPT);
  } catch {
    // storage refused (private mode, quota): this page's settings only
  }
  return text;
}

function readStoreSettings(): PageStoreSettings {
  if (typeof document === "undefined") return FALLBACK;
  const text = keep(document.getElementById(STORE_SETTINGS_ELEMENT_ID)?.textContent);
  if (!text) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(text) as Partial<PageStoreSettings>) };
  } catch {
    return FALLBACK;
  }
}

export const storeSettings: PageStoreSettings = readStoreSettings();

/** The server renderer has no document to read: it hands the same settings over before rendering
 *  (one set per process, so sharing the module's object between requests is safe). */
export function setStoreSettings(settings: PageStoreSettings): void {
  Object.assign(storeSettings, settings);
}

/** Contact hours (SPEC §9), shown on the contact page and wherever hours appear. */
export { OPENING_HOURS } from "../../../common/opening-hours.ts";
