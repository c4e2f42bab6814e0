// Fills and changes the saved list (saved-ids.ts): the account's on the server when signed in,
// else the guest list in browser storage (key "savedItems", product ids, newest first). At sign-in
// the guest list is merged into the account's and, once the server has it, cleared here.
import type { ApolloClient } from "@apollo/client";
import { graphql } from "../../gql/index.ts";
import { ViewerQuery } from "../../lib/viewer.ts";
import { toast } from "../../ui/toast.tsx";
import { GUEST_SAVED_KEY, isProductId, MAX_SAVED_ITEMS } from "../../../../common/saved-items.ts";
import { savedIds, setSavedIds } from "./saved-ids.ts";
import { isErrorResult, resultError } from "../../lib/mutation-result.ts";

const SavedIdsQuery = graphql(`
  query SavedItemIds {
    savedItems {
      product {
        id
      }
    }
  }
`);

const SaveItemMutation = graphql(`
  mutation SaveItem($productId: ID!) {
    saveItem(productId: $productId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const UnsaveItemMutation = graphql(`
  mutation UnsaveItem($productId: ID!) {
    unsaveItem(productId: $productId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const MergeSavedItemsMutation = graphql(`
  mutation MergeSavedItems($productIds: [ID!]!) {
    mergeSavedItems(productIds: $productIds) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export function readGuestSaved(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_SAVED_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string" && isProductId(id)).slice(0, MAX_SAVED_ITEMS) : [];
  } catch {
    return [];
  }
}

function writeGuestSaved(ids: string[]): void {
  localStorage.setItem(GUEST_SAVED_KEY, JSON.stringify(ids));
  setSavedIds(ids);
}

/** Whose list the store holds: a user id, null for the guest list, undefined before the first sync. */
let owner: string | null | undefined;

/** Called whenever the viewer is known or changes (the header): loads that person's list. */
export async function syncSaved(apollo: ApolloClient, userId: string | null): Promise<void> {
  owner = userId;
  if (!userId) {
    setSavedIds(readGuestSaved());
    return;
  }
  try {
    const { data } = await apollo.query({ query: SavedIdsQuery, fetchPolicy: "network-only" });
    if (owner === userId && data) setSavedIds(data.savedItems.map((item) => item.product.id));
  } catch {
    // Not reachable now: hearts stay as they are; the next page view asks again.
  }
}

// Another tab saved or removed a guest item.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === GUEST_SAVED_KEY && owner === null) setSavedIds(readGuestSaved());
  });
}

/** Saves or removes one product for whoever is browsing; a guest's list stays in this browser. */
export async function toggleSaved(apollo: ApolloClient, productId: string, save: boolean): Promise<boolean> {
  let viewer;
  try {
    viewer = (await apollo.query({ query: ViewerQuery })).data?.viewer ?? null;
  } catch {
    toast.error("Could not update your saved items. Please try again.");
    return false;
  }
  if (!viewer) {
    const ids = readGuestSaved().filter((id) => id !== productId);
    if (save && ids.length >= MAX_SAVED_ITEMS) {
      toast.error(`You can save at most ${MAX_SAVED_ITEMS} items. Remove some to save more.`);
      return false;
    }
    writeGuestSaved(save ? [productId, ...ids] : ids);
    toast(save ? "Saved" : "Removed from saved");
    return true;
  }
  const before = savedIds() ?? new Set<string>();
  const after = new Set(before);
  if (save) after.add(productId);
  else after.delete(productId);
  setSavedIds(after);
  try {
    const { data } = save
      ? await apollo.mutate({ mutation: SaveItemMutation, variables: { productId } }).then((r) => ({ data: r.data?.saveItem }))
      : await apollo.mutate({ mutation: UnsaveItemMutation, variables: { productId } }).then((r) => ({ data: r.data?.unsaveItem }));
    if (!data || isErrorResult(data)) throw new Error(resultError(data, ""));
    toast(save ? "Saved" : "Removed from saved");
    return true;
  } catch (error) {
    setSavedIds(before);
    toast.error((error as Error).message || "Could not update your saved items. Please try again.");
    return false;
  }
}

/**
 * After signing in: the guest list joins the account's. Cleared from this browser only once the
 * server has it; on failure it stays, and the next sign-in merges it (merging twice adds nothing).
 */
export async function mergeGuestSaved(apollo: ApolloClient): Promise<void> {
  const ids = readGuestSaved();
  if (!ids.length) return;
  try {
    const { data } = await apollo.mutate({ mutation: MergeSavedItemsMutation, variables: { productIds: ids } });
    if (data?.mergeSavedItems.__typename === "MutationMergeSavedItemsSuccess") localStorage.removeItem(GUEST_SAVED_KEY);
  } catch {
    // Kept for the next sign-in.
  }
}
