// /admin and /admin/sections: guests go to /auth, signed-in non-admins to / (SPEC §6). This only
// spares people a useless screen; the server refuses every admin operation to non-admins anyway.
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useViewer } from "../../lib/viewer.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";

export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const { viewer, loading, error, refetch } = useViewer();
  const location = useLocation();
  usePageMeta({ title, noIndex: true });
  if (loading) return <p className="page-status">Loading...</p>;
  if (!viewer) return error ? <LoadError retry={refetch} /> : <Navigate to="/auth" state={{ from: location.pathname + location.search }} replace />;
  if (!viewer.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
