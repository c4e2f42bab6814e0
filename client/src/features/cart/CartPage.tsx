// The cart: lines with steppers and remove, the order summary, and related products.
import { Link, useNavigate } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { toKobo } from "../../../../common/kobo.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { ProductCard } from "../../ui/ProductCard.tsx";
import { SaveButton } from "../saved/SaveButton.tsx";
import { AddToCartButton } from "./AddToCartButton.tsx";
import { useCart, type CartLine } from "./useCart.ts";
import { useCartEdits } from "./useCartEdits.ts";
import { useDeliveryFees } from "../delivery/delivery-fees.ts";
import { deliveryFeeFor, freeDeliveryShortfall, lowestFee } from "../../../../common/delivery.ts";
import "../../personal-pages.css";

/** What delivery will cost, before the shopper picks a method and state at checkout. */
function DeliveryFeeRow({ subtotal }: { subtotal: string }) {
  const fees = useDeliveryFees();
  if (!fees) return null;
  const doorstep = deliveryFeeFor(fees, "doorstep", null, subtotal) === "0.00" ? "0.00" : lowestFee(fees, "doorstep");
  const park = deliveryFeeFor(fees, "park", null, subtotal) === "0.00" ? "0.00" : lowestFee(fees, "park");
  const free = toKobo(doorstep) === 0 && toKobo(park) === 0;
  const shortOfFree = freeDeliveryShortfall(fees, subtotal);
  const from = (amount: string) => (toKobo(amount) === 0 ? "free" : `from ${formatNaira(amount)}`);
  return (
    <div className="order-summary__delivery">
      <dt>Delivery</dt>
      <dd data-testid="delivery-fee">
        {free ? "Free" : `Doorstep ${from(doorstep)}, motor park ${from(park)}, store pickup free (chosen at checkout)`}
        {!free && fees.freeDeliveryThreshold && <small className="order-summary__note">Free delivery on orders of {formatNaira(fees.freeDeliveryThreshold)} or more</small>}
        {!free && shortOfFree && <small className="order-summary__note">Add {formatNaira(shortOfFree)} more for free delivery</small>}
      </dd>
    </div>
  );
}

const RelatedProductsQuery = graphql(`
  query CartRelatedProducts($categoryIds: [ID!], $excludeIds: [ID!]) {
    products(filter: { categoryIds: $categoryIds, excludeIds: $excludeIds, inStock: true }, limit: 4) {
      items {
        id
        stock
        ...ProductCard
      }
    }
  }
`);

export function QuantityStepper({ line, onChange }: { line: CartLine; onChange: (quantity: number) => void }) {
  return (
    <div className="stepper" role="group" aria-label={`Quantity of ${line.product.name}`}>
      <button type="button" className="stepper__button" aria-label="Decrease quantity" onClick={() => onChange(line.quantity - 1)}>
        −
      </button>
      <span className="stepper__value" aria-live="polite" data-testid="quantity">
        {line.quantity}
      </span>
      <button type="button" className="stepper__button" aria-label="Increase quantity" onClick={() => onChange(line.quantity + 1)}>
        +
      </button>
    </div>
  );
}

function RelatedProducts({ lines }: { lines: CartLine[] }) {
  const categoryIds = [...new Set(lines.map((l) => l.product.category?.id).filter((id): id is string => Boolean(id)))];
  const { data } = useQuery(RelatedProductsQuery, {
    skip: categoryIds.length === 0,
    variables: { categoryIds, excludeIds: lines.map((l) => l.product.id) },
  });
  // The server asks for pieces in stock; a sale since the answer was cached shows as stock 0 in it
  // (stock is read fresh), so it is left out here too.
  const items = (data?.products.items ?? []).filter((item) => item.stock > 0);
  if (!items.length) return null;
  return (
    <section className="cart-related" aria-labelledby="related-title">
      <h2 id="related-title">Shop Related Products</h2>
      <div className="product-grid">
        {items.map((p) => (
          <ProductCard
            key={p.id}
            product={p}
            heart={(product) => <SaveButton productId={product.id} name={product.name} />}
            action={(product) => <AddToCartButton product={product} />}
          />
        ))}
      </div>
    </section>
  );
}

