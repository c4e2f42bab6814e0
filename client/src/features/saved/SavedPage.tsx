// /saved: the shopper's saved items (the account's when signed in, else this browser's), each with
// its state now — one of a kind, so a saved item may have sold ("Sold") or be held by an unpaid
// order ("On hold", it may come back) — and a Remove button.
import { useState } from "react";
import { Link } from "react-router-dom";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "../../gql/index.ts";
import { useViewer } from "../../lib/viewer.ts";
import { Price } from "../../ui/Price.tsx";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { OnHoldBadge } from "../../ui/OnHoldBadge.tsx";
import { ProductCardFragment } from "../../ui/ProductCard.tsx";
import { savedItemState } from "../../../../common/saved-items.ts";
import { loadSavedSync } from "./saved-store.ts";
import { useSaved } from "./saved-ids.ts";
import "../../personal-pages.css";

const SavedItemsQuery = graphql(`
  query SavedItemsPage {
    savedItems {
      product {
        ...ProductCard
      }
    }
  }
`);

const GuestSavedProductsQuery = graphql(`
  query SavedGuestProducts($ids: [ID!]!) {
    productsByIds(ids: $ids) {
      ...ProductCard
    }
  }
`);

export function SavedPage() {
  usePageMeta({ title: "Saved items", noIndex: true });
  const apollo = useApolloClient();
  const { viewer, loading: viewerLoading, error: viewerError, refetch: refetchViewer } = useViewer();
  // A guest's list is the store's ids (this browser's storage); an account's comes from the server.
  const ids = useSaved((set) => set, null);
  const guestIds = viewer || !ids ? [] : [...ids];
  const server = useQuery(SavedItemsQuery, { skip: !viewer, fetchPolicy: "cache-and-network" });
  const guest = useQuery(GuestSavedProductsQuery, { skip: Boolean(viewer) || guestIds.length === 0, variables: { ids: guestIds } });

  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  const query = viewer ? server : guest;
  const refs = viewer ? (server.data?.savedItems ?? []).map((item) => item.product) : guestIds.length ? (guest.data?.productsByIds ?? []) : [];
  const shown = refs.map((ref) => getFragmentData(ProductCardFragment, ref)).filter((p) => !removed.has(p.id));

  async function remove(productId: string) {
    const sync = await loadSavedSync();
    if (await sync.toggleSaved(apollo, productId, false)) setRemoved((before) => new Set(before).add(productId));
  }

  if (viewerError) return <LoadError retry={refetchViewer} />;
  if (viewerLoading || (!viewer && !ids) || (query.loading && !query.data && (viewer || guestIds.length > 0))) {
    return <p className="page-status">Loading saved items...</p>;
  }
  if (query.error && !query.data) return <LoadError retry={query.refetch} />;

  return (
    <section className="container saved-page">
      <h1>Saved items</h1>
      {shown.length === 0 ? (
        <div className="cart-empty">
          <p>You have not saved anything yet. Tap the heart on an item to keep it here.</p>
          <Link to="/products" className="button">
            Start Shopping
          </Link>
        </div>
      ) : (
        <ul className="cart-lines" aria-label="Saved items">
          {shown.map((product) => {
            const state = savedItemState(product);
            return (
              <li key={product.id} className="cart-line" data-testid="saved-item">
                <Link to={`/products/${product.slug}`} className="cart-line__image">
                  <ProductImage src={product.imageUrl} alt={product.name} />
                </Link>
                <div className="cart-line__body">
                  <Link to={`/products/${product.slug}`} className="cart-line__name">
                    {product.name}
                  </Link>
                  {product.size && <p className="cart-line__meta">Size: {product.size}</p>}
                  <Price price={product.price} originalPrice={product.originalPrice} percentOff={product.percentOff} />
                  {state === "sold" && <p className="stock stock--out">Sold</p>}
                  {state === "on-hold" && (
                    <p className="stock stock--out">
                      <OnHoldBadge onHold />
                    </p>
                  )}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Remove ${product.name} from saved`}
                    onClick={() => void remove(product.id)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
