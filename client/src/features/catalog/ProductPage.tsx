import { Link, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { Price } from "../../ui/Price.tsx";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";

const ProductQuery = graphql(`
  query ProductDetail($slug: String!) {
    product(slug: $slug) {
      id
      name
      slug
      price
      originalPrice
      percentOff
      imageUrl
      galleryUrls
      size
      stock
      description
      category {
        id
        name
      }
    }
  }
`);

export function ProductPage() {
  const { slug = "" } = useParams();
  const { data, loading } = useQuery(ProductQuery, { variables: { slug } });
  const product = data?.product;
  usePageMeta({
    title: product?.name ?? (loading ? "Loading" : "Product not found"),
    description: product?.description?.slice(0, 150),
    image: product?.imageUrl,
  });
  if (loading && !data) return <p className="container page-status">Loading...</p>;
  if (!product) {
    return (
      <section className="container page-status">
        <h1>Product not found</h1>
        <Link to="/products" className="button">
          Back to Products
        </Link>
      </section>
    );
  }
  return (
    <section className="container product-detail">
      <ProductImage src={product.imageUrl} alt={product.name} eager className="product-detail__image" />
      <div className="product-detail__info">
        <h1>{product.name}</h1>
        {product.category && <p className="product-detail__category">{product.category.name}</p>}
        <Price price={product.price} originalPrice={product.originalPrice} percentOff={product.percentOff} />
        {product.size && <p>Size: {product.size}</p>}
        {product.description && <p>{product.description}</p>}
        <p className={product.stock > 0 ? "stock" : "stock stock--out"}>
          {product.stock > 0 ? `${product.stock} items available` : "Out of stock"}
        </p>
        <Link to="/products">Back to Products</Link>
      </div>
    </section>
  );
}
