// Root query fields whose answers are the same for every visitor (catalogue data). The server caches
// and marks public only documents made of these (server/src/graphql/cache-policy.ts); the client
// sends only such documents by GET with their id, so nothing personal (a phone number, an order
// reference) ever lands in a URL, a proxy log or a CDN.
export const PUBLIC_QUERY_FIELDS: readonly string[] = [
  "categories",
  "products",
  "product",
  "featuredProducts",
  "specialOffers",
  "featuredReviews",
  "activeHomepageSection",
  "storeSettings",
  // The next drop's time, size and categories; a drop going live turns the cache over (drop-clock.ts).
  "nextDrop",
  // A guest cart's products by id: current prices and stock, nothing about who asks.
  "cartProducts",
  // A guest's saved items (browser storage) by id: the same, for the saved list.
  "productsByIds",
];
