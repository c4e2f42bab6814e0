// Which fields may be answered from the shared response cache and by CDNs: catalogue data that is
// the same for every visitor. An operation is cacheable only if every field it selects is listed
// here; anything else (cart, viewer, orders, admin, a field added later and not listed) makes the
// whole answer uncacheable. Review this list when adding a field to a listed type.
import { TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from "graphql";
import { PUBLIC_QUERY_FIELDS } from "../../../common/public-queries.ts";
import type { StockChoice } from "../cache/catalogue-memo.ts";
import type { StockRow } from "../cache/stock-board.ts";

export const PUBLIC_FIELDS: Readonly<Record<string, readonly string[] | "all">> = {
  Query: PUBLIC_QUERY_FIELDS,
  Category: ["id", "name", "slug", "main"],
  Product: [
    "id",
    "name",
    "slug",
    "price",
    "originalPrice",
    "percentOff",
    "imageUrl",
    "galleryUrls",
    "size",
    "stock",
    "description",
    "createdAt",
    "category",
    // Held by anybody's unpaid order: the same for every visitor (changes reach the cache through
    // the orders triggers).
    "onHold",
    // Condition and fit: what the seller wrote about the piece, the same for everyone.
    "condition",
    "conditionLabel",
    "flawNotes",
    "flawPhotoUrls",
    "measurements",
    "bale",
  ],
  ProductMeasurements: "all",
  BaleDetails: "all",
  ProductPage: ["items", "totalCount", "sizes"],
  Drop: ["at", "productCount", "categories"],
  CustomerReview: ["id", "customerName", "rating", "reviewText", "isFeatured", "product", "createdAt"],
  HomepageSection: ["id", "sectionType", "title", "description", "isActive", "displayOrder", "createdAt", "products"],
  // Configuration, not data: changes only with a restart.
  StoreSettings: "all",
};

/** Fields of the types above that are deliberately left out of the shared cache (a test makes every
 *  field of a listed type appear in one of the two lists, so a new field is a decision, not an accident). */
export const NOT_PUBLIC_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // For the admin's products tab (a drop's time); shoppers never see a product before it.
  Product: ["goesLiveAt"],
};

export function isPublicField(typeName: string, fieldName: string): boolean {
  const fields = PUBLIC_FIELDS[typeName];
  return fields === "all" || (fields?.includes(fieldName) ?? false);
}

// Decided once per parsed document (Apollo keeps them, by id or by text) rather than by a hook on
// every resolved field, which cost about a sixth of an uncached listing's CPU time.
const publicDocuments = new WeakMap<DocumentNode, boolean>();

/** Whether every field the document selects is public. Every operation and fragment in it is read,
 *  whichever runs: for an interface or union, a private field in any branch makes it private. */
export function selectsOnlyPublicFields(schema: GraphQLSchema, document: DocumentNode): boolean {
  let known = publicDocuments.get(document);
  if (known === undefined) {
    let allPublic = true;
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const name = node.name.value;
          // __typename tells only the type; __schema and __type (introspection) are for admins.
          if (name === "__typename") return;
          const parent = typeInfo.getParentType();
          if (!parent || !isPublicField(parent.name, name)) allPublic = false;
        },
      }),
    );
    publicDocuments.set(document, (known = allPublic));
  }
  return known;
}

const notCacheableRequests = new WeakSet<object>();

/** For an answer that must differ between requests although it is public (a random pick): marks
 *  the request (by its GraphQL context) so its answer is not stored. */
export function notCacheable(context: object): void {
  notCacheableRequests.add(context);
}

export function isMarkedNotCacheable(context: object): boolean {
  return notCacheableRequests.has(context);
}

/** Root fields whose choice or order of products depends on stock: the home page's blocks
 *  (home.service.ts: special offers are in stock and ordered by it, the best-sellers section is
 *  ordered by it, and every block leaves out what the one above shows). They answer from the home
 *  choice, made once per stock board generation (sharedHomeChoice): an answer selecting them is kept
 *  while that choice is the same, with new stock joined in, and made again when a sale changes it
 *  (decision 026). A new root field chosen by stock must answer from a choice kept the same way. */
