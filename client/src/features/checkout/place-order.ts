// Sending the order from checkout: the placeOrder mutation, retried once for a fault on the way, and
// this browser's note of a guest's order. A module of its own: CheckoutPage fetches it just after
// the page shows, so the form's first download does without it (the bundle budget, DESIGN §7).
import type { ApolloClient } from "@apollo/client";
import { ServerError, ServerParseError } from "@apollo/client/errors";
import { graphql } from "../../gql/index.ts";
import type { PlaceOrderInput } from "../../gql/graphql.ts";
import { rememberGuestOrder } from "../orders/guest-orders.ts";

const CheckoutPlaceOrderMutation = graphql(`
  mutation CheckoutPlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ValidationError {
        field
      }
      ... on InsufficientStockError {
        productId
        available
      }
      ... on MutationPlaceOrderSuccess {
        data {
          guestToken
          order {
            id
            shortOrderId
            total
            subtotal
            deliveryFee
            discount
            paymentMethod
            amountPaid
            amountDue
            items {
              id
              productName
              quantity
              price
            }
            providerPayments {
              status
              checkoutUrl
            }
            ...PayByTransfer
            ...ProviderPaymentDetails
          }
        }
      }
    }
  }
`);

/** A fault on the way to the shop rather than its answer: the network, or a 502 or 503 from the
 *  balancer while an instance restarts (issue 39, item 4). One retry with the same key covers it,
 *  and the key makes sure the retry can never place a second order. */
function passingFault(error: unknown): boolean {
  if (ServerError.is(error) || ServerParseError.is(error)) return error.statusCode === 502 || error.statusCode === 503;
  return error instanceof TypeError; // fetch's "Failed to fetch"
}

/** Places the order; the answer is placeOrder's (the order, or a typed error). A guest's order
 *  is remembered in this browser (thank-you page, tracker). */
export async function sendOrder(apollo: ApolloClient, input: PlaceOrderInput) {
  const send = () => apollo.mutate({ mutation: CheckoutPlaceOrderMutation, variables: { input } });
  const { data } = await send().catch(async (error: unknown) => {
    if (!passingFault(error)) throw error;
    await new Promise((resolve) => window.setTimeout(resolve, 1000));
    return send();
  });
  const result = data?.placeOrder;
  if (result?.__typename === "MutationPlaceOrderSuccess" && result.data.guestToken) {
    const { order, guestToken } = result.data;
    rememberGuestOrder({ orderId: order.id, reference: order.shortOrderId, token: guestToken });
  }
  return result;
}
