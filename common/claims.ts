// Claims after the sale (decision 038): the limits openClaim enforces and the claim form checks
// first (with the same words), and how the shop names a claim's reason and state to people
// (tracker, account, the admin's Claims tab).
import { formatNaira } from "./naira.ts";

export const MAX_CLAIM_PHOTOS = 4;
export const MAX_CLAIM_MESSAGE = 1000;

export const CLAIM_REASONS = ["wrong_item", "undisclosed_flaw", "not_received", "other"] as const;
export type ClaimReasonName = (typeof CLAIM_REASONS)[number];

export const CLAIM_REASON_LABELS: Record<ClaimReasonName, string> = {
  wrong_item: "Wrong item",
  undisclosed_flaw: "A flaw the listing did not show",
  not_received: "The parcel never came",
  other: "Something else",
};

/** The refusals of a claim's own fields, shown by the form before anything is uploaded. */
export const CLAIM_INPUT_MESSAGES = {
  message: "Please tell us what is wrong",
  messageTooLong: `Please keep the message to ${MAX_CLAIM_MESSAGE.toLocaleString("en-NG")} characters`,
  tooManyPhotos: `At most ${MAX_CLAIM_PHOTOS} photos`,
} as const;

export interface ClaimState {
  status: "open" | "accepted" | "declined" | "refunded";
  refundedAmount?: string | null;
  refundStatus?: "pending" | "processed" | "failed" | null;
}

/** Where a claim stands, in a line: "Refunded ₦4,000", "Open: waiting for the shop's answer", … */
export function claimStatusLine(claim: ClaimState): string {
  switch (claim.status) {
    case "open":
      return claim.refundStatus === "failed" ? "Open: the refund did not go through, so the shop will decide again" : "Open: waiting for the shop's answer";
    case "accepted":
      return "Accepted: the piece will be exchanged";
    case "declined":
      return "Declined";
    case "refunded":
      return `Refunded ${formatNaira(claim.refundedAmount ?? "0")}${claim.refundStatus === "pending" ? " (on its way back through Paystack)" : ""}`;
  }
}
