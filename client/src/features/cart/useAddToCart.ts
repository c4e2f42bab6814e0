// Contract used by product cards and the product page. from "card": quantity 1, guests allowed
// (browser cart). from "detail": login required. The server enforces stock again for signed-in carts.
// A page shows dozens of cards, so the hook holds no query or mutation subscription of its own: the
// viewer is read (from the cache, normally) and the mutation sent only when a button is pressed.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useApolloClient } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { ViewerQuery } from "../../lib/viewer.ts";
import { onlyInStockMessage } from "../../../../common/stock-messages.ts";
import { addGuestLine, guestQuantityOf, notifyCartUpdated } from "./guest-cart.ts";
import { registerSignInStep } from "../../lib/sign-in-steps.ts";
import type { ApolloClient } from "@apollo/client";

export interface AddableProduct {
  id: string;
  stock: number;
}

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

// A guest's product-page Add to Cart, kept while they sign in, so the piece is added once they are
// in. Only in this tab (sessionStorage), taken before it is sent so it is added at most once, and
// only when the sign-in is the one that Add to Cart sent them to (the auth page's return path is
// this product); the server checks stock as for any add.
const PENDING_ADD_KEY = "addAfterSignIn";
interface PendingAdd {
  productId: string;
  quantity: number;
  from: string;
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

async function sendAdd(client: ApolloClient, productId: string, quantity: number): Promise<boolean> {
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

export function useAddToCart() {
  const [busy, setBusy] = useState(false);
  const client = useApolloClient();
  const navigate = useNavigate();

  async function addToCart(product: AddableProduct, quantity: number, from: "card" | "detail"): Promise<void> {
    let viewer;
    try {
      // cache-first: answered from the cache once the header has asked, else waits for the answer,
      // so a signed-in shopper's click never lands in the guest cart.
      viewer = (await client.query({ query: ViewerQuery })).data?.viewer ?? null;
    } catch {
      toast.error("Failed to add to cart");
      return;
    }
    if (from === "detail" && !viewer) {
      toast.error("Please login to add items to cart");
      // Back to this product once logged in (read now: the hook holds no location subscription).
      const from = window.location.pathname + window.location.search;
      if (product.stock > 0 && Number.isInteger(quantity) && quantity >= 1) {
        sessionStorage.setItem(PENDING_ADD_KEY, JSON.stringify({ productId: product.id, quantity, from } satisfies PendingAdd));
      }
      navigate("/auth", { state: { from } });
      return;
    }
    if (product.stock <= 0) {
      toast.error("This item is out of stock");
      return;
    }
    const wanted = from === "card" ? 1 : quantity;
    if (!Number.isInteger(wanted) || wanted < 1) return;
    if (wanted > product.stock) {
      toast.error(onlyInStockMessage(product.stock));
      return;
    }
    setBusy(true);
    try {
      if (viewer) {
        if (!(await sendAdd(client, product.id, wanted))) return;
      } else {
        if (guestQuantityOf(product.id) + wanted > product.stock) {
          toast.error(onlyInStockMessage(product.stock));
          return;
        }
        addGuestLine(product, wanted);
      }
      toast("Added to cart!");
    } catch {
      toast.error("Failed to add to cart");
    } finally {
      setBusy(false);
    }
  }

  return { addToCart, busy };
}
