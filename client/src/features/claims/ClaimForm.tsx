// "Report a problem": the order's owner opens a claim (openClaim) with a reason the server allows
// now, a message and up to 4 photos. The photos go to POST /api/uploads (purpose=claim) first, proven
// like a receipt; a guest also gives the order's phone number, the tracker's proof. The server's
// refusals are shown as it words them.
import { useId, useState } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { ClaimReason } from "../../gql/graphql.ts";
import { toast } from "../../ui/toast.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { resultError } from "../../lib/mutation-result.ts";
import { useViewer } from "../../lib/viewer.ts";
import { uploadOrderFiles } from "../../lib/order-uploads.ts";
import { useFormSend } from "../../lib/use-form-send.ts";
import { acceptAttribute, IMAGE_TYPES, isAllowedType, MAX_UPLOAD_BYTES } from "../../../../common/upload-types.ts";
import { CLAIM_INPUT_MESSAGES, CLAIM_REASON_LABELS, MAX_CLAIM_MESSAGE, MAX_CLAIM_PHOTOS } from "../../../../common/claims.ts";

const ClaimsOpenMutation = graphql(`
  mutation ClaimsOpen($input: OpenClaimInput!) {
    openClaim(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationOpenClaimSuccess {
        data {
          id
          order {
            id
            ...OrderClaims
          }
        }
      }
    }
  }
`);

const SEND_FAILED = "The claim could not be sent. Please try again.";

export interface ClaimFormProps {
  reference: string;
  /** What the server allows now (Order.claimReasons). */
  reasons: readonly ClaimReason[];
  /** This browser's guest pass for the order, if it has one: proves the photos are the owner's. */
  guestToken: string | null;
  onOpened: () => void;
}

export function ClaimForm({ reference, reasons, guestToken, onOpened }: ClaimFormProps) {
  const id = useId();
  const { viewer } = useViewer();
  const [reason, setReason] = useState<ClaimReason | null>(reasons.length === 1 ? reasons[0]! : null);
  const [message, setMessage] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [phone, setPhone] = useState("");
  const [open] = useMutation(ClaimsOpenMutation);
  const guest = !viewer;
  const { error, setError, busy, onSubmit } = useFormSend({ check, send, failure: SEND_FAILED });

  function addPhotos(files: FileList | null) {
    const chosen = [...photos, ...(files ? [...files] : [])];
    if (chosen.length > MAX_CLAIM_PHOTOS) setError(CLAIM_INPUT_MESSAGES.tooManyPhotos);
    else if (chosen.some((file) => !isAllowedType(IMAGE_TYPES, file.type))) setError("Photos must be images (JPEG, PNG, WebP, GIF)");
    else if (chosen.some((file) => file.size > MAX_UPLOAD_BYTES)) setError("Each photo must be at most 5 MB");
    else {
      setError(null);
      setPhotos(chosen);
    }
  }

  function check(): string | null {
    if (!reason) return "Please choose what went wrong";
    if (!message.trim()) return CLAIM_INPUT_MESSAGES.message;
    if (message.trim().length > MAX_CLAIM_MESSAGE) return CLAIM_INPUT_MESSAGES.messageTooLong;
    if (guest && !phone.trim()) return "Please enter the phone number you gave at checkout";
    return null;
  }

  async function send(): Promise<string | null> {
    const proof = { reference, guestToken, phone: guest ? phone.trim() : null };
    const photoUrls = photos.length ? await uploadOrderFiles("claim", photos, proof, "The photos could not be uploaded. Please try again.") : [];
    const { data } = await open({ variables: { input: { reference, phone: proof.phone, reason: reason!, message: message.trim(), photoUrls } } });
    const result = data?.openClaim;
    if (result?.__typename !== "MutationOpenClaimSuccess") return resultError(result, SEND_FAILED);
    toast("Thank you. We have your claim and will answer soon.");
    onOpened();
    return null;
  }

  return (
    <form className="claim-form no-print" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Report a problem</h3>
      <fieldset className="claim-form__reasons">
        <legend>What went wrong?</legend>
        {reasons.map((name) => (
          <label key={name} className="claim-form__reason">
            <input type="radio" name={`${id}-reason`} value={name} checked={reason === name} onChange={() => setReason(name)} />
            {CLAIM_REASON_LABELS[name]}
          </label>
        ))}
      </fieldset>
      <label>
        Tell us what is wrong
        <textarea value={message} rows={4} maxLength={MAX_CLAIM_MESSAGE} aria-describedby={`${id}-count`} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <p id={`${id}-count`} className="claim-form__count" aria-live="polite">
        {message.length.toLocaleString("en-NG")} / {MAX_CLAIM_MESSAGE.toLocaleString("en-NG")} characters
      </p>
      <label>
        Photos (up to {MAX_CLAIM_PHOTOS}, optional)
        <input
          type="file"
          multiple
          accept={acceptAttribute(IMAGE_TYPES)}
          disabled={photos.length >= MAX_CLAIM_PHOTOS}
          onChange={(e) => {
            addPhotos(e.target.files);
            e.target.value = ""; // the same photo can be chosen again after Remove
          }}
        />
      </label>
      {photos.length > 0 && (
        <ul className="claim-form__photos" aria-label="Chosen photos">
          {photos.map((photo, i) => (
            <li key={`${photo.name}-${i}`}>
              {photo.name}{" "}
              <button type="button" className="link-button" aria-label={`Remove ${photo.name}`} onClick={() => setPhotos(photos.filter((_, j) => j !== i))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {guest && (
        <label>
          Phone number you gave at checkout
          <input type="tel" inputMode="tel" autoComplete="tel" value={phone} maxLength={20} onChange={(e) => setPhone(e.target.value)} />
        </label>
      )}
      <FormError message={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending..." : "Send claim"}
      </button>
    </form>
  );
}
