import { useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { ProductCard } from "./ProductCard.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { resolveCategorySlug } from "../../../../common/categories.ts";

const ProductListQuery = graphql(`
  query ProductList($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      totalCount
      items {
        id
        ...ProductCard
      }
    }
  }
`);

export function ProductListPage() {
  const [params] = useSearchParams();
  const category = params.get("category");
  const resolved = resolveCategorySlug(category);
  const { data, loading } = useQuery(ProductListQuery, { variables: { filter: { category }, limit: 24 } });
  const heading = resolved ? resolved.main.name : "All Products";
  usePageMeta({
    title: `${heading} — Shop`,
    description: `Shop pre-loved ${heading.toLowerCase()} at thrift prices, delivered across Nigeria.`,
    canonicalPath: category ? `/products?category=${category}` : "/products",
  });
  return (
    <section className="container">
      <h1>{heading}</h1>
      {loading && !data ? (
        <p className="page-status">Loading products...</p>
      ) : !data?.products.items.length ? (
        <p className="page-status">No products found in this category</p>
      ) : (
        <div className="product-grid">
          {data.products.items.map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 4} />
          ))}
        </div>
      )}
    </section>
  );
}
