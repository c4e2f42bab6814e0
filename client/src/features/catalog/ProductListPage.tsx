// Products (SPEC §2): category and subcategory buttons, size select, price sort, search and
// "Load more". Filtering, sorting and paging run on the server; the URL holds the state
// (category, size, sort, q, deals, condition, page) so a listing can be shared and the back button
// works. Every control also works as plain HTML, before the page's JavaScript has run or without it:
// the filters are links and GET forms, and "Load more" is a link to the next page (?page=2).
import { useDeferredValue, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { ProductSort } from "../../gql/graphql.ts";
import { ProductCard } from "./ProductCard.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { StructuredData } from "../../ui/StructuredData.tsx";
import { itemList } from "../../../../common/structured-data.ts";
import { MAIN_CATEGORIES, resolveCategorySlug } from "../../../../common/categories.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { CONDITIONS, CONDITION_LABEL, isCondition } from "../../../../common/condition.ts";
import { useMounted, useSiteOrigin } from "../../lib/hydration.tsx";

export const PAGE_SIZE = 24;
/** Pages a link can ask for (24 × 1,000 products): a larger number reads as the last of these. */
const MAX_PAGE = 1000;
/** The selects' parameters: their form sends them, the other parameters ride along hidden. */
const SELECTS = ["size", "condition", "sort"] as const;

const ProductListQuery = graphql(`
  query StorefrontProductList($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      totalCount
      sizes
      items {
        id
        slug
        name
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
        slug
        name
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
  // ?page=N (the plain link behind "Load more") starts the listing at that page.
  const pageNumber = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(params.get("page"))) || 1));
  const offset = (pageNumber - 1) * PAGE_SIZE;

  const { data, previousData, loading, error, refetch, fetchMore } = useQuery(ProductListQuery, {
    variables: { filter: { category, size: size || null, search: q || null, deals: deals || null, condition }, sort: sort.sort, offset, limit: PAGE_SIZE },
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

  /** The URL parameters with some changed; any change of filter starts again at the first page. */
  function withChanges(changes: Record<string, string | null>): URLSearchParams {
    const next = new URLSearchParams(params);
    next.delete("page");
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
        variables: { offset: offset + page.items.length },
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
  // Before the page's JavaScript runs (or without it) the selects are a GET form with an Apply
  // button. A choice made in that time and not yet applied is taken over once the page is hydrated:
  // React leaves the select as the shopper set it without telling onChange.
  const mounted = useMounted();
  const selectsForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = selectsForm.current;
    if (!form) return;
    const shown: Record<string, string> = { size, condition: condition ?? "", sort: sort.value };
    const chosen = Object.fromEntries(SELECTS.map((name) => [name, (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? ""]));
    if (SELECTS.some((name) => chosen[name] !== shown[name])) update(Object.fromEntries(SELECTS.map((name) => [name, chosen[name] || null])));
    // Once, at hydration: later choices go through onChange.
  }, []);
  const items = shownPage?.items ?? [];
  const waiting = (loading && !loadingMore) || (!!page && !shownPage);
  const total = shownPage?.totalCount ?? 0;
  const shownUpTo = offset + items.length;
  const origin = useSiteOrigin();
  return (
    <section className="container product-list">
      {items.length > 0 && <StructuredData data={itemList(items, origin, offset)} />}
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
            {[...params].filter(([key]) => key !== "q" && key !== "page").map(([key, value], i) => (
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
          {/* A GET form of this page (display: contents: it keeps the row's layout); once hydrated,
              each select applies its choice at once and the Apply button goes. */}
          <form className="filters__selects" action="/products" ref={selectsForm}>
            {[...params].filter(([key]) => key !== "page" && !(SELECTS as readonly string[]).includes(key)).map(([key, value], i) => (
              <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
            ))}
            <label className="select">
              <span>Size</span>
              <select name="size" value={size} onChange={(e) => update({ size: e.target.value || null })}>
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
              <select name="condition" value={condition ?? ""} onChange={(e) => update({ condition: e.target.value || null })}>
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
              <select name="sort" value={sort.value} onChange={(e) => update({ sort: e.target.value || null })}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            {!mounted && (
              <button type="submit" className="button button--small">
                Apply
              </button>
            )}
          </form>
        </div>
      </div>
      {waiting ? (
        <p className="page-status" role="status">
          Loading products...
        </p>
      ) : error && !page ? (
        <LoadError retry={refetch} />
      ) : !items.length ? (
        <div className="page-status">
          {q ? (
            <>
              <p>
                No products match “{q}”{resolved || deals ? ` in ${heading}` : ""}
                {size || condition ? " with these filters" : ""}.
              </p>
              <p>
                {/* A way on: the same words everywhere, or the whole shop without them. */}
                {(resolved || deals || size || condition) && (
                  <>
                    <Link to={`/products?q=${encodeURIComponent(q)}`}>Search all products</Link>
                    {" · "}
                  </>
                )}
                <Link to={filterLink({ q: null })}>Clear the search</Link>
                {" · "}
                <Link to="/contact">Ask us for it</Link>
              </p>
            </>
          ) : deals ? (
            "No deals right now: check back soon!"
          ) : (
            <>
              <p>No products found in this category</p>
              <p>
                <Link to="/products">See all products</Link>
              </p>
            </>
          )}
        </div>
      ) : (
        <>
          <h2 className="visually-hidden">Products</h2>
          <p className="product-list__count" aria-live="polite">
            {offset ? `Showing ${offset + 1}–${shownUpTo} of ${total} products` : `Showing ${items.length} of ${total} products`}
          </p>
          <div className="product-grid">
            {items.map((product, i) => (
              <ProductCard key={product.id} product={product} eager={i < 2} />
            ))}
          </div>
          {shownUpTo < total && (
            <p className="load-more">
              {/* A link to the next page: before hydration (or without JavaScript) the browser follows
                  it; once hydrated, the next items are added below instead. */}
              <Link
                className="button button--ghost"
                to={filterLink({ page: String(pageNumber + Math.ceil(items.length / PAGE_SIZE)) })}
                aria-disabled={loadingMore || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  if (!loadingMore) void loadMore();
                }}
              >
                {loadingMore ? "Loading more..." : "Load more"}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
