// A guest's product-page Add to Cart, kept while they sign in, so the piece is added once they are
// in. Only in this tab (sessionStorage), taken before it is sent so it is added at most once, and
// only when the sign-in is the one that Add to Cart sent them to (the auth page's return path is
// this product); the server checks stock as for any add. Apart from useAddToCart because its
// sign-in step must be registered on every page (the header loads it, as it loads the guest cart's):
// a shopper who reloads /auth still gets the piece, and the rest of Add to Cart stays with the pages
// that show the button (client/vite.config.ts, the "add-to-cart" chunk).
import type { ApolloClient } from "@apollo/client";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { notifyCartUpdated } from "./guest-cart.ts";
import { registerSignInStep } from "../../lib/sign-in-steps.ts";

const AddToCartMutation = graphql(`
  mutation CartAdd($productId: ID!, $quantity: Int!) {
    addToCart(productId: $productId, quantity: $quantity) {
      __typename
      ... on Error {
        message
      }
      ... on MutationAddToCartSuccess {
        data {
          id
          quantity
        }
      }
    }
  }
`);

const PENDING_ADD_KEY = "addAfterSignIn";
interface PendingAdd {
  productId: string;
  quantity: number;
  from: string;
}

/** Kept for the sign-in that `from` (this product page's path) sends the guest to. */
export function keepAddForSignIn(pending: PendingAdd): void {
  sessionStorage.setItem(PENDING_ADD_KEY, JSON.stringify(pending));
}

function takePendingAdd(): PendingAdd | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_ADD_KEY) ?? "null");
    sessionStorage.removeItem(PENDING_ADD_KEY);
    const returnTo = (window.history.state as { usr?: { from?: unknown } } | null)?.usr?.from;
    if (typeof pending?.productId !== "string" || !Number.isInteger(pending?.quantity) || pending.quantity < 1) return null;
    return pending.from === returnTo ? pending : null;
  } catch {
    return null;
  }
}

/** Adds to the signed-in cart; false (after a toast) when the server refuses. */
export async function sendAdd(client: ApolloClient, productId: string, quantity: number): Promise<boolean> {
  const { data } = await client.mutate({ mutation: AddToCartMutation, variables: { productId, quantity } });
  const result = data?.addToCart;
  if (result?.__typename !== "MutationAddToCartSuccess") {
    // The server's stock message is the useful one; anything else is a generic failure.
    toast.error(result?.__typename === "ValidationError" ? result.message : "Failed to add to cart");
    return false;
  }
  notifyCartUpdated();
  return true;
}

registerSignInStep({
  after: async (apollo) => {
    const pending = takePendingAdd();
    if (!pending) return;
    try {
      if (await sendAdd(apollo, pending.productId, pending.quantity)) toast("Added to cart!");
    } catch {
      toast.error("Failed to add to cart");
    }
  },
});