export function CartPage() {
  usePageMeta({ title: "Your Cart" });
  const { lines, loading, failed, retry, signedIn, subtotal, refetch } = useCart();
  const { setQuantity, remove } = useCartEdits({ signedIn, refetch });
  const navigate = useNavigate();
  // Lines the shop cannot sell as they stand: sold out, or more than are left.
  const unavailable = lines.filter((line) => line.product.stock === 0 || line.quantity > line.product.stock);

  if (loading) return <p className="page-status">Loading cart...</p>;
  if (failed) return <LoadError retry={retry} />;

  return (
    <section className="container cart-page">
      <h1>Shopping Cart</h1>
      {!signedIn && (
        <p className="cart-signup">
          Signing up will make your shopping faster and easier!{" "}
          <Link to="/user-auth" state={{ tab: "signup" }} className="link-button">
            Sign up now
          </Link>
        </p>
      )}
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <Link to="/products" className="button">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines" aria-label="Items in your cart">
            {lines.map((line) => (
              <li key={line.key} className="cart-line" data-testid="cart-line">
                <Link to={`/products/${line.product.slug}`} className="cart-line__image">
                  <ProductImage src={line.product.imageUrl} alt={line.product.name} />
                </Link>
                <div className="cart-line__body">
                  <Link to={`/products/${line.product.slug}`} className="cart-line__name">
                    {line.product.name}
                  </Link>
                  {line.product.size && <p className="cart-line__meta">Size: {line.product.size}</p>}
                  <p className="cart-line__price">{formatNaira(line.product.price)}</p>
                  {line.product.stock === 0 ? (
                    <p className="stock stock--out">This item is out of stock. Please remove it to check out.</p>
                  ) : line.quantity > line.product.stock ? (
                    <p className="stock stock--out">Only {line.product.stock} left: please lower the quantity.</p>
                  ) : null}
                  <div className="cart-line__actions">
                    <QuantityStepper line={line} onChange={(q) => void setQuantity(line, q)} />
                    <button type="button" className="link-button cart-line__remove" onClick={() => void remove(line)} aria-label={`Remove ${line.product.name}`}>
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <aside className="order-summary" aria-labelledby="summary-title">
            <h2 id="summary-title">Order Summary</h2>
            <dl>
              <div>
                <dt>Subtotal</dt>
                <dd data-testid="subtotal">{formatNaira(subtotal)}</dd>
              </div>
              <DeliveryFeeRow subtotal={subtotal} />
              {/* Delivery is chosen at checkout: this figure is not what the shopper will pay (issue 40, finding 20). */}
              <div className="order-summary__total">
                <dt>Total before delivery</dt>
                <dd data-testid="total">{formatNaira(subtotal)}</dd>
              </div>
            </dl>
            {/* Said here, before the shopper fills the checkout form that would refuse it. */}
            {unavailable.length > 0 && (
              <p className="stock stock--out" id="cart-unavailable" role="status">
                {unavailable.length === 1 ? `“${unavailable[0]!.product.name}” is` : `${unavailable.length} items are`}{" "}
                {unavailable.every((line) => line.product.stock === 0) ? "sold out" : "not available in the quantity chosen"}: remove or change{" "}
                {unavailable.length === 1 ? "it" : "them"} to check out.
              </p>
            )}
            <button
              type="button"
              className="button order-summary__cta"
              disabled={unavailable.length > 0}
              aria-describedby={unavailable.length > 0 ? "cart-unavailable" : undefined}
              onClick={() => navigate("/checkout")}
            >
              Proceed to Checkout
            </button>
            <Link to="/products" className="button button--ghost">
              Continue Shopping
            </Link>
          </aside>
        </div>
      )}
      {lines.length > 0 && <RelatedProducts lines={lines} />}
    </section>
  );
}
