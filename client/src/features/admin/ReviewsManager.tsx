// Customer reviews (list with product name; add, edit, delete). Shown on the dashboard's Reviews
// tab and on /admin/sections.
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { AdminReviewsListQuery } from "../../gql/graphql.ts";
import { toast } from "../../ui/toast.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const AdminReviewsQuery = graphql(`
  query AdminReviewsList {
    adminReviews {
      id
      customerName
      rating
      reviewText
      isFeatured
      createdAt
      product {
        id
        name
      }
    }
    adminProducts(limit: 500) {
      id
      name
    }
  }
`);

const CreateReviewMutation = graphql(`
  mutation AdminCreateReview($input: AdminReviewInput!) {
    createReview(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const UpdateReviewMutation = graphql(`
  mutation AdminUpdateReview($id: ID!, $input: AdminReviewInput!) {
    updateReview(id: $id, input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const DeleteReviewMutation = graphql(`
  mutation AdminDeleteReview($id: ID!) {
    deleteReview(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

type Review = AdminReviewsListQuery["adminReviews"][number];

const EMPTY = { customerName: "", reviewText: "", rating: 5, isFeatured: true, productId: "" };

export function ReviewsManager() {
  const { data, loading, error, refetch } = useQuery(AdminReviewsQuery, { fetchPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Review | "new" | null>(null);
  const [form, setForm] = useState(EMPTY);
  const refetchQueries = ["AdminReviewsList", "AdminDashboardCounts"];
  const [createReview, { loading: creating }] = useMutation(CreateReviewMutation, { refetchQueries });
  const [updateReview, { loading: updatingReview }] = useMutation(UpdateReviewMutation, { refetchQueries });
  const [deleteReview] = useMutation(DeleteReviewMutation, { refetchQueries });

  useEffect(() => {
    if (editing === "new") setForm(EMPTY);
    else if (editing)
      setForm({ customerName: editing.customerName, reviewText: editing.reviewText, rating: editing.rating, isFeatured: editing.isFeatured, productId: editing.product?.id ?? "" });
  }, [editing]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.customerName.trim()) return toast.error("Customer name is required");
    if (!form.reviewText.trim()) return toast.error("Review text is required");
    const input = { ...form, productId: form.productId || null };
    try {
      if (editing && editing !== "new") {
        const result = await updateReview({ variables: { id: editing.id, input } });
        if (result.data?.updateReview.__typename === "MutationUpdateReviewSuccess") {
          toast("Review updated!");
          setEditing(null);
        } else toast.error(resultError(result.data?.updateReview, "Failed to save review"));
      } else {
        const result = await createReview({ variables: { input } });
        if (result.data?.createReview.__typename === "MutationCreateReviewSuccess") {
          toast("Review added!");
          setEditing(null);
        } else toast.error(resultError(result.data?.createReview, "Failed to save review"));
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Failed to save review");
    }
  }

  async function onDelete(review: Review) {
    if (!window.confirm(`Delete the review by ${review.customerName}?`)) return;
    try {
      const result = await deleteReview({ variables: { id: review.id } });
      if (result.data?.deleteReview.__typename === "MutationDeleteReviewSuccess") toast("Review deleted!");
      else toast.error(resultError(result.data?.deleteReview, "Failed to delete review"));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Failed to delete review");
    }
  }

  const reviews = data?.adminReviews ?? [];
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Customer Reviews</h2>
        <button type="button" className="button button--small" onClick={() => setEditing("new")}>
          Add Review
        </button>
      </div>
      {error ? <LoadError retry={refetch} message={`Could not load reviews: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading reviews...</p> : null}
      {data && reviews.length === 0 ? <p className="page-status">No reviews yet.</p> : null}
      <ul className="admin-list">
        {reviews.map((review) => (
          <li key={review.id} className="admin-row" data-testid="admin-review">
            <div className="admin-row__main">
              <strong>{review.customerName}</strong>
              <span className="admin-stars" aria-label={`${review.rating} out of 5 stars`}>
                {"★".repeat(review.rating)}
                {"☆".repeat(5 - review.rating)}
              </span>
              <span>{review.reviewText}</span>
              <span className="admin-muted">
                {review.product?.name ?? "No product"} · {review.isFeatured ? "Featured" : "Not featured"}
              </span>
            </div>
            <div className="admin-row__actions">
              <button type="button" className="button button--small button--ghost" onClick={() => setEditing(review)} aria-label={`Edit review by ${review.customerName}`}>
                Edit
              </button>
              <button type="button" className="button button--small button--danger" onClick={() => void onDelete(review)} aria-label={`Delete review by ${review.customerName}`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <AdminDialog title={editing && editing !== "new" ? "Edit Review" : "Add Review"} open={editing !== null} onClose={() => setEditing(null)}>
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          <label>
            Customer name
            <input value={form.customerName} maxLength={100} onChange={(e) => setForm({ ...form, customerName: e.target.value })} />
          </label>
          <label>
            Review
            <textarea rows={4} maxLength={2000} value={form.reviewText} onChange={(e) => setForm({ ...form, reviewText: e.target.value })} />
          </label>
          <label>
            Rating
            <select value={form.rating} onChange={(e) => setForm({ ...form, rating: Number(e.target.value) })}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "star" : "stars"}
                </option>
              ))}
            </select>
          </label>
          <label>
            Product
            <select value={form.productId} onChange={(e) => setForm({ ...form, productId: e.target.value })}>
              <option value="">No product</option>
              {(data?.adminProducts ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={form.isFeatured} onChange={(e) => setForm({ ...form, isFeatured: e.target.checked })} />
            Featured on the home page
          </label>
          <div className="admin-form__actions">
            <button type="button" className="button button--ghost" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={creating || updatingReview}>
              {editing && editing !== "new" ? "Update Review" : "Add Review"}
            </button>
          </div>
        </form>
      </AdminDialog>
    </div>
  );
}
