// A block of schema.org structured data (common/structured-data.ts) in the page: search engines read
// it from the server-rendered HTML; it renders nothing visible.
import { jsonLd } from "../../../common/structured-data.ts";

export function StructuredData({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json">{jsonLd(data)}</script>;
}
