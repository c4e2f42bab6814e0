// The store's delivery fees, so cart and checkout can tell the shopper the fee before they confirm.
// The server charges the fee again from its own table when the order is placed.
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { fromKobo, toKobo, type DeliveryFeeTable } from "../../../../common/delivery.ts";

const CheckoutDeliveryFeesQuery = graphql(`
  query CheckoutDeliveryFees {
    deliveryFees {
      doorstepFee
      parkFee
      freeDeliveryThreshold
      stateFees {
        method
        state
        fee
      }
    }
  }
`);

export function useDeliveryFees(): DeliveryFeeTable | null {
  return useQuery(CheckoutDeliveryFeesQuery, { fetchPolicy: "cache-and-network" }).data?.deliveryFees ?? null;
}

/** Exact sum of two decimal amounts. */
export function addAmounts(a: string, b: string): string {
  return fromKobo(toKobo(a) + toKobo(b));
}
