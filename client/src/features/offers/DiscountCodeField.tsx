// The checkout's discount code: type it, Apply asks the server what it takes off (discountPreview),
// Remove takes it off again. Its own chunk, loaded after the checkout shows (bundle budget). The
// server decides again when the order is placed; a refusal then comes back as `problem`.
import { useState, type FormEvent } from "react";
import { useApolloClient } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";

const CheckoutDiscountPreviewQuery = graphql(`
  query CheckoutDiscountPreview($code: String!, $items: [GuestCartLineInput!]) {
    discountPreview(code: $code, items: $items) {
      __typename
      ... on Error {
        message
      }
      ... on QueryDiscountPreviewSuccess {
        data {
          code
          discount
          reason
        }
      }
    }
  }
`);

/** A code the server said applies, and what it takes off the items. */
export interface AppliedCode {
  code: string;
  discount: string;
}

interface Props {
  /** A guest's lines (null for a signed-in shopper: the server prices their cart). */
  items: { productId: string; quantity: number }[] | null;
  applied: AppliedCode | null;
  onChange: (applied: AppliedCode | null) => void;
  /** Why the server refused the code when the order was placed. */
  problem: string | null;
  disabled: boolean;
}

export function DiscountCodeField({ items, applied, onChange, problem, disabled }: Props) {
  const apollo = useApolloClient();
  const [text, setText] = useState("");
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const { data } = await apollo.query({ query: CheckoutDiscountPreviewQuery, variables: { code: text, items }, fetchPolicy: "network-only" });
      const result = data?.discountPreview;
      if (result?.__typename !== "QueryDiscountPreviewSuccess") {
        setReason(result && "message" in result ? result.message : "Could not check the code. Please try again.");
        return;
      }
      setReason(result.data.reason);
      if (!result.data.reason) onChange({ code: result.data.code, discount: result.data.discount });
    } catch {
      setReason("Could not check the code. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const message = problem ?? reason;
  if (applied) {
    return (
      <div className="discount-code discount-code--applied">
        <span>
          Code <strong>{applied.code}</strong>: {formatNaira(applied.discount)} off
        </span>
        {!disabled && (
          <button type="button" className="button button--small button--ghost" onClick={() => (onChange(null), setReason(null))}>
            Remove code
          </button>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="discount-code" onSubmit={apply} noValidate>
      <label htmlFor="checkout-discount-code">Discount code</label>
      <div className="discount-code__row">
        <input id="checkout-discount-code" value={text} onChange={(e) => setText(e.target.value)} autoCapitalize="characters" autoComplete="off" maxLength={40} disabled={disabled} />
        <button type="submit" className="button button--small button--ghost" disabled={disabled || busy}>
          {busy ? "Checking..." : "Apply"}
        </button>
      </div>
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
