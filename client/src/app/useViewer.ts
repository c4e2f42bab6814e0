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

/** The signed-in user (null for guests); loading is true until the first answer. */
export function useViewer() {
  const { data, loading } = useQuery(ViewerQuery, { fetchPolicy: "cache-first" });
  return { viewer: data?.viewer ?? null, loading };
}
