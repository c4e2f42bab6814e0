// The store's delivery fees, so cart and checkout can tell the shopper the fee before they confirm.
// The server charges the fee again from its own table when the order is placed.
import { useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "../../gql/index.ts";
import type { DeliveryFeeTable } from "../../../../common/delivery.ts";
import { fromKobo, toKobo } from "../../../../common/kobo.ts";

/** The whole fee table, as checkout reads it and the admin's delivery tab edits it. */
export const DeliveryFeeTableFragment = graphql(`
  fragment DeliveryFeeTable on DeliveryFees {
    doorstepFee
    parkFee
    freeDeliveryThreshold
    stateFees {
      method
      state
      fee
    }
  }
`);

const CheckoutDeliveryFeesQuery = graphql(`
  query CheckoutDeliveryFees {
    deliveryFees {
      ...DeliveryFeeTable
    }
  }
`);

export function useDeliveryFees(): DeliveryFeeTable | null {
  const fees = useQuery(CheckoutDeliveryFeesQuery, { fetchPolicy: "cache-and-network" }).data?.deliveryFees;
  return fees ? getFragmentData(DeliveryFeeTableFragment, fees) : null;
}

/** Exact sum of two decimal amounts. */
export function addAmounts(a: string, b: string): string {
  return fromKobo(toKobo(a) + toKobo(b));
}
