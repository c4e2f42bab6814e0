// The shop's product card (home, product list): the card with the heart and "Add to Cart".
import { memo } from "react";
import type { FragmentType } from "../../gql/index.ts";
import { ProductCard as Card, type ProductCardFragment } from "../../ui/ProductCard.tsx";
import { SaveButton } from "../saved/SaveButton.tsx";
import { AddToCartButton } from "../cart/AddToCartButton.tsx";

// memo: a listing re-renders when the page is hydrated and when it loads more; the cards already on
// screen (two dozen links, pictures and buttons) then stay as they are, which a slow phone feels.
export const ProductCard = memo(function ProductCard(props: { product: FragmentType<typeof ProductCardFragment>; eager?: boolean }) {
  return (
    <Card
      product={props.product}
      eager={props.eager}
      heart={(product) => <SaveButton productId={product.id} name={product.name} />}
      action={(product) => <AddToCartButton product={product} />}
    />
  );
});
