// Admin products: the list (newest first, with category), add/edit dialog, delete.
import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { toast } from "../../ui/toast.tsx";
import { ProductDialog, type ProductDialogFragment } from "./ProductDialog.tsx";
import type { FragmentType } from "../../gql/index.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { useIsAdmin } from "../../lib/viewer.ts";
import { CopyForDm } from "../sales/CopyForDm.tsx";

export const AdminProductsQuery = graphql(`
  query AdminProductsList($search: String) {
    adminProducts(search: $search, limit: 200) {
      id
      name
      price
      stock
      size
      imageUrl
      createdAt
      goesLiveAt
      category {
        id
        name
      }
      ...AdminProductDialog
      ...PieceForDm
    }
    categories {
      id
      name
      main
    }
  }
`);

const DeleteProductMutation = graphql(`
  mutation AdminDeleteProduct($id: ID!) {
    deleteProduct(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export function ProductsTab() {
  const isAdmin = useIsAdmin();
  const [search, setSearch] = useState("");
  const { data, loading, error, refetch } = useQuery(AdminProductsQuery, { variables: { search: search.trim() || null }, fetchPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<FragmentType<typeof ProductDialogFragment> | "new" | null>(null);
  const [deleteProduct] = useMutation(DeleteProductMutation, { refetchQueries: ["AdminProductsList", "AdminDashboardCounts"] });

  async function onDelete(id: string) {
    if (!window.confirm("This will permanently delete the product. Continue?")) return;
    try {
      const result = await deleteProduct({
        variables: { id },
        // Drop it from every cached list at once (the storefront lists too), not after a refetch.
        update(cache, { data: deleted }) {
          if (deleted?.deleteProduct.__typename !== "MutationDeleteProductSuccess") return;
          cache.evict({ id: cache.identify({ __typename: "Product", id }) });
          cache.gc();
        },
      });
      if (result.data?.deleteProduct.__typename === "MutationDeleteProductSuccess") toast("Product deleted successfully!");
      else toast.error("Failed to delete product");
    } catch {
      toast.error("Failed to delete product");
    }
  }

  const products = data?.adminProducts ?? [];
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Products</h2>
        <button type="button" className="button button--small" onClick={() => setEditing("new")}>
          Add Product
        </button>
      </div>
      <div className="admin-filters">
        <label>
          Search products
          <input type="search" value={search} maxLength={100} placeholder="Name or slug" onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {error ? <LoadError retry={refetch} message={`Could not load products: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading products...</p> : null}
      {data && products.length === 0 ? <p className="page-status">No products yet.</p> : null}
      <ul className="admin-list">
        {products.map((product) => (
          <li key={product.id} className="admin-row admin-product" data-testid="admin-product">
            <img className="admin-product__thumb" src={product.imageUrl ?? "/images/demo/placeholder.svg"} alt="" width={56} height={70} loading="lazy" />
            <div className="admin-row__main">
              <strong className="admin-product__name">{product.name}</strong>
              <span className="admin-muted">
                {product.category?.name ?? "No category"} · {product.size ?? "No size"} · {product.stock} in stock
              </span>
              <span>{formatNaira(product.price)}</span>
              {product.goesLiveAt && Date.parse(product.goesLiveAt) > Date.now() ? (
                <span className="admin-product__drop">Goes live {formatLagosTime(product.goesLiveAt)}</span>
              ) : null}
            </div>
            <div className="admin-row__actions">
              <CopyForDm product={product} />
              <button type="button" className="button button--small button--ghost" onClick={() => setEditing(product)} aria-label={`Edit ${product.name}`}>
                Edit
              </button>
              {isAdmin ? (
                <button type="button" className="button button--small button--danger" onClick={() => onDelete(product.id)} aria-label={`Delete ${product.name}`}>
                  Delete
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ProductDialog
        open={editing !== null}
        product={editing === "new" ? null : editing}
        categories={data?.categories ?? []}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
