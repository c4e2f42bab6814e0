// Add and edit products in one dialog (SPEC §4, §5): the slug follows the name while it changes
// and stays editable; images upload several at once with progress and are added after the ones
// already there; the first picture is the main image and the others the gallery, in the order shown.
// Prices and stock are checked with the server's own rule (common/product-validation.ts).
import { useEffect, useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import type { AdminProductDialogFragment } from "../../gql/graphql.ts";
import { slugify } from "../../../../common/slug.ts";
import { checkProduct, PRODUCT_LIMITS } from "../../../../common/product-validation.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { parseLagosDateTimeInput, toLagosDateTimeInput } from "../../../../common/lagos-time-input.ts";
import { toast } from "../../ui/toast.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { uploadProductImages } from "./upload-images.ts";
import { acceptAttribute, IMAGE_TYPES, isAllowedType, MAX_UPLOAD_FILES, TOO_MANY_FILES } from "../../../../common/upload-types.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { CONDITIONS, CONDITION_LABEL, type Condition } from "../../../../common/condition.ts";
import { MEASUREMENTS, type MeasurementKey } from "../../../../common/measurements.ts";
import { CONDITION_EXPLANATION } from "../../../../common/condition-scale.ts";
import { ProductFitFragment } from "../catalog/ProductFit.tsx";

/** What the dialog needs of a product to edit it; the products list asks for it with `...AdminProductDialog`. */
export const ProductDialogFragment = graphql(`
  fragment AdminProductDialog on Product {
    id
    name
    slug
    price
    originalPrice
    stock
    size
    imageUrl
    galleryUrls
    description
    category {
      id
    }
    goesLiveAt
    ...ProductFit
  }
`);

const CreateProductMutation = graphql(`
  mutation AdminCreateProduct($input: AdminProductInput!) {
    createProduct(input: $input) {
      __typename
      ... on ValidationError {
        message
        field
      }
    }
  }
`);

const UpdateProductMutation = graphql(`
  mutation AdminUpdateProduct($id: ID!, $input: AdminProductInput!, $stockWas: Int) {
    updateProduct(id: $id, input: $input, stockWas: $stockWas) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

interface FormState {
  name: string;
  slug: string;
  price: string;
  originalPrice: string;
  stock: string;
  categoryId: string;
  size: string;
  description: string;
  imageUrl: string;
  galleryUrls: string[];
  /** Drops: Lagos wall-clock "YYYY-MM-DDTHH:mm", empty for on sale now. */
  goesLiveAt: string;
  condition: string;
  flawNotes: string;
  flawPhotoUrls: string[];
  measurements: Record<MeasurementKey, string>;
  bale: { pieces: string; weightKg: string; grade: string; mix: string };
}

const text = (value: number | string | null | undefined) => (value == null ? "" : String(value));

function initialState(product: AdminProductDialogFragment | null): FormState {
  const fit = product ? getFragmentData(ProductFitFragment, product) : null;
  return {
    name: product?.name ?? "",
    slug: product?.slug ?? "",
    // Shown as an admin writes them ("12,500"), which is also what the rule reads.
    price: product ? formatNaira(product.price).replace("₦", "") : "",
    originalPrice: product?.originalPrice ? formatNaira(product.originalPrice).replace("₦", "") : "",
    stock: product ? String(product.stock) : "1",
    categoryId: product?.category?.id ?? "",
    size: product?.size ?? "",
    description: product?.description ?? "",
    imageUrl: product?.imageUrl ?? "",
    galleryUrls: product?.galleryUrls ?? [],
    goesLiveAt: product?.goesLiveAt ? toLagosDateTimeInput(product.goesLiveAt) : "",
    condition: fit?.condition ?? "",
    flawNotes: fit?.flawNotes ?? "",
    flawPhotoUrls: fit?.flawPhotoUrls ?? [],
    measurements: Object.fromEntries(MEASUREMENTS.map(({ key }) => [key, text(fit?.measurements?.[key])])) as Record<MeasurementKey, string>,
    bale: {
      pieces: text(fit?.bale?.pieces),
      weightKg: text(fit?.bale?.weightKg),
      grade: fit?.bale?.grade ?? "",
      mix: fit?.bale?.mix ?? "",
    },
  };
}

/** A product's pictures: the main image first, then the gallery. */
const picturesOf = (form: FormState) => [form.imageUrl, ...form.galleryUrls].filter(Boolean);
const withPictures = (pictures: string[]): Pick<FormState, "imageUrl" | "galleryUrls"> => ({ imageUrl: pictures[0] ?? "", galleryUrls: pictures.slice(1) });
const MAX_PICTURES = PRODUCT_LIMITS.gallery + 1;

export function ProductDialog({
  open,
  categories,
  onClose,
  ...props
}: {
  open: boolean;
  product: FragmentType<typeof ProductDialogFragment> | null;
  categories: { id: string; name: string; main?: string }[];
  onClose: () => void;
}) {
  const product = getFragmentData(ProductDialogFragment, props.product);
  const [form, setForm] = useState<FormState>(() => initialState(product));
  const isBale = categories.find((c) => c.id === form.categoryId)?.main === "Bales";
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const refetchQueries = ["AdminProductsList", "AdminDashboardCounts"];
  const [createProduct] = useMutation(CreateProductMutation, { refetchQueries });
  const [updateProduct] = useMutation(UpdateProductMutation, { refetchQueries });

  // Reset only when the dialog opens (or switches product): list refetches must not wipe typing.
  useEffect(() => {
    if (open) setForm(initialState(product));
  }, [open, product?.id]);

  const set = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));
  /** Changes the pictures from the latest state (an upload finishing must not undo a removal made meanwhile). */
  const setPictures = (change: (pictures: string[]) => string[]) =>
    setForm((current) => ({ ...current, ...withPictures(change(picturesOf(current))) }));

  async function onFlawFiles(fileList: FileList | null) {
    const files = Array.from(fileList ?? []);
    if (!files.length) return;
    if (files.some((file) => !file.type.startsWith("image/"))) {
      toast.error("Error uploading images: Only image files can be uploaded");
      return;
    }
    if (form.flawPhotoUrls.length + files.length > PRODUCT_LIMITS.flawPhotos) {
      toast.error(`At most ${PRODUCT_LIMITS.flawPhotos} flaw photos: remove some first`);
      return;
    }
    setProgress(0);
    try {
      const urls = (await uploadProductImages(files, setProgress)).map((file) => file.url);
      setForm((current) => ({ ...current, flawPhotoUrls: [...current.flawPhotoUrls, ...urls.filter((url) => !current.flawPhotoUrls.includes(url))] }));
      toast(`${urls.length} flaw photo(s) uploaded`);
    } catch (error) {
      toast.error(`Error uploading images: ${error instanceof Error ? error.message : "Upload failed"}`);
    } finally {
      setProgress(null);
    }
  }

  async function onFiles(fileList: FileList | null) {
    const files = Array.from(fileList ?? []);
    if (!files.length) return;
    if (files.some((file) => !isAllowedType(IMAGE_TYPES, file.type))) {
      toast.error("Error uploading images: Only image files can be uploaded");
      return;
    }
    // The upload endpoint takes this many per request; more would be refused after the wait.
    if (files.length > MAX_UPLOAD_FILES) {
      toast.error(`Error uploading images: ${TOO_MANY_FILES}`);
      return;
    }
    if (picturesOf(form).length + files.length > MAX_PICTURES) {
      toast.error(`A product can have at most ${MAX_PICTURES} pictures: remove some first`);
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadProductImages(files, setProgress);
      const urls = uploaded.map((file) => file.url);
      // Added after the pictures already there: a new upload never replaces them.
      setPictures((pictures) => [...pictures, ...urls.filter((url) => !pictures.includes(url))]);
      toast(`${urls.length} image(s) uploaded successfully!`);
    } catch (error) {
      toast.error(`Error uploading images: ${error instanceof Error ? error.message : "Upload failed"}`);
    } finally {
      setProgress(null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Bale details belong to bales only: switching the category away drops them.
    const checked = checkProduct({ ...form, bale: isBale ? form.bale : null });
    if (!checked.ok) {
      toast.error(checked.message);
      return;
    }
    // The amounts go as the admin typed them ("12,500"): the server reads them with the same rule.
    const { product: valid } = checked;
    const input = {
      name: valid.name,
      slug: valid.slug,
      price: form.price.trim(),
      originalPrice: form.originalPrice.trim() || null,
      stock: valid.stock,
      categoryId: valid.categoryId,
      imageUrl: valid.imageUrl,
      galleryUrls: valid.galleryUrls,
      size: valid.size,
      description: valid.description,
      goesLiveAt: form.goesLiveAt.trim() || null,
      condition: valid.condition,
      flawNotes: valid.flawNotes,
      flawPhotoUrls: valid.flawPhotoUrls,
      measurements: Object.fromEntries(MEASUREMENTS.map(({ key }) => [key, valid[`${key}Cm`]])),
      bale: isBale ? { pieces: valid.balePieces, weightKg: valid.baleWeightKg, grade: valid.baleGrade, mix: valid.baleMix } : null,
    };
    setSaving(true);
    try {
      if (product) {
        // The stock the dialog opened with: a sale meanwhile is kept, not overwritten.
        const result = await updateProduct({ variables: { id: product.id, input, stockWas: product.stock } });
        const payload = result.data?.updateProduct;
        if (payload?.__typename === "MutationUpdateProductSuccess") {
          toast("Product updated!");
          onClose();
        } else toast.error(resultError(payload, "Failed to save product"));
      } else {
        const result = await createProduct({ variables: { input } });
        const payload = result.data?.createProduct;
        if (payload?.__typename === "MutationCreateProductSuccess") {
          toast("Product added!");
          onClose();
        } else toast.error(resultError(payload, "Failed to save product"));
      }
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : "Failed to save product");
    } finally {
      setSaving(false);
    }
  }

  const images = picturesOf(form);
  const goesLive = form.goesLiveAt ? parseLagosDateTimeInput(form.goesLiveAt) : null;
  return (
    <AdminDialog title={product ? "Edit Product" : "Add Product"} open={open} onClose={onClose}>
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <label>
          Name
          <input value={form.name} required maxLength={200} onChange={(e) => set({ name: e.target.value, slug: slugify(e.target.value) })} />
        </label>
        <label>
          Slug
          <input value={form.slug} maxLength={200} onChange={(e) => set({ slug: e.target.value })} />
        </label>
        <div className="admin-form__row">
          <label>
            Price (₦)
            <input inputMode="decimal" placeholder="e.g. 12,500" value={form.price} onChange={(e) => set({ price: e.target.value })} />
          </label>
          <label>
            Original price (₦)
            <input inputMode="decimal" value={form.originalPrice} onChange={(e) => set({ originalPrice: e.target.value })} />
          </label>
        </div>
        <div className="admin-form__row">
          <label>
            Stock
            <input inputMode="numeric" value={form.stock} onChange={(e) => set({ stock: e.target.value })} />
          </label>
          <label>
            Size
            <input value={form.size} maxLength={30} onChange={(e) => set({ size: e.target.value })} />
          </label>
        </div>
        <label>
          Category
          <select value={form.categoryId} onChange={(e) => set({ categoryId: e.target.value })}>
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Description
          <textarea rows={3} maxLength={5000} value={form.description} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <label>
          Goes live at (Lagos time)
          <input
            type="datetime-local"
            value={form.goesLiveAt}
            aria-describedby="goes-live-hint"
            onChange={(e) => set({ goesLiveAt: e.target.value })}
          />
          <small id="goes-live-hint" className="admin-form__hint">
            {goesLive ? `Hidden from shoppers until ${formatLagosTime(goesLive)}` : "Empty: on sale as soon as it is saved. Set a time to hold it for a drop."}
          </small>
        </label>
        <label>
          Condition
          <select value={form.condition} onChange={(e) => set({ condition: e.target.value })}>
            <option value="">Not graded</option>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABEL[c]}: {CONDITION_EXPLANATION[c]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Flaw notes
          <textarea rows={2} maxLength={PRODUCT_LIMITS.flawNotes} value={form.flawNotes} onChange={(e) => set({ flawNotes: e.target.value })} />
        </label>
        <label>
          Flaw photos
          <input type="file" accept={acceptAttribute(IMAGE_TYPES)} multiple disabled={progress !== null} onChange={(e) => {
            void onFlawFiles(e.target.files);
            e.target.value = "";
          }} />
        </label>
        {form.flawPhotoUrls.length ? (
          <ul className="admin-thumbs" aria-label="Flaw photos">
            {form.flawPhotoUrls.map((url, i) => (
              <li key={url}>
                <img src={url} alt={`Flaw photo ${i + 1}`} width={64} height={80} />
                <button type="button" className="link-button" aria-label={`Remove flaw photo ${i + 1}`} onClick={() => set({ flawPhotoUrls: form.flawPhotoUrls.filter((u) => u !== url) })}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <fieldset className="admin-form__measurements">
          <legend>Measurements (cm, laid flat; leave empty what does not apply)</legend>
          {MEASUREMENTS.map(({ key, label }) => (
            <label key={key}>
              {label}
              <input
                inputMode="decimal"
                value={form.measurements[key]}
                onChange={(e) => set({ measurements: { ...form.measurements, [key]: e.target.value } })}
              />
            </label>
          ))}
        </fieldset>
        {isBale && (
          <fieldset className="admin-form__measurements">
            <legend>Bale details</legend>
            <label>
              Pieces
              <input inputMode="numeric" value={form.bale.pieces} onChange={(e) => set({ bale: { ...form.bale, pieces: e.target.value } })} />
            </label>
            <label>
              Weight (kg)
              <input inputMode="decimal" value={form.bale.weightKg} onChange={(e) => set({ bale: { ...form.bale, weightKg: e.target.value } })} />
            </label>
            <label>
              Grade
              <input maxLength={PRODUCT_LIMITS.baleGrade} placeholder="e.g. Grade A" value={form.bale.grade} onChange={(e) => set({ bale: { ...form.bale, grade: e.target.value } })} />
            </label>
            <label>
              Mix
              <input maxLength={PRODUCT_LIMITS.baleMix} placeholder="e.g. ladies' tops, summer" value={form.bale.mix} onChange={(e) => set({ bale: { ...form.bale, mix: e.target.value } })} />
            </label>
          </fieldset>
        )}
        <label>
          Images
          <input type="file" accept={acceptAttribute(IMAGE_TYPES)} multiple disabled={progress !== null} onChange={(e) => {
            void onFiles(e.target.files);
            e.target.value = "";
          }} />
        </label>
        {progress !== null ? (
          <progress className="admin-progress" max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        ) : null}
        {images.length ? (
          <ul className="admin-thumbs" aria-label="Product images">
            {images.map((url, i) => (
              <li key={url}>
                <img src={url} alt={i === 0 ? "Main image" : `Gallery image ${i}`} width={64} height={80} />
                {i === 0 ? (
                  <span className="admin-thumbs__main">Main</span>
                ) : (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Make image ${i + 1} the main image`}
                    onClick={() => setPictures((pictures) => [url, ...pictures.filter((u) => u !== url)])}
                  >
                    Make main
                  </button>
                )}
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove image ${i + 1}`}
                  onClick={() => setPictures((pictures) => pictures.filter((u) => u !== url))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="admin-form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving || progress !== null}>
            {saving ? "Saving..." : product ? "Update Product" : "Add Product"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
