// Product detail (SPEC §2): picture and gallery, prices, size, description, stock, quantity, Add to Cart.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "../../gql/index.ts";
import { ProductCardFragment } from "../../ui/ProductCard.tsx";
import { Price } from "../../ui/Price.tsx";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { usePageMeta, useServerPage } from "../../lib/page-meta.ts";
import { useSiteOrigin } from "../../lib/hydration.tsx";
import { imageSources, PRODUCT_DETAIL_IMAGE } from "../../../../common/images.ts";
import { useSaveData } from "../../lib/save-data.ts";
import { useAddToCart } from "../cart/useAddToCart.ts";
import { OnHoldBadge } from "../../ui/OnHoldBadge.tsx";
import { ProductWhatsApp } from "./ProductWhatsApp.tsx";
import type { StorefrontProductDetailQuery } from "../../gql/graphql.ts";
import { ProductCondition, ProductFit } from "./ProductFit.tsx";
import { productPreviewDescription } from "../../../../common/measurements.ts";
import { SaveButton } from "../saved/SaveButton.tsx";
import { ActionButton } from "../../ui/ActionButton.tsx";
import { itemWord } from "../../../../common/stock-messages.ts";
import { StructuredData } from "../../ui/StructuredData.tsx";
import { breadcrumbList } from "../../../../common/structured-data.ts";
import { resolveCategorySlug } from "../../../../common/categories.ts";
import { productPhotoPath, productPreviewPath } from "../../../../common/preview-image.ts";
import { SIGNED_IN_COOKIE } from "../../../../common/signed-in.ts";
import { latestGuestOrder } from "../orders/guest-orders.ts";

// "Add to order <ref>" (a bundle) for a browser that may have an open order: its own chunk, loaded
// after the page shows and only then (signed in, or a guest order placed in this browser).
const AddToOrderButton = lazy(() => import("../offers/AddToOrderButton.tsx").then((module) => ({ default: module.AddToOrderButton })));

const ProductQuery = graphql(`
  query StorefrontProductDetail($slug: String!) {
    product(slug: $slug) {
      id
      ...ProductCard
      galleryUrls
      description
      category {
        id
        name
        slug
      }
      ...ProductWhatsApp
      condition
      ...ProductFit
    }
  }
`);

