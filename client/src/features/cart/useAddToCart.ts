// Contract used by product cards and the product page. from "card": quantity 1, guests allowed
// (browser cart). from "detail": login required. The server enforces stock again for signed-in carts.
// A page shows dozens of cards, so the hook holds no query or mutation subscription of its own: the
// viewer is read (from the cache, normally) and the mutation sent only when a button is pressed.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useApolloClient } from "@apollo/client/react";
import { toast } from "../../ui/toast.tsx";
import { ViewerQuery } from "../../lib/viewer.ts";
import { onlyInStockMessage } from "../../../../common/stock-messages.ts";
import { addGuestLine, guestQuantityOf } from "./guest-cart.ts";
import { keepAddForSignIn, sendAdd } from "./add-after-sign-in.ts";

export interface AddableProduct {
  id: string;
  stock: number;
}

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
        keepAddForSignIn({ productId: product.id, quantity, from });
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
