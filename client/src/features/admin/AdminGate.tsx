// /admin and /admin/sections: guests go to /auth, signed-in non-admins to / (SPEC §6). This only
// spares people a useless screen; the server refuses every admin operation to non-admins anyway.
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useViewer } from "../../app/useViewer.ts";
import { usePageMeta } from "../../lib/page-meta.ts";

export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const { viewer, loading } = useViewer();
  usePageMeta({ title, noIndex: true });
  if (loading) return <p className="page-status">Loading...</p>;
  if (!viewer) return <Navigate to="/auth" replace />;
  if (!viewer.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
