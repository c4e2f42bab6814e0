// The product page's "Add to order <ref>" for a shopper with an open order (a bundle: no second
// delivery fee). Its own chunk, loaded after the page shows and only for a browser that may have an
// order (signed in, or a guest order placed here). The server decides ownership, stock and money.
import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const OpenOrderQuery = graphql(`
  query OffersOpenOrder($guestOrderId: ID, $guestToken: String) {
    latestOrder(guestOrderId: $guestOrderId, guestToken: $guestToken) {
      id
      shortOrderId
      customerPhone
      addableUntil
    }
  }
`);

const AddToOrderMutation = graphql(`
  mutation OffersAddToOrder($input: AddToOrderInput!) {
    addToOrder(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationAddToOrderSuccess {
        data {
          id
          total
          amountDue
          addableUntil
        }
      }
    }
  }
`);

interface Props {
  productId: string;
  quantity: number;
  /** The guest order this browser placed, if any. */
  guestPass: { orderId: string; token: string } | null;
}

export function AddToOrderButton({ productId, quantity, guestPass }: Props) {
  const { data } = useQuery(OpenOrderQuery, { variables: { guestOrderId: guestPass?.orderId ?? null, guestToken: guestPass?.token ?? null }, fetchPolicy: "network-only" });
  const [add, { loading }] = useMutation(AddToOrderMutation);
  const [added, setAdded] = useState(false);
  const order = data?.latestOrder;
  if (!order?.addableUntil || Date.parse(order.addableUntil) <= Date.now()) return null;
  const reference = order.shortOrderId;

  async function addPiece() {
    try {
      const { data: answer } = await add({ variables: { input: { reference, phone: order!.customerPhone, items: [{ productId, quantity }] } } });
      const result = answer?.addToOrder;
      if (result?.__typename !== "MutationAddToOrderSuccess") {
        toast.error(resultError(result, "Could not add it to your order"));
        return;
      }
      setAdded(true);
      toast(`Added to order ${reference}, no extra delivery fee`);
    } catch {
      toast.error("Could not add it to your order");
    }
  }

  return added ? (
    <p className="add-to-order" role="status">
      Added to order {reference}. <Link to={`/track-order/${reference}`}>See the order and pay the balance</Link>
    </p>
  ) : (
    <button type="button" className="button button--ghost add-to-order" disabled={loading} onClick={() => void addPiece()}>
      {loading ? "Adding..." : `Add to order ${reference}`}
    </button>
  );
}
