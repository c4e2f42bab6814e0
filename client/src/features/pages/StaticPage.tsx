// The frame of every static page (StaticPages.tsx, SizeChartPage.tsx): title, meta and the article.
import type { ReactNode } from "react";
import { usePageMeta } from "../../lib/page-meta.ts";

export function Page({ title, description, path, children }: { title: string; description: string; path: string; children: ReactNode }) {
  usePageMeta({ title, description, canonicalPath: path });
  return (
    <article className="container static-page">
      <h1>{title}</h1>
      {children}
    </article>
  );
}
