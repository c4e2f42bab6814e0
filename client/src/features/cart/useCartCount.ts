// The header badge: items in the cart (the server cart when signed in, else the browser's guest
// cart), refreshed on every "cart-updated" event.
import { useEffect, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { useViewer } from "../../lib/viewer.ts";
import { CART_UPDATED, readGuestCart } from "./guest-cart.ts";
// The header counts the cart on every page, so the add kept across a sign-in is registered there too.
import "./add-after-sign-in.ts";

// Kept for code written against the first version of this module.
export { CART_UPDATED, GUEST_CART_KEY, readGuestCart, type GuestCartLine } from "./guest-cart.ts";

const CartCountQuery = graphql(`
  query CartCount {
    cart {
      id
      quantity
    }
  }
`);

function guestCount(): number {
  return readGuestCart().reduce((sum, line) => sum + line.quantity, 0);
}

export function useCartCount(): number {
  const { viewer } = useViewer();
  const [guest, setGuest] = useState(0);
  const server = useQuery(CartCountQuery, { skip: !viewer, fetchPolicy: "cache-and-network" });
  const { refetch } = server;
  const signedIn = Boolean(viewer);

  useEffect(() => {
    const refresh = () => {
      setGuest(guestCount());
      if (signedIn) void refetch().catch(() => undefined);
    };
    setGuest(guestCount());
    window.addEventListener(CART_UPDATED, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(CART_UPDATED, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, [signedIn, refetch]);

  if (!viewer) return guest;
  return (server.data?.cart ?? []).reduce((sum, item) => sum + item.quantity, 0);
}
