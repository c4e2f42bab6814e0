// Home (SPEC §2): hero, value points, the active homepage section, featured products, special
// offers, featured reviews, Instagram community and Why Choose. All data in one request.
import { useDeferredValue } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { StorefrontHomeQuery } from "../../gql/graphql.ts";
import { ProductCard } from "../catalog/ProductCard.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { DEFAULT_DESCRIPTION } from "../../../../common/page-head.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { NextDrop } from "../drops/NextDrop.tsx";
import { StructuredData } from "../../ui/StructuredData.tsx";
import { clothingStore } from "../../../../common/structured-data.ts";
import { useSiteOrigin } from "../../lib/hydration.tsx";

const HomeQuery = graphql(`
  query StorefrontHome {
    activeHomepageSection {
      id
      title
      description
      products {
        id
        ...ProductCard
      }
    }
    featuredProducts {
      id
      ...ProductCard
    }
    specialOffers {
      id
      ...ProductCard
    }
    featuredReviews {
      id
      customerName
      rating
      reviewText
    }
    nextDrop {
      at
      productCount
      categories
    }
  }
`);

const VALUE_POINTS = [
  { title: "Quality Products", text: "Every piece is sorted, washed and checked before it is listed." },
  { title: "Trending Styles", text: "Fresh drops every week: denim, Ankara, vintage and more." },
  { title: "Fast Delivery", text: "Doorstep or park delivery across Nigeria." },
  { title: "Store Pickup", text: "Collect your order at our shop in Ota, Ogun State." },
];

const INSTAGRAM_IMAGES = [1, 2, 3, 4].map((n) => `/images/demo/instagram-${n}.svg`);

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rating ? "stars__on" : "stars__off"}>
          <Icon name="star" size={16} />
        </span>
      ))}
    </span>
  );
}

// One screen-tall placeholder until the catalogue answers: the sections arrive below the fold
// instead of pushing already visible content down (layout shift).
const loadingPlaceholder = (
  <div className="container home-loading" aria-busy="true">
    <p className="visually-hidden">Loading products...</p>
    <div className="product-grid" aria-hidden="true">
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="skeleton-card" />
      ))}
    </div>
  </div>
);

export function HomePage() {
  usePageMeta({ title: `${storeSettings.name} — look great, feel great, pay less`, description: DEFAULT_DESCRIPTION, canonicalPath: "/" });
  const { data: latest, loading, error, refetch } = useQuery(HomeQuery);
  // Two dozen cards are the longest piece of work on a slow phone. As a deferred value they render
  // in a transition, which React splits into short slices, so the page stays responsive meanwhile.
  const data = useDeferredValue(latest);
  const origin = useSiteOrigin();
  return (
    <>
      <StructuredData data={clothingStore(storeSettings, origin)} />
      <section className="hero">
        <div className="container">
          <h1>Look great, feel great, pay less</h1>
          <p className="hero__lead">Hand-picked pre-loved clothing for ladies, men and kids, bales and unisex pieces, priced in naira.</p>
          <div className="hero__actions">
            <Link to="/products" className="button button--gold">
              Shop Now
            </Link>
            <Link to="/about" className="button button--ghost">
              Learn More
            </Link>
          </div>
        </div>
      </section>

      <section className="container value-points" aria-label="Why shop with us">
        {VALUE_POINTS.map((point) => (
          <div key={point.title} className="value-point">
            <h2 className="value-point__title">{point.title}</h2>
            <p>{point.text}</p>
          </div>
        ))}
      </section>

      {!data && (loading || latest) ? (
        loadingPlaceholder
      ) : error && !data ? (
        <LoadError retry={refetch} />
      ) : (
        <CatalogueSections data={data} />
      )}

      <section className="container instagram" aria-labelledby="instagram-title">
        <h2 id="instagram-title">Join Our Instagram Community</h2>
        <p>New arrivals, styling ideas and restock alerts. Tag us to be featured.</p>
        <ul className="instagram__grid">
          {INSTAGRAM_IMAGES.map((src, i) => (
            <li key={src}>
              <a href={storeSettings.instagramUrl} target="_blank" rel="noopener noreferrer">
                <img src={src} alt={`${storeSettings.name} on Instagram, post ${i + 1}`} width={300} height={300} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
        <a className="button button--ghost" href={storeSettings.instagramUrl} target="_blank" rel="noopener noreferrer">
          Follow us on Instagram
        </a>
      </section>

      <section className="why-choose" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title">Why Choose {storeSettings.name}?</h2>
          <p>
            Good clothes should not cost a fortune. We source quality pre-loved pieces, sort them by hand, clean them and describe every flaw honestly, so
            you pay far less than new and still look sharp. Every purchase also keeps a wearable garment out of the landfill.
          </p>
          <Link to="/about" className="button">
            Learn About Us
          </Link>
        </div>
      </section>
    </>
  );
}

/** The catalogue-driven sections; data is undefined only when the query failed. */
function CatalogueSections({ data }: { data: StorefrontHomeQuery | undefined }) {
  const section = data?.activeHomepageSection;
  return (
    <>
      {data?.nextDrop ? <NextDrop drop={data.nextDrop} /> : null}
      {section && section.products.length > 0 && (
        <section className="container home-section" aria-labelledby="home-section-title">
          <div className="section-head">
            <div>
              <h2 id="home-section-title">{section.title}</h2>
              {section.description && <p className="section-head__text">{section.description}</p>}
            </div>
            <Link to="/products" className="section-head__link">
              View All
            </Link>
          </div>
          <div className="product-grid">
            {section.products.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 2} />
            ))}
          </div>
        </section>
      )}

      <section className="container" aria-labelledby="featured-title">
        <h2 id="featured-title">Featured Products</h2>
        {!data?.featuredProducts.length ? (
          <p className="page-status">No products found</p>
        ) : (
          <div className="product-grid">
            {data.featuredProducts.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={!section && i < 2} />
            ))}
          </div>
        )}
      </section>

      <section className="container offers" aria-labelledby="offers-title">
        <div className="section-head">
          <h2 id="offers-title">Special Offers</h2>
          <Link to="/products?deals=1" className="button button--small">
            Shop Deals
          </Link>
        </div>
        {data && !data.specialOffers.length ? (
          <p className="page-status">Check back for amazing deals!</p>
        ) : (
          <div className="product-grid product-grid--three">
            {data?.specialOffers.map((p) => <ProductCard key={p.id} product={p} />)}
          </div>
        )}
      </section>

      {data && data.featuredReviews.length > 0 && (
        <section className="container reviews" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Customer Reviews</h2>
          <ul className="reviews__list">
            {data.featuredReviews.map((review) => (
              <li key={review.id} className="review">
                <Stars rating={review.rating} />
                <blockquote className="review__text">{review.reviewText}</blockquote>
                <p className="review__name">{review.customerName}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
