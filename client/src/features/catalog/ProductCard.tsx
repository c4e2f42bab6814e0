import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { Price } from "../../ui/Price.tsx";
import { ProductImage } from "../../ui/ProductImage.tsx";

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
  }
`);

export function ProductCard(props: { product: FragmentType<typeof ProductCardFragment>; eager?: boolean }) {
  const product = getFragmentData(ProductCardFragment, props.product);
  return (
    <article className="product-card">
      <Link to={`/products/${product.slug}`} className="product-card__link">
        <ProductImage src={product.imageUrl} alt={product.name} eager={props.eager} />
        {product.percentOff ? <span className="product-card__badge">-{product.percentOff}%</span> : null}
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      <Price price={product.price} originalPrice={product.originalPrice} percentOff={product.percentOff} />
      {product.size && <p className="product-card__size">Size: {product.size}</p>}
      {product.stock === 0 && <p className="stock stock--out">Out of stock</p>}
    </article>
  );
}
