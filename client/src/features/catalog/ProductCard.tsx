// The product card used on the home page, the product list and the cart's related products.
import { memo } from "react";
import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { Price } from "../../ui/Price.tsx";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { useAddToCart } from "../cart/useAddToCart.ts";
import { OnHoldBadge } from "./OnHoldBadge.tsx";
import { SaveButton } from "../saved/SaveButton.tsx";
import { ActionButton } from "../../ui/ActionButton.tsx";

export const ProductCardFragment = graphql(`
  fragment ProductCard on Product {
    id
    name
    slug
    price
    originalPrice
    percentOff
    imageUrl
    size
    stock
    onHold
    conditionLabel
  }
`);

// memo: a listing re-renders when the page is hydrated and when it loads more; the cards already on
// screen (two dozen links, pictures and buttons) then stay as they are, which a slow phone feels.
export const ProductCard = memo(function ProductCard(props: { product: FragmentType<typeof ProductCardFragment>; eager?: boolean }) {
  const product = getFragmentData(ProductCardFragment, props.product);
  const { addToCart, busy } = useAddToCart();
  const soldOut = product.stock === 0;
  return (
    <article className="product-card">
      <Link to={`/products/${product.slug}`} className="product-card__link">
        <ProductImage src={product.imageUrl} alt={product.name} eager={props.eager} />
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      <SaveButton productId={product.id} name={product.name} />
      <Price price={product.price} originalPrice={product.originalPrice} percentOff={product.percentOff} />
      {product.size && <p className="product-card__size">Size: {product.size}</p>}
      {product.conditionLabel && <p className="product-card__size">{product.conditionLabel}</p>}
      {soldOut && (
        <p className="stock stock--out">
          This item is out of stock <OnHoldBadge onHold={product.onHold} />
        </p>
      )}
      <ActionButton
        className="button product-card__add"
        disabled={soldOut || busy}
        onClick={() => void addToCart(product, 1, "card")}
      >
        Add to Cart
      </ActionButton>
    </article>
  );
});
