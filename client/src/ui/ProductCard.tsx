// The product card of the home page, the product list and the cart's related products, and the
// fields every product summary reads (the saved list, the product page). The heart and the
// "Add to Cart" button come from the features that own them (saved, cart), through `heart` and
// `action`: the card sits below them, so those features can show cards too.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "../gql/index.ts";
import type { ProductCardFragment as ProductCardFields } from "../gql/graphql.ts";
import { Price } from "./Price.tsx";
import { ProductImage } from "./ProductImage.tsx";
import { OnHoldBadge } from "./OnHoldBadge.tsx";

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

export type { ProductCardFields };

export function ProductCard(props: {
  product: FragmentType<typeof ProductCardFragment>;
  eager?: boolean;
  heart: (product: ProductCardFields) => ReactNode;
  action: (product: ProductCardFields) => ReactNode;
}) {
  const product = getFragmentData(ProductCardFragment, props.product);
  return (
    <article className="product-card">
      <Link to={`/products/${product.slug}`} className="product-card__link">
        <ProductImage src={product.imageUrl} alt={product.name} eager={props.eager} />
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      {props.heart(product)}
      <Price price={product.price} originalPrice={product.originalPrice} percentOff={product.percentOff} />
      {product.size && <p className="product-card__size">Size: {product.size}</p>}
      {product.conditionLabel && <p className="product-card__size">{product.conditionLabel}</p>}
      {product.stock === 0 && (
        <p className="stock stock--out">
          This item is out of stock <OnHoldBadge onHold={product.onHold} />
        </p>
      )}
      {props.action(product)}
    </article>
  );
}
