// Admin users: email, name, role and sign-up date; set a user's role (customer, staff, admin).
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { AdminUsersListQuery, UserRole } from "../../gql/graphql.ts";
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
      role
      createdAt
    }
  }
`);

const SetUserRoleMutation = graphql(`
  mutation AdminSetUserRole($userId: ID!, $role: UserRole!) {
    setUserRole(userId: $userId, role: $role) {
      __typename
      ... on Error {
        message
      }
      ... on MutationSetUserRoleSuccess {
        data {
          id
          role
          roles
          isAdmin
        }
      }
    }
  }
`);

const ROLE_LABELS: Record<UserRole, string> = { customer: "Customer", staff: "Staff", admin: "Admin" };

export function UsersTab() {
  const { viewer } = useViewer();
  const { data, loading, error, refetch } = useQuery(AdminUsersQuery, { fetchPolicy: "cache-and-network" });
  const [setRole] = useMutation(SetUserRoleMutation);

  async function change(user: AdminUsersListQuery["adminUsers"][number], role: UserRole) {
    if (role === user.role) return;
    if (!window.confirm(`Make ${user.email} ${ROLE_LABELS[role].toLowerCase()}?`)) return;
    try {
      const result = await setRole({ variables: { userId: user.id, role } });
      const payload = result.data?.setUserRole;
      if (payload?.__typename === "MutationSetUserRoleSuccess") toast(`${user.email} is now ${ROLE_LABELS[role].toLowerCase()}`);
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
              <th scope="col">Role</th>
              <th scope="col">Signed up</th>
            </tr>
          </thead>
          <tbody>
            {(data?.adminUsers ?? []).map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>{user.fullName ?? "—"}</td>
                <td>
                  {user.id === viewer?.id ? (
                    `${ROLE_LABELS[user.role]} (you)`
                  ) : (
                    <select aria-label={`Role of ${user.email}`} value={user.role} onChange={(event) => void change(user, event.target.value as UserRole)}>
                      {(Object.keys(ROLE_LABELS) as UserRole[]).map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>{formatLagosDate(user.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
