// Store settings are injected into index.html by the server (no extra request on a slow network).
export interface StoreSettings {
  name: string;
  phone: string;
  whatsapp: string;
  address: string;
  mapUrl: string;
  pickupAddress: string;
  instagramUrl: string;
  tiktokUrl: string;
  email: string;
  bankAccountName: string;
  bankName: string;
  bankAccountNumber: string;
}

declare global {
  interface Window {
    __STORE_SETTINGS__?: StoreSettings;
  }
}

const FALLBACK: StoreSettings = {
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
};

export const storeSettings: StoreSettings = (typeof window !== "undefined" && window.__STORE_SETTINGS__) || FALLBACK;

/** Contact hours (SPEC §9), shown on the contact page and wherever hours appear. */
export const OPENING_HOURS: { days: string; hours: string }[] = [
  { days: "Mon-Fri", hours: "9:00 AM-6:00 PM" },
  { days: "Sat", hours: "10:00 AM-4:00 PM" },
  { days: "Sun", hours: "closed" },
];
