// Products (SPEC §2): category and subcategory buttons, size select, price sort, search and
// "Load more". Filtering, sorting and paging run on the server; the URL holds the state
// (category, size, sort, q, deals, condition) so a listing can be shared and the back button works.
import { useDeferredValue, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { ProductSort } from "../../gql/graphql.ts";
import { ProductCard } from "./ProductCard.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { MAIN_CATEGORIES, resolveCategorySlug } from "../../../../common/categories.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { CONDITIONS, CONDITION_LABEL, isCondition } from "../../../../common/condition.ts";
import { ActionButton } from "../../ui/ActionButton.tsx";
import { useMounted } from "../../lib/hydration.ts";

export const PAGE_SIZE = 24;

const ProductListQuery = graphql(`
  query StorefrontProductList($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      totalCount
      sizes
      items {
        id
        ...ProductCard
      }
    }
  }
`);

// "Load more" asks only for the next items: the count and the size list are already on screen.
const ProductListMoreQuery = graphql(`
  query StorefrontProductListMore($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      items {
        id
        ...ProductCard
      }
    }
  }
`);

// Default: the server's choice, best matches first for a search and newest first otherwise.
const SORTS: { value: string; label: string; sort: ProductSort | null }[] = [
  { value: "", label: "Default", sort: null },
  { value: "price-asc", label: "Price: Low to High", sort: "PRICE_ASC" },
  { value: "price-desc", label: "Price: High to Low", sort: "PRICE_DESC" },
];

const POSSESSIVE: Record<string, string> = { ladies: "ladies'", men: "men's", kids: "kids'" };

/** Heading and meta text for a category query value ("ladies", "ladies-tops", none). */
export function categoryLabel(category: string | null): { heading: string; noun: string } {
  const resolved = resolveCategorySlug(category);
  if (!resolved) return { heading: "All Products", noun: "clothing, bales and unisex items" };
  const { main } = resolved;
  const sub = main.subcategories.find((s) => s.slug === resolved.subSlug);
  if (sub) {
    const noun = main.slug === "kids" ? `${sub.name.toLowerCase()}s' clothing` : `${POSSESSIVE[main.slug] ?? main.slug} ${sub.name.toLowerCase()}`;
    return { heading: `${main.name} ${sub.name}`, noun };
  }
  if (main.slug === "bales") return { heading: main.name, noun: "clothing bales" };
  if (main.slug === "unisex") return { heading: main.name, noun: "unisex clothing" };
  return { heading: main.name, noun: `${POSSESSIVE[main.slug] ?? main.slug} clothing` };
}

export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get("category");
  const size = params.get("size") ?? "";
  const sortValue = params.get("sort") ?? "";
  const q = params.get("q") ?? "";
  const deals = params.get("deals") === "1";
  const conditionParam = params.get("condition");
  const condition = isCondition(conditionParam) ? conditionParam : null;
  const resolved = resolveCategorySlug(category);
  const activeMain = resolved?.main ?? null;
  const activeSub = resolved?.subSlug && resolved.subSlug !== resolved.main.slug ? resolved.subSlug : null;
  const sort = SORTS.find((s) => s.value === sortValue) ?? SORTS[0]!;

  const { data, previousData, loading, error, refetch, fetchMore } = useQuery(ProductListQuery, {
    variables: { filter: { category, size: size || null, search: q || null, deals: deals || null, condition }, sort: sort.sort, offset: 0, limit: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = data?.products;
  const sizes = (page ?? previousData?.products)?.sizes ?? [];

  const label = categoryLabel(category);
  const heading = deals ? (resolved ? `${label.heading} Deals` : "Deals") : label.heading;
  const { noun } = label;
  usePageMeta({
    title: q ? `${heading}: “${q}”` : heading,
    description: `Shop pre-loved ${noun} at thrift prices in naira, delivered across Nigeria or picked up in Ota.`,
    canonicalPath: resolved ? `/products?category=${encodeURIComponent(category!)}` : "/products",
  });

  /** The URL parameters with some changed. */
  function withChanges(changes: Record<string, string | null>): URLSearchParams {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next;
  }
  /** Changes URL parameters (a new history entry, so Back returns to the previous filter). */
  const update = (changes: Record<string, string | null>) => setParams(withChanges(changes));
  /** A filter as a plain link: it works before (or without) JavaScript, and opens in a new tab. */
  const filterLink = (changes: Record<string, string | null>) => `/products${((query) => (query ? `?${query}` : ""))(withChanges(changes).toString())}`;

  // A new main category resets the subcategory (the slug names one or the other) and the size,
  // whose options depend on the category.
  const categoryLink = (slug: string | null) => filterLink({ category: slug, size: null });

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    update({ q: text || null });
  }

  async function loadMore() {
    if (!page) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        query: ProductListMoreQuery,
        variables: { offset: page.items.length },
        updateQuery: (previous, { fetchMoreResult }) => ({
          products: { ...previous.products, items: [...previous.products.items, ...fetchMoreResult.products.items] },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  }

  // The cards render from a deferred copy of the page: React then renders two dozen cards in short
  // slices (a transition) instead of one long task that freezes a slow phone.
  const shownPage = useDeferredValue(page);
  // The selects act through the page's JavaScript: until it has hydrated they wait, disabled, as
  // the page's buttons do (ui/ActionButton.tsx), instead of taking a choice that goes nowhere.
  const mounted = useMounted();
  const items = shownPage?.items ?? [];
  const waiting = (loading && !loadingMore) || (!!page && !shownPage);
  return (
    <section className="container product-list">
      <h1>{heading}</h1>
      <div className="filters">
        <div className="chip-row" role="group" aria-label="Category">
          <Link className="chip" aria-current={!activeMain || undefined} to={categoryLink(null)}>
            All
          </Link>
          {MAIN_CATEGORIES.map((main) => (
            <Link key={main.slug} className="chip" aria-current={activeMain?.slug === main.slug || undefined} to={categoryLink(main.slug)}>
              {main.name}
            </Link>
          ))}
        </div>
        {activeMain && activeMain.subcategories.length > 0 && (
          <div className="chip-row" role="group" aria-label={`${activeMain.name} subcategory`}>
            <Link className="chip chip--sub" aria-current={!activeSub || undefined} to={categoryLink(activeMain.slug)}>
              All {activeMain.name}
            </Link>
            {activeMain.subcategories.map((sub) => (
              <Link key={sub.slug} className="chip chip--sub" aria-current={activeSub === sub.slug || undefined} to={categoryLink(sub.slug)}>
                {sub.name}
              </Link>
            ))}
          </div>
        )}
        <div className="filters__row">
          {/* Without JavaScript the browser submits it as a GET of this page: the same URL. */}
          <form role="search" className="search" action="/products" onSubmit={search}>
            {[...params].filter(([key]) => key !== "q").map(([key, value], i) => (
              <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
            ))}
            <label htmlFor="product-search" className="visually-hidden">
              Search products
            </label>
            <input id="product-search" key={q} name="q" type="search" defaultValue={q} placeholder="Search products" maxLength={100} enterKeyHint="search" />
            <button type="submit" className="button button--small">
              Search
            </button>
          </form>
          <Link className="chip" aria-current={deals || undefined} to={filterLink({ deals: deals ? null : "1" })}>
            Deals
          </Link>
          <label className="select">
            <span>Size</span>
            <select disabled={!mounted} value={size} onChange={(e) => update({ size: e.target.value || null })}>
              <option value="">All Sizes</option>
              {size && !sizes.includes(size) && <option value={size}>{size}</option>}
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className="select">
            <span>Condition</span>
            <select disabled={!mounted} value={condition ?? ""} onChange={(e) => update({ condition: e.target.value || null })}>
              <option value="">Any condition</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {CONDITION_LABEL[c]}
                </option>
              ))}
            </select>
          </label>
          <label className="select">
            <span>Sort by price</span>
            <select disabled={!mounted} value={sort.value} onChange={(e) => update({ sort: e.target.value || null })}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {waiting ? (
        <p className="page-status" role="status">
          Loading products...
        </p>
      ) : error && !page ? (
        <LoadError retry={refetch} />
      ) : !items.length ? (
        <p className="page-status">{deals ? "No deals right now: check back soon!" : "No products found in this category"}</p>
      ) : (
        <>
          <h2 className="visually-hidden">Products</h2>
          <p className="product-list__count" aria-live="polite">
            Showing {items.length} of {shownPage!.totalCount} products
          </p>
          <div className="product-grid">
            {items.map((product, i) => (
              <ProductCard key={product.id} product={product} eager={i < 2} />
            ))}
          </div>
          {items.length < shownPage!.totalCount && (
            <p className="load-more">
              <ActionButton className="button button--ghost" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? "Loading more..." : "Load more"}
              </ActionButton>
            </p>
          )}
        </>
      )}
    </section>
  );
}
