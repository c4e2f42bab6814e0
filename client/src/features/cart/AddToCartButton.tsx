// A product card's "Add to Cart": one item, guests allowed (useAddToCart's "card" contract).
import { ActionButton } from "../../ui/ActionButton.tsx";
import { useAddToCart, type AddableProduct } from "./useAddToCart.ts";

export function AddToCartButton({ product }: { product: AddableProduct }) {
  const { addToCart, busy } = useAddToCart();
  return (
    <ActionButton className="button product-card__add" disabled={product.stock === 0 || busy} onClick={() => void addToCart(product, 1, "card")}>
      Add to Cart
    </ActionButton>
  );
}
