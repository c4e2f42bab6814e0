// The saved list's entry point for the header and the heart: the code that fills and changes the
// list (saved-sync.ts: GraphQL, storage) is its own chunk, loaded after the first render, so home
// and listings pay only for this file, saved-ids.ts and the heart.
import { useEffect } from "react";
import type { ApolloClient } from "@apollo/client";
import { registerSignInStep } from "../../lib/sign-in-steps.ts";
import { useSaved } from "./saved-ids.ts";

export const loadSavedSync = () => import("./saved-sync.ts");

// At sign-in the guest's saved items join the account's.
registerSignInStep({ after: async (apollo) => (await loadSavedSync()).mergeGuestSaved(apollo) });

/**
 * The header: loads the list of whoever is browsing (a user id, null for a guest; undefined while
 * that is not known yet), again whenever that changes, and counts it.
 */
export function useSavedCount(apollo: ApolloClient, userId: string | null | undefined): number {
  useEffect(() => {
    // Not fetched (offline): the hearts stay unpressed until the next page view.
    if (userId !== undefined) loadSavedSync().then((sync) => sync.syncSaved(apollo, userId), () => undefined);
  }, [apollo, userId]);
  return useSaved((ids) => ids?.size ?? 0, 0);
}
