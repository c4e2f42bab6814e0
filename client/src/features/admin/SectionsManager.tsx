// Homepage sections (by display order): add, edit, delete. The active one with the lowest
// display order is what the home page shows.
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { AdminSectionsListQuery, SectionType } from "../../gql/graphql.ts";
import { toast } from "../../ui/toast.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const AdminSectionsQuery = graphql(`
  query AdminSectionsList {
    adminHomepageSections {
      id
      title
      sectionType
      description
      isActive
      displayOrder
    }
  }
`);

const CreateSectionMutation = graphql(`
  mutation AdminCreateSection($input: AdminSectionInput!) {
    createHomepageSection(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const UpdateSectionMutation = graphql(`
  mutation AdminUpdateSection($id: ID!, $input: AdminSectionInput!) {
    updateHomepageSection(id: $id, input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const DeleteSectionMutation = graphql(`
  mutation AdminDeleteSection($id: ID!) {
    deleteHomepageSection(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const TYPE_LABELS: Record<SectionType, string> = { latest: "Latest", best_sellers: "Best sellers", random: "Random" };

type Section = AdminSectionsListQuery["adminHomepageSections"][number];

const EMPTY = { title: "", sectionType: "latest" as SectionType, description: "", isActive: true, displayOrder: "0" };

export function SectionsManager() {
  const { data, loading, error, refetch } = useQuery(AdminSectionsQuery, { fetchPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Section | "new" | null>(null);
  const [form, setForm] = useState(EMPTY);
  const refetchQueries = ["AdminSectionsList"];
  const [createSection, { loading: creating }] = useMutation(CreateSectionMutation, { refetchQueries });
  const [updateSection, { loading: updating }] = useMutation(UpdateSectionMutation, { refetchQueries });
  const [deleteSection] = useMutation(DeleteSectionMutation, { refetchQueries });

  useEffect(() => {
    if (editing === "new") setForm(EMPTY);
    else if (editing)
      setForm({ title: editing.title, sectionType: editing.sectionType, description: editing.description ?? "", isActive: editing.isActive, displayOrder: String(editing.displayOrder) });
  }, [editing]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.title.trim()) return toast.error("Title is required");
    const displayOrder = Number.parseInt(form.displayOrder || "0", 10);
    if (!Number.isInteger(displayOrder)) return toast.error("Display order must be a whole number");
    const input = { title: form.title, sectionType: form.sectionType, description: form.description || null, isActive: form.isActive, displayOrder };
    try {
      if (editing && editing !== "new") {
        const result = await updateSection({ variables: { id: editing.id, input } });
        if (result.data?.updateHomepageSection.__typename === "MutationUpdateHomepageSectionSuccess") {
          toast("Section updated!");
          setEditing(null);
        } else toast.error(resultError(result.data?.updateHomepageSection, "Failed to save section"));
      } else {
        const result = await createSection({ variables: { input } });
        if (result.data?.createHomepageSection.__typename === "MutationCreateHomepageSectionSuccess") {
          toast("Section added!");
          setEditing(null);
        } else toast.error(resultError(result.data?.createHomepageSection, "Failed to save section"));
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Failed to save section");
    }
  }

  async function onDelete(section: Section) {
    if (!window.confirm(`Delete the section "${section.title}"?`)) return;
    try {
      const result = await deleteSection({ variables: { id: section.id } });
      if (result.data?.deleteHomepageSection.__typename === "MutationDeleteHomepageSectionSuccess") toast("Section deleted!");
      else toast.error(resultError(result.data?.deleteHomepageSection, "Failed to delete section"));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Failed to delete section");
    }
  }

  const sections = data?.adminHomepageSections ?? [];
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Featured Sections</h2>
        <button type="button" className="button button--small" onClick={() => setEditing("new")}>
          Add Section
        </button>
      </div>
      {error ? <LoadError retry={refetch} message={`Could not load sections: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading sections...</p> : null}
      {data && sections.length === 0 ? <p className="page-status">No sections yet.</p> : null}
      <ul className="admin-list">
        {sections.map((section) => (
          <li key={section.id} className="admin-row" data-testid="admin-section">
            <div className="admin-row__main">
              <strong>{section.title}</strong>
              {section.description ? <span>{section.description}</span> : null}
              <span className="admin-muted">
                {TYPE_LABELS[section.sectionType]} · order {section.displayOrder} · {section.isActive ? "Active" : "Hidden"}
              </span>
            </div>
            <div className="admin-row__actions">
              <button type="button" className="button button--small button--ghost" onClick={() => setEditing(section)} aria-label={`Edit section ${section.title}`}>
                Edit
              </button>
              <button type="button" className="button button--small button--danger" onClick={() => void onDelete(section)} aria-label={`Delete section ${section.title}`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <AdminDialog title={editing && editing !== "new" ? "Edit Section" : "Add Section"} open={editing !== null} onClose={() => setEditing(null)}>
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          <label>
            Title
            <input value={form.title} maxLength={120} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          </label>
          <label>
            Section type
            <select value={form.sectionType} onChange={(e) => setForm({ ...form, sectionType: e.target.value as SectionType })}>
              {(Object.keys(TYPE_LABELS) as SectionType[]).map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Description
            <textarea rows={3} maxLength={500} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </label>
          <label>
            Display order
            <input inputMode="numeric" value={form.displayOrder} onChange={(e) => setForm({ ...form, displayOrder: e.target.value })} />
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={form.isActive} onChange={(e) => setForm({ ...form, isActive: e.target.checked })} />
            Active
          </label>
          <div className="admin-form__actions">
            <button type="button" className="button button--ghost" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={creating || updating}>
              {editing && editing !== "new" ? "Update Section" : "Add Section"}
            </button>
          </div>
        </form>
      </AdminDialog>
    </div>
  );
}
