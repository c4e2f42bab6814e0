// Placeholder with the final props; the payments feature implements it.
export interface ReceiptUploadProps {
  orderId: string;
  reference: string;
  /** Guests who opened the order with reference + phone pass the phone to prove ownership. */
  phone?: string | null;
  onUploaded?: () => void;
}

export function ReceiptUpload(_props: ReceiptUploadProps) {
  return null;
}
