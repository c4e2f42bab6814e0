// One cart for the cart and checkout pages: the server cart when signed in, else the browser's guest
// cart with current prices and stock read in one query by id list. The server decides the final total.
// Changing it (useCartEdits.ts) is the cart page's alone: checkout does without that code.
import { useEffect, useMemo, useState } from "react";
import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { getFragmentData, graphql } from "../../gql/index.ts";
import type { CartProductFragment as CartProductFields } from "../../gql/graphql.ts";
import { useViewer, ViewerQuery } from "../../lib/viewer.ts";
import { toast } from "../../ui/toast.tsx";
import { CART_UPDATED, KEPT_PRODUCTS_KEY, keepCartProducts, readGuestCart, writeGuestCart, type GuestCartLine } from "./guest-cart.ts";

export const CartProductFragment = graphql(`
  fragment CartProduct on Product {
    id
    name
    slug
    price
    imageUrl
    size
    stock
    category {
      id
    }
  }
`);

const ServerCartQuery = graphql(`
  query CartLines {
    cart {
      id
      quantity
      product {
        ...CartProduct
      }
    }
  }
`);

const GuestCartProductsQuery = graphql(`
  query CartGuestProducts($ids: [ID!]!) {
    cartProducts(ids: $ids) {
      ...CartProduct
    }
  }
`);

const CartLogOutMutation = graphql(`
  mutation CartSessionLogOut {
    logOut
  }
`);

export interface CartLine {
  /** The server cart item id, or the product id for a guest line. */
  key: string;
  quantity: number;
  /** The product as the cart reads it (its CartProduct fragment), the same for both carts. */
  product: CartProductFields;
}

/** Kobo arithmetic: exact for naira amounts with two decimals. */
const lineKobo = (line: CartLine) => Math.round(Number(line.product.price) * 100) * line.quantity;

/** What one line costs (price × quantity). */
export const lineTotal = (line: CartLine): string => (lineKobo(line) / 100).toFixed(2);

export function subtotalOf(lines: CartLine[]): string {
  return (lines.reduce((sum, line) => sum + lineKobo(line), 0) / 100).toFixed(2);
}

/** The products last seen for the guest cart's lines, by id (an offline cart shows these). Here,
 *  not in guest-cart.ts, which every page loads: only the cart and checkout read them. */
function keptCartProducts(): Record<string, CartProductFields> {
  try {
    return JSON.parse(localStorage.getItem(KEPT_PRODUCTS_KEY) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** The account's lines as this browser's guest cart: a checkout whose session ended goes on as a
 *  guest with the same pieces. */
export function keepAsGuestCart(lines: CartLine[]): void {
  writeGuestCart(lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })));
  keepCartProducts(lines.map((l) => l.product));
}

function useGuestLines(): GuestCartLine[] {
  const [lines, setLines] = useState(readGuestCart);
  useEffect(() => {
    const refresh = () => setLines(readGuestCart());
    window.addEventListener(CART_UPDATED, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(CART_UPDATED, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, []);
  return lines;
}

export function useCart() {
  const { viewer, loading: viewerLoading, error: viewerError, refetch: refetchViewer } = useViewer();
  const apollo = useApolloClient();
  const signedIn = Boolean(viewer);
  const guestLines = useGuestLines();
  // Offline (or the shop unreachable) nobody can say who is signed in; a guest cart in this browser
  // is still shown, from the catalogue answers the service worker kept. A signed-in shopper's cart
  // lives on the server (their guest cart was merged and emptied at sign-in): it needs the network.
  const guestWhileUnreachable = Boolean(viewerError) && guestLines.length > 0;
  const ids = useMemo(() => guestLines.map((l) => l.product_id).sort(), [guestLines]);
  const server = useQuery(ServerCartQuery, { skip: !signedIn, fetchPolicy: "cache-and-network" });
  const guest = useQuery(GuestCartProductsQuery, { skip: signedIn || viewerLoading || ids.length === 0, variables: { ids } });
  const [logOut] = useMutation(CartLogOutMutation);

  // A session that stopped working signs the shopper out; the guest cart takes over (SPEC §4).
  const sessionLost = CombinedGraphQLErrors.is(server.error) && server.error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
  useEffect(() => {
    if (!sessionLost) return;
    void logOut()
      .catch(() => undefined)
      .finally(() => {
        apollo.writeQuery({ query: ViewerQuery, data: { viewer: null } });
        toast.info("Your session has ended. You can continue as a guest.");
      });
  }, [sessionLost, logOut, apollo]);

  const fresh = useMemo(() => guest.data?.cartProducts.map((ref) => getFragmentData(CartProductFragment, ref)), [guest.data]);
  useEffect(() => void (fresh && keepCartProducts(fresh)), [fresh]);
  // The shop unreachable: the products as last seen in this browser, when every line has one.
  const kept = useMemo(() => (guest.error && !fresh ? keptCartProducts() : null), [guest.error, fresh, guestLines]);
  const fromKept = Boolean(kept) && guestLines.every((l) => kept![l.product_id]);

  const lines: CartLine[] = useMemo(() => {
    if (signedIn) return (server.data?.cart ?? []).map((item) => ({ key: item.id, quantity: item.quantity, product: getFragmentData(CartProductFragment, item.product) }));
    const products = new Map(Object.entries(kept ?? {}));
    for (const product of fresh ?? []) products.set(product.id, product);
    return guestLines.flatMap((l) => {
      const product = products.get(l.product_id);
      return product ? [{ key: product.id, quantity: l.quantity, product }] : [];
    });
  }, [signedIn, server.data, fresh, kept, guestLines]);

  const loading = viewerLoading || (signedIn ? server.loading && !server.data : ids.length > 0 && guest.loading && !guest.data);

  // The shop could not be reached: say so rather than show an empty cart.
  const query = signedIn ? server : guest;
  const failed = !loading && ((Boolean(viewerError) && !guestWhileUnreachable) || (Boolean(query.error) && !query.data && !sessionLost && !fromKept));
  const retry = viewerError ? refetchViewer : query.refetch;
  return { lines, loading, failed, retry, signedIn, subtotal: subtotalOf(lines), refetch: server.refetch };
}
