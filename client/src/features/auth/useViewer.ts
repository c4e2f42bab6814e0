import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { useMounted } from "../../lib/hydration.ts";

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      id
      email
      fullName
      isAdmin
    }
  }
`);

/** The signed-in user (null for guests); loading is true until the first answer; error when the
 *  shop could not be asked (then viewer is null but the person may well be signed in).
 *  Asked only in the browser, after hydration: a server-rendered page is the same for everyone
 *  (cacheable, never carrying a session), so it shows the guest's header until then. */
export function useViewer() {
  const mounted = useMounted();
  const { data, loading, error, refetch } = useQuery(ViewerQuery, { fetchPolicy: "cache-first", skip: !mounted });
  return { viewer: data?.viewer ?? null, loading, error: !data && error, refetch };
}
