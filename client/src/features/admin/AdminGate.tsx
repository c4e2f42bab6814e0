// /admin and /admin/sections: guests go to /auth, signed-in shoppers to / (SPEC §6), staff to /
// from the admins' own pages (adminOnly). This only spares people a useless screen; the server
// refuses every operation their role may not use anyway (decision 038).
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useViewer } from "../../lib/viewer.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";

export function AdminGate({ title, adminOnly = false, children }: { title: string; adminOnly?: boolean; children: ReactNode }) {
  const { viewer, loading, error, refetch } = useViewer();
  const location = useLocation();
  usePageMeta({ title, noIndex: true });
  if (loading) return <p className="page-status">Loading...</p>;
  if (!viewer) return error ? <LoadError retry={refetch} /> : <Navigate to="/auth" state={{ from: location.pathname + location.search }} replace />;
  if (viewer.role === "customer" || (adminOnly && viewer.role !== "admin")) return <Navigate to="/" replace />;
  return <>{children}</>;
}
