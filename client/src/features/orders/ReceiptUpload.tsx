// The order's owner sends the transfer receipt (image or PDF) with the sender's name and bank.
// The file goes to POST /api/uploads first; the mutation then puts the order under review. A receipt
// never marks the order paid: an admin checks the bank account first. Whether the form shows at all
// is OrderPayment's decision, from the order its page already loaded.
import { useId, useState } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { guestPassFor } from "./guest-orders.ts";
import { acceptAttribute, isAllowedType, MAX_UPLOAD_BYTES, RECEIPT_TYPES } from "../../../../common/upload-types.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { FormError } from "../../ui/FormError.tsx";
import { uploadOrderFiles } from "../../lib/order-uploads.ts";
import { useFormSend } from "../../lib/use-form-send.ts";

export const ReceiptUploadFragment = graphql(`
  fragment ReceiptUpload on Order {
    id
    shortOrderId
  }
`);

export interface ReceiptUploadProps {
  order: FragmentType<typeof ReceiptUploadFragment>;
  /** Guests who opened the order with reference + phone pass the phone to prove ownership. */
  phone?: string | null;
  onUploaded?: () => void;
}

const PaymentsSubmitReceiptMutation = graphql(`
  mutation PaymentsSubmitReceipt($input: SubmitReceiptInput!) {
    submitPaymentReceipt(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationSubmitPaymentReceiptSuccess {
        data {
          order {
            id
            status
            paymentStatus
            holdExpiresAt
            holdExtended
            rejectionReason
          }
        }
      }
    }
  }
`);

const SEND_FAILED = "The receipt could not be sent. Please try again.";

/** Banks and wallets Nigerians transfer from most; any name may be typed. */
const BANKS = ["Access Bank", "Fidelity Bank", "First Bank", "FCMB", "GTBank", "Kuda", "Moniepoint", "Opay", "PalmPay", "Polaris Bank", "Stanbic IBTC", "Sterling Bank", "UBA", "Union Bank", "Wema Bank", "Zenith Bank"];

export function ReceiptUpload({ phone, onUploaded, ...props }: ReceiptUploadProps) {
  const { id: orderId, shortOrderId: reference } = getFragmentData(ReceiptUploadFragment, props.order);
  const id = useId();
  const guestToken = guestPassFor(reference)?.token ?? guestPassFor(orderId)?.token ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [senderName, setSenderName] = useState("");
  const [senderBank, setSenderBank] = useState("");
  // The tracker's public view and the status history follow the new payment state too.
  const [submit] = useMutation(PaymentsSubmitReceiptMutation, { refetchQueries: ["OrdersTrack", "PaymentsStatusHistory"] });
  const { error, busy, onSubmit } = useFormSend({ check, send, failure: SEND_FAILED });

  function check(): string | null {
    if (!file) return "Please choose the receipt: a screenshot, photo or PDF";
    if (!isAllowedType(RECEIPT_TYPES, file.type)) return "The receipt must be an image (JPEG, PNG, WebP, GIF) or a PDF";
    if (file.size > MAX_UPLOAD_BYTES) return "The receipt must be at most 5 MB";
    if (senderName.trim().length < 2) return "Sender name must be at least 2 characters";
    if (senderBank.trim().length < 2) return "Please enter the bank you sent the money from";
    return null;
  }

  async function send(): Promise<string | null> {
    const [fileUrl] = await uploadOrderFiles("receipt", [file!], { reference, guestToken, phone: phone ?? null }, "The receipt could not be uploaded. Please try again.");
    const { data } = await submit({
      variables: {
        input: { orderId, fileUrl, senderName, senderBank, phone: phone ?? null, guestToken },
      },
    });
    const result = data?.submitPaymentReceipt;
    if (result?.__typename !== "MutationSubmitPaymentReceiptSuccess") return resultError(result, SEND_FAILED);
    toast("Receipt sent. We will confirm your payment soon.");
    setFile(null);
    onUploaded?.();
    return null;
  }

  return (
    <form className="receipt-upload no-print" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Paid already? Send your receipt</h3>
      <p className="receipt-upload__hint">
        Upload the transfer receipt for order <strong>{reference}</strong>. We check every transfer against our bank account before confirming.
      </p>
      <label>
        Receipt (image or PDF, up to 5 MB)
        <input type="file" accept={acceptAttribute(RECEIPT_TYPES)} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <label>
        Sender name (as on the account you paid from)
        <input value={senderName} maxLength={100} autoComplete="name" onChange={(e) => setSenderName(e.target.value)} />
      </label>
      <label>
        Bank you paid from
        <input value={senderBank} maxLength={60} list={`${id}-banks`} onChange={(e) => setSenderBank(e.target.value)} />
        <datalist id={`${id}-banks`}>
          {BANKS.map((bank) => (
            <option key={bank} value={bank} />
          ))}
        </datalist>
      </label>
      <FormError message={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending..." : "Send receipt"}
      </button>
    </form>
  );
}
