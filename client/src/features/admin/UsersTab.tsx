// Admin users: email, name, roles and sign-up date; grant or revoke the admin role.
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { AdminUsersListQuery } from "../../gql/graphql.ts";
import { useViewer } from "../../lib/viewer.ts";
import { toast } from "../../ui/toast.tsx";
import { formatLagosDate } from "../../../../common/lagos-time.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const AdminUsersQuery = graphql(`
  query AdminUsersList {
    adminUsers(limit: 200) {
      id
      email
      fullName
      roles
      isAdmin
      createdAt
    }
  }
`);

const SetUserAdminMutation = graphql(`
  mutation AdminSetUserAdmin($userId: ID!, $admin: Boolean!) {
    setUserAdmin(userId: $userId, admin: $admin) {
      __typename
      ... on Error {
        message
      }
      ... on MutationSetUserAdminSuccess {
        data {
          id
          roles
          isAdmin
        }
      }
    }
  }
`);


export function UsersTab() {
  const { viewer } = useViewer();
  const { data, loading, error, refetch } = useQuery(AdminUsersQuery, { fetchPolicy: "cache-and-network" });
  const [setAdmin] = useMutation(SetUserAdminMutation);

  async function toggle(user: AdminUsersListQuery["adminUsers"][number]) {
    const grant = !user.isAdmin;
    if (!window.confirm(grant ? `Make ${user.email} an admin?` : `Remove the admin role from ${user.email}?`)) return;
    try {
      const result = await setAdmin({ variables: { userId: user.id, admin: grant } });
      const payload = result.data?.setUserAdmin;
      if (payload?.__typename === "MutationSetUserAdminSuccess") toast(grant ? "Admin role granted" : "Admin role removed");
      else toast.error(resultError(payload, "Failed to change the role"));
    } catch {
      toast.error("Failed to change the role");
    }
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Users</h2>
      </div>
      {error ? <LoadError retry={refetch} message={`Could not load users: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading users...</p> : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Roles</th>
              <th scope="col">Signed up</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(data?.adminUsers ?? []).map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>{user.fullName ?? "—"}</td>
                <td>{user.roles.length ? user.roles.join(", ") : "customer"}</td>
                <td>{formatLagosDate(user.createdAt)}</td>
                <td>
                  {user.id === viewer?.id ? (
                    <span className="admin-muted">You</span>
                  ) : (
                    <button type="button" className="button button--small button--ghost" onClick={() => void toggle(user)}>
                      {user.isAdmin ? "Remove admin" : "Make admin"}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
