import { useQuery } from "@apollo/client/react";
import { graphql } from "../gql/index.ts";

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
 *  shop could not be asked (then viewer is null but the person may well be signed in). */
export function useViewer() {
  const { data, loading, error, refetch } = useQuery(ViewerQuery, { fetchPolicy: "cache-first" });
  return { viewer: data?.viewer ?? null, loading, error: !data && error, refetch };
}
