// A guest without the order reference: the references of orders placed with their phone are
// emailed to the address on those orders (the shop sends no text messages). Rate-limited.
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { phoneError } from "../../../../common/phone.ts";
import { isErrorResult } from "../../lib/mutation-result.ts";
import { FormError } from "../../ui/FormError.tsx";
import { CheckoutPhoneField } from "./CheckoutPhoneField.tsx";

const OrdersEmailReferencesMutation = graphql(`
  mutation OrdersEmailReferences($phone: String!) {
    emailOrderReferences(phone: $phone) {
      __typename
      ... on Error {
        message
      }
      ... on MutationEmailOrderReferencesSuccess {
        data {
          phone
        }
      }
    }
  }
`);

export function FindOrdersByPhone() {
  const id = useId();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentFor, setSentFor] = useState<string | null>(null);
  const [send, { loading }] = useMutation(OrdersEmailReferencesMutation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = phoneError(phone);
    setError(problem);
    if (problem) return;
    try {
      const { data } = await send({ variables: { phone } });
      const answer = data?.emailOrderReferences;
      if (answer?.__typename === "MutationEmailOrderReferencesSuccess") setSentFor(answer.data.phone);
      else setError(isErrorResult(answer) ? answer.message : "Something went wrong. Please try again.");
    } catch {
      setError("Something went wrong. Please try again.");
    }
  }

  if (sentFor) {
    return (
      <p className="guest-lookup" role="status">
        If orders were placed with {sentFor}, we have emailed their references to the email address used on them. Check your inbox (and spam).
      </p>
    );
  }
  return (
    <form className="guest-lookup" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Lost your order reference?</h2>
      <p>
        Enter the phone number you used at checkout: we will email the references of your orders to the email address on them. We cannot send
        text messages yet.
      </p>
      <CheckoutPhoneField value={phone} onChange={setPhone} />
      <FormError message={error} />
      <button type="submit" className="button" disabled={loading}>
        {loading ? "Sending..." : "Email my order references"}
      </button>
    </form>
  );
}