export const STOCK_ORDERED_QUERY_FIELDS: readonly string[] = ["specialOffers", "activeHomepageSection", "featuredProducts"];

/** How an answer follows sales: "joined" (new stock and "on hold" are put into the kept answer),
 *  "choice" (also made from the stock-ordered choice: kept while it is the same, joined meanwhile)
 *  or "every change" (its values cannot be matched to their products: dropped on every stock change). */
export type StockDependence = "joined" | "choice" | "every change";

const stockDependences = new WeakMap<DocumentNode, StockDependence>();

/**
 * "every change" when the document asks for `stock` or `onHold` where the same selection does not
 * ask for the `id` (the values could not be matched to their product); otherwise "choice" when it
 * selects a stock-ordered root field (by name, whatever its alias, anywhere in the document);
 * otherwise "joined".
 */
export function stockDependence(document: DocumentNode): StockDependence {
  let known = stockDependences.get(document);
  if (known === undefined) {
    let chosen = false;
    let unjoinable = false;
    visit(document, {
      Field(node) {
        if (STOCK_ORDERED_QUERY_FIELDS.includes(node.name.value)) chosen = true;
      },
      SelectionSet(node) {
        const fields = node.selections.filter((s) => s.kind === "Field");
        const volatile = fields.some((s) => s.name.value === "stock" || s.name.value === "onHold");
        const hasId = fields.some((s) => s.name.value === "id" && !s.alias);
        // An aliased id, stock or onHold is not where the join looks for it.
        const aliased = fields.some((s) => s.alias && ["id", "stock", "onHold"].includes(s.name.value));
        if (volatile && (!hasId || aliased)) unjoinable = true;
      },
    });
    stockDependences.set(document, (known = unjoinable ? "every change" : chosen ? "choice" : "joined"));
  }
  return known;
}

/** Per request: the stock-ordered choice its answers were made from, or null when one of them
 *  follows every stock change. */
const stockOrderedRequests = new WeakMap<object, StockChoice | null>();

/** Marks a request (the HTTP request, or the GraphQL context) whose answer depends on stock beyond
 *  its products' values: made from `choice`, or (null) dropped on every stock change. Of several
 *  answers in one request (a page's queries), one that follows every change decides. */
export function markStockOrdered(target: object, choice: StockChoice | null): void {
  const marked = stockOrderedRequests.get(target);
  if (marked === null) return;
  stockOrderedRequests.set(target, choice?.key != null && (marked === undefined || marked.key === choice.key) ? choice : null);
}

export function isStockOrdered(target: object): boolean {
  return stockOrderedRequests.has(target);
}

/** The choice a stock-ordered request's answers were made from; null: not one that can be kept
 *  across a stock change (or the request is not stock-ordered at all). */
export function stockOrderedChoice(target: object): StockChoice | null {
  return stockOrderedRequests.get(target) ?? null;
}

const stockWriteListeners = new WeakMap<object, (products: readonly string[], known?: readonly StockRow[]) => void>();

/** Set by the response cache (response-cache.ts) on a stock mutation's request before its
 *  resolvers run: it starts reading the written products' values the moment they are recorded. */
export function onStockWrite(context: object, listener: (products: readonly string[], known?: readonly StockRow[]) => void): void {
  stockWriteListeners.set(context, listener);
}

/** A stock mutation says which products it changed, as soon as its write has committed (none: it
 *  was refused and wrote nothing), so its answer waits for exactly those values on the stock board
 *  instead of a round trip through the database's notifications. Unsaid: that round trip, as before.
 *  `known`: the values the write itself saw at its commit (its RETURNING), which need no read. */
export function recordStockWrite(context: object, products: readonly string[], known?: readonly StockRow[]): void {
  stockWriteListeners.get(context)?.(products, known);
}