/** schema.org Product data, so search results can show the price and availability. */
function productStructuredData(
  product: { id: string; name: string; slug: string; price: string; imageUrl?: string | null; description?: string | null; stock: number; condition?: string | null },
  origin: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description ?? undefined,
    // The photo as a JPEG: the demo pictures are SVG, which search engines and shopping surfaces skip.
    image: product.imageUrl ? new URL(productPhotoPath(product), origin).toString() : undefined,
    offers: {
      "@type": "Offer",
      url: new URL(`/products/${product.slug}`, origin).toString(),
      priceCurrency: "NGN",
      price: product.price,
      itemCondition: `https://schema.org/${product.condition === "new_with_tags" ? "New" : "Used"}Condition`,
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}

/** Home › Ladies › Tops › the piece: the category's place in the shop's tree (common/categories.ts). */
function productBreadcrumbs(product: { name: string; category?: { slug: string } | null }, origin: string) {
  const place = resolveCategorySlug(product.category?.slug);
  const sub = place?.main.subcategories.find((s) => s.slug === place.subSlug);
  return breadcrumbList(
    [
      { name: "Home", path: "/" },
      ...(place ? [{ name: place.main.name, path: `/products?category=${place.main.slug}` }] : [{ name: "Shop", path: "/products" }]),
      ...(sub ? [{ name: sub.name, path: `/products?category=${sub.slug}` }] : []),
      { name: product.name },
    ],
    origin,
  );
}

export function ProductPage() {
  const { slug = "" } = useParams();
  const saveData = useSaveData();
  const { data, loading, error, refetch } = useQuery(ProductQuery, { variables: { slug } });
  const found = data?.product;
  const product = useMemo(() => found && withCardFields(found), [found]);
  const navigate = useNavigate();
  const { search } = useLocation();
  // Reached by a slug the product had before a rename (an in-app link, or a shared one whose server
  // redirect was skipped): show its current address.
  const currentSlug = product?.slug;
  // On the server the same case is a permanent redirect (links shared before the rename).
  if (import.meta.env.SSR) {
    const server = useServerPage();
    if (server && currentSlug && currentSlug !== slug) server.redirect = `/products/${encodeURIComponent(currentSlug)}${search}`;
  }
  const picture = product?.imageUrl ? imageSources(product.imageUrl, PRODUCT_DETAIL_IMAGE.width, saveData) : null;
  useEffect(() => {
    if (currentSlug && currentSlug !== slug) void navigate(`/products/${encodeURIComponent(currentSlug)}${search}`, { replace: true });
  }, [currentSlug, slug, search, navigate]);
  usePageMeta({
    title: product?.name ?? (loading ? "Loading product" : "Product not found"),
    description: productPreviewDescription(product?.description, product),
    canonicalPath: `/products/${currentSlug ?? slug}`,
    // The link preview made for WhatsApp and Instagram: the photo with its price and grade (a raster,
    // also for the SVG demo pictures).
    image: product ? productPreviewPath(product) : null,
    type: product ? "product" : "website",
    noIndex: !loading && !product,
    status: !loading && !product && !error ? 404 : undefined,
    preloadImage: picture ? { href: picture.src, srcSet: picture.srcSet, sizes: picture.srcSet ? PRODUCT_DETAIL_IMAGE.sizes : undefined } : undefined,
  });
  if (loading && !data) return <p className="container page-status">Loading product...</p>;
  if (error && !data) return <LoadError retry={refetch} />;
  if (!product) {
    return (
      <section className="container page-status">
        <h1>Product not found</h1>
        <p>This item may have sold out and been removed from the shop.</p>
        <Link to="/products" className="button">
          Back to Products
        </Link>
      </section>
    );
  }
  // key: a new product starts with its own picture and a quantity of 1.
  return <ProductDetail key={product.id} product={product} />;
}

/** A found product as the page's query answers it, with the card's fields (name, price, stock...)
 *  read out of their fragment. */
function withCardFields(found: NonNullable<StorefrontProductDetailQuery["product"]>) {
  return { ...found, ...getFragmentData(ProductCardFragment, found) };
}
type ProductDetailData = ReturnType<typeof withCardFields>;

function ProductDetail({ product }: { product: ProductDetailData }) {
  const images = [product.imageUrl, ...product.galleryUrls].filter((url): url is string => Boolean(url));
  const [shown, setShown] = useState(images[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const { addToCart, busy } = useAddToCart();
  // Read after hydration (the server's page has no cookies or storage to go by).
  const [{ mayHaveOrder, signedIn }, setOrderHint] = useState({ mayHaveOrder: false, signedIn: false });
  useEffect(() => {
    const signedIn = SIGNED_IN_COOKIE.test(document.cookie);
    setOrderHint({ signedIn, mayHaveOrder: signedIn || latestGuestOrder() !== null });
  }, []);
  const origin = useSiteOrigin();
  const inStock = product.stock > 0;
  return (
    <section className="container product-detail">
      <StructuredData data={productStructuredData(product, origin)} />
      <StructuredData data={productBreadcrumbs(product, origin)} />
      <div className="product-detail__media">
        <ProductImage
          src={shown}
          alt={product.name}
          eager
          className="product-detail__image"
          {...PRODUCT_DETAIL_IMAGE}
        />
        <SaveButton productId={product.id} name={product.name} />
        {images.length > 1 && (
          <ul className="product-detail__thumbs" aria-label="More pictures">
            {images.map((url, i) => (
              <li key={url}>
                <ActionButton className="product-detail__thumb" aria-pressed={url === shown} onClick={() => setShown(url)}>
                  <ProductImage src={url} alt={`${product.name}, picture ${i + 1}`} width={80} height={100} sizes="80px" className="product-image" />
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="product-detail__info">
        <h1>{product.name}</h1>
        {product.category && <p className="product-detail__category">{product.category.name}</p>}
        <Price price={product.price} originalPrice={product.originalPrice} percentOff={product.percentOff} />
        {product.size && <p className="product-detail__size">Size: {product.size}</p>}
        <ProductCondition condition={product.condition} />
        {product.description && <p className="product-detail__description">{product.description}</p>}
        <ProductFit product={product} />
        <p className={inStock ? "stock" : "stock stock--out"}>
          {inStock ? (
            <>
              {/* The count marked: a kept copy of this page gets the newest put in (stockClass). */}
              <span data-stock-of={product.id}>{product.stock}</span> {itemWord(product.stock)} available
            </>
          ) : (
            "Out of stock"
          )}{" "}
          <OnHoldBadge onHold={product.onHold} />
        </p>
        {inStock && (
          <div className="quantity" role="group" aria-label="Quantity">
            <ActionButton className="quantity__step" aria-label="Decrease quantity" disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
              −
            </ActionButton>
            <output className="quantity__value" aria-live="polite">
              {quantity}
            </output>
            <ActionButton className="quantity__step" aria-label="Increase quantity" disabled={quantity >= product.stock} onClick={() => setQuantity((q) => Math.min(product.stock, q + 1))}>
              +
            </ActionButton>
          </div>
        )}
        <ActionButton className="button product-detail__add" disabled={!inStock || busy} onClick={() => void addToCart(product, quantity, "detail")}>
          Add to Cart
        </ActionButton>
        {mayHaveOrder && inStock && (
          <Suspense fallback={null}>
            <AddToOrderButton productId={product.id} quantity={quantity} guestPass={signedIn ? null : latestGuestOrder()} />
          </Suspense>
        )}
        <ProductWhatsApp product={product} />
        <p>
          <Link to="/products" className="back-link">
            <Icon name="back" /> Back to Products
          </Link>
        </p>
      </div>
    </section>
  );
}
