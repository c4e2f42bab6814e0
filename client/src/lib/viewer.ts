import { useQuery } from "@apollo/client/react";
import type { NormalizedCacheObject } from "@apollo/client";
import { getFragmentData, graphql } from "../gql/index.ts";
import { useMounted } from "./hydration.tsx";
import { SIGNED_IN_COOKIE } from "../../../common/signed-in.ts";

/** Who is signed in, as the viewer query and the sign-in and sign-up answers give it. */
export const ViewerFieldsFragment = graphql(`
  fragment ViewerFields on Viewer {
    id
    email
    fullName
    isAdmin
    role
  }
`);

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      ...ViewerFields
    }
  }
`);

export type Viewer = NonNullable<ReturnType<typeof useViewer>["viewer"]>;

/**
 * The cache a browser starts from: the page's own (server-rendered pages), and for a browser
 * without a session cookie, a guest's, "no one signed in", so neither the header nor adding to the
 * cart asks the shop who is signed in (on a guest's first page that question was the only request,
 * and its answer a long task on a slow phone). A browser with one asks as before; signing in or out
 * writes the answer into the cache. Put into the restored state (Apollo's extract/restore format:
 * ROOT_QUERY's field "viewer") instead of written with writeQuery: the first cache write of a page
 * is a long task of its own on a slow phone.
 */
export function startingCache(state: NormalizedCacheObject | null): NormalizedCacheObject | null {
  if (SIGNED_IN_COOKIE.test(document.cookie)) return state;
  const root = state?.ROOT_QUERY ?? { __typename: "Query" };
  return { ...state, ROOT_QUERY: { ...root, viewer: null } };
}

/** The signed-in user (null for guests); loading is true until the first answer; error when the
 *  shop could not be asked (then viewer is null but the person may well be signed in).
 *  Asked only in the browser, after hydration: a server-rendered page is the same for everyone
 *  (cacheable, never carrying a session), so it shows the guest's header until then. */
export function useViewer() {
  const mounted = useMounted();
  const { data, loading, error, refetch } = useQuery(ViewerQuery, { fetchPolicy: "cache-first", skip: !mounted });
  const viewer = data?.viewer ? getFragmentData(ViewerFieldsFragment, data.viewer) : null;
  return { viewer, loading, error: !data && error, refetch };
}

/** Whether the viewer is an admin (not staff): the admin screens show staff only what the server lets them use (decision 038). */
export function useIsAdmin(): boolean {
  return useViewer().viewer?.role === "admin";
}
