// Ready-made operations the explorer opens with: one tab per common task, for shoppers and admins.
// Variables carry defaults inside each document, so a tab runs as it opens. Plain text (not codegen
// documents): tests/api/explorer.test.ts runs every one, so a schema change that breaks one fails.
export interface ExampleOperation {
  title: string;
  query: string;
}

export const EXAMPLE_OPERATIONS: ExampleOperation[] = [
  {
    title: "Shopper: browse a category",
    query: `# Products of a category, newest first, 12 a page: what /products?category=ladies-tops shows.
query BrowseCategory($filter: ProductFilter = { category: "ladies-tops" }, $limit: Int = 12) {
  products(filter: $filter, limit: $limit, sort: NEWEST) {
    totalCount
    sizes
    items { id name slug price originalPrice stock size }
  }
}`,
  },
  {
    title: "Shopper: a product page",
    query: `# One product by its slug (the last part of /products/<slug>).
query ProductPage($slug: String! = "vintage-ankara-print-blouse") {
  product(slug: $slug) {
    id name description price originalPrice stock onHold size imageUrl galleryUrls
    category { name slug }
  }
}`,
  },
  {
    title: "Shopper: who am I and my cart",
    query: `# Sign in on the store first (/auth): the explorer sends your session cookie.
query MeAndCart {
  viewer { id email fullName isAdmin }
  cart { quantity product { name price stock } }
}`,
  },
  {
    title: "Admin: payments waiting for a decision",
    query: `# Admins only: orders whose receipts wait for review, oldest first.
query PaymentsQueue {
  paymentCounts { underReview awaitingTransfer }
  paymentsQueue { shortOrderId total paymentStatus createdAt holdExpiresAt }
}`,
  },
];
