// Changing the cart's lines on the cart page: quantity and remove, in the browser's guest cart or on
// the server. Apart from useCart so checkout, which only reads the cart, does without it.
import { useCallback } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { onlyInStockMessage } from "../../../../common/stock-messages.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { notifyCartUpdated, removeGuestLine, setGuestQuantity } from "./guest-cart.ts";
import type { CartLine } from "./useCart.ts";

const UpdateCartItemMutation = graphql(`
  mutation CartUpdateItem($itemId: ID!, $quantity: Int!) {
    updateCartItem(itemId: $itemId, quantity: $quantity) {
      __typename
      ... on Error {
        message
      }
      ... on MutationUpdateCartItemSuccess {
        data {
          id
          quantity
        }
      }
    }
  }
`);

const RemoveCartItemMutation = graphql(`
  mutation CartRemoveItem($itemId: ID!) {
    removeCartItem(itemId: $itemId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export function useCartEdits({ signedIn, refetch }: { signedIn: boolean; refetch: () => Promise<unknown> }) {
  const [updateItem] = useMutation(UpdateCartItemMutation);
  const [removeItem] = useMutation(RemoveCartItemMutation);

  /** Below 1 is ignored; above the stock is refused with the spec's message. */
  const setQuantity = useCallback(
    async (line: CartLine, quantity: number) => {
      if (quantity < 1) return;
      if (quantity > line.product.stock) {
        toast.error(onlyInStockMessage(line.product.stock));
        return;
      }
      if (!signedIn) {
        setGuestQuantity(line.product.id, quantity);
        return;
      }
      try {
        const { data } = await updateItem({ variables: { itemId: line.key, quantity } });
        const result = data?.updateCartItem;
        if (result?.__typename !== "MutationUpdateCartItemSuccess") {
          toast.error(resultError(result, "Failed to update cart"));
        }
        notifyCartUpdated();
      } catch {
        toast.error("Failed to update cart");
      }
    },
    [signedIn, updateItem],
  );

  const remove = useCallback(
    async (line: CartLine) => {
      if (!signedIn) {
        removeGuestLine(line.product.id);
        toast("Item removed from cart");
        return;
      }
      try {
        await removeItem({ variables: { itemId: line.key } });
        await refetch();
        notifyCartUpdated();
        toast("Item removed from cart");
      } catch {
        toast.error("Failed to remove item");
      }
    },
    [signedIn, removeItem, refetch],
  );

  return { setQuantity, remove };
}
