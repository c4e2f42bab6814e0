// The shop's contact and bank details (DESIGN §6.9): read from the environment by the server
// (server/src/config.ts), sent to the browser in the page (client/src/lib/store-settings.ts) and
// by the storeSettings query. One shape for all three.
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

/** What a page carries (its JSON data block, and the server's render): the settings plus the shop's
 *  public address (PUBLIC_URL), for absolute links written into pages. */
export interface PageStoreSettings extends StoreSettings {
  publicUrl: string;
  /** How shoppers can pay (common/payment-methods.ts): the Paystack methods only with a Paystack key. */
  paymentMethods: readonly string[];
  /** WhatsApp or SMS is configured: the checkout offers order updates there (decision 036). */
  orderUpdates: boolean;
}
