import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { ProductCard } from "../catalog/ProductCard.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";

const HomeQuery = graphql(`
  query Home {
    products(limit: 12) {
      items {
        id
        ...ProductCard
      }
    }
  }
`);

export function HomePage() {
  usePageMeta({
    title: "Thrift Store — look great, feel great, pay less",
    description: "Quality pre-loved clothing for ladies, men and kids, bales and unisex items, delivered across Nigeria.",
    canonicalPath: "/",
  });
  const { data } = useQuery(HomeQuery);
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Look great, feel great, pay less</h1>
          <p>Hand-picked pre-loved clothing for the whole family.</p>
          <div className="hero__actions">
            <Link to="/products" className="button">Shop Now</Link>
            <Link to="/about" className="button button--ghost">Learn More</Link>
          </div>
        </div>
      </section>
      <section className="container">
        <h2>Featured Products</h2>
        {data && !data.products.items.length ? (
          <p className="page-status">No products found</p>
        ) : (
          <div className="product-grid">
            {data?.products.items.map((p) => <ProductCard key={p.id} product={p} />)}
          </div>
        )}
      </section>
    </>
  );
}
