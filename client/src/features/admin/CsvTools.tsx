// CSV export of orders and products for a Lagos date range, and the bulk product import from a
// bale: check the file first (a dry run listing every bad row), then import all of it or nothing.
import { useState, type ChangeEvent } from "react";
import { useApolloClient } from "@apollo/client/react";
import { toast } from "../../ui/toast.tsx";
import { toLagosDateInput } from "../../../../common/lagos-time-input.ts";

interface ImportReport {
  dryRun: boolean;
  rows: number;
  valid: number;
  imported: number;
  problems: { line: number; reason: string }[];
}

export function CsvTools() {
  const today = toLagosDateInput(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apollo = useApolloClient();
  const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setReport(null);
    setFailure(null);
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await fetch(`/api/admin/imports/products?dryRun=${dryRun}`, {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: await file.text(),
        credentials: "same-origin",
      });
      const body = (await res.json()) as ImportReport & { error?: string };
      if (!res.ok) {
        setReport(null);
        setFailure(body.error ?? "The file could not be read");
        return;
      }
      setReport(body);
      if (!dryRun && body.imported > 0) {
        toast(`Imported ${body.imported} products`);
        // Only the lists that show products (refetching every active query would reload the admin gate).
        void apollo.refetchQueries({ include: ["OwnerFigures", "AdminDashboardCounts", "AdminProductsList"] });
      }
    } catch {
      setFailure("Could not reach the store. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const checkedOk = report !== null && report.dryRun && report.problems.length === 0;

  return (
    <details className="csv-tools">
      <summary>Import and export (CSV)</summary>
      <div className="csv-tools__section">
        <h3>Export</h3>
        <div className="admin-filters">
          <label>
            From
            <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            To
            <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
          </label>
          <a className="button button--small" href={`/api/admin/exports/orders.csv?${range}`} download>
            Download orders
          </a>
          <a className="button button--small button--ghost" href={`/api/admin/exports/products.csv?${range}`} download>
            Download products
          </a>
        </div>
        <p className="admin-muted">Orders by the Lagos day they were placed, one row per item; products by the day they were listed.</p>
      </div>
      <div className="csv-tools__section">
        <h3>Import products</h3>
        <p className="admin-muted">
          Columns: name, category (its slug, e.g. ladies-tops), price (12,500 or 12500), size, stock, description, originalPrice (optional). Add images
          afterwards from the Products tab.
        </p>
        <div className="csv-tools__actions">
          <label>
            <span className="visually-hidden">CSV file of products</span>
            <input type="file" accept=".csv,text/csv" onChange={onFile} />
          </label>
          <button type="button" className="button button--small" disabled={!file || busy} onClick={() => void send(true)}>
            Check file
          </button>
          <button type="button" className="button button--small button--gold" disabled={!checkedOk || busy} onClick={() => void send(false)}>
            {checkedOk ? `Import ${report.valid} products` : "Import"}
          </button>
        </div>
        <div role="status" aria-live="polite">
          {failure ? <p className="admin-error">{failure}</p> : null}
          {report && report.problems.length ? (
            <>
              <p className="admin-error">
                {new Set(report.problems.map((p) => p.line)).size} of {report.rows} rows need fixing ({report.valid} fine); the file is taken whole, so nothing was imported.
              </p>
              <ul className="csv-tools__problems">
                {/* A row with several problems has one entry per problem, each naming the line. */}
                {report.problems.map((p, i) => (
                  <li key={i}>
                    Line {p.line}: {p.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {checkedOk ? <p>All {report.rows} rows are ready to import.</p> : null}
          {report && !report.dryRun && report.imported ? <p>Imported {report.imported} products.</p> : null}
        </div>
      </div>
    </details>
  );
}
