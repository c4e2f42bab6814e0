// Condition and fit on the product page: the grade with its standard explanation, flaws (notes and
// close-ups, apart from the gallery), measurements with a cm/in switch and the size-chart hint, and
// what is in a bale. Centimetres render first (as the server's HTML does); a shopper's choice of
// inches is remembered and applied after the first paint.
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { CONDITION_LABEL, type Condition } from "../../../../common/condition.ts";
import { MEASUREMENTS, UNIT_STORAGE_KEY, formatLength, sizeChartHint, type Unit } from "../../../../common/measurements.ts";
import { sizeChartDepartment } from "../../../../common/size-chart.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { CONDITION_EXPLANATION } from "../../../../common/condition-scale.ts";
import { ActionButton } from "../../ui/ActionButton.tsx";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";

/** A product's condition and fit, as the product page shows it and the admin dialog edits it. */
export const ProductFitFragment = graphql(`
  fragment ProductFit on Product {
    name
    category {
      id
      main
    }
    condition
    flawNotes
    flawPhotoUrls
    measurements {
      pitToPit
      length
      shoulder
      sleeve
      waist
      hips
      inseam
    }
    bale {
      pieces
      weightKg
      grade
      mix
    }
  }
`);

function useUnit(): [Unit, (unit: Unit) => void] {
  const [unit, setUnit] = useState<Unit>("cm");
  useEffect(() => {
    try {
      if (localStorage.getItem(UNIT_STORAGE_KEY) === "in") setUnit("in");
    } catch {
      // Storage blocked (private mode): centimetres it is.
    }
  }, []);
  const choose = (next: Unit) => {
    setUnit(next);
    try {
      localStorage.setItem(UNIT_STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still applies on this page.
    }
  };
  return [unit, choose];
}

export function ProductCondition({ condition }: { condition?: Condition | null }) {
  if (!condition) return null;
  return (
    <p className="product-fit__condition">
      <strong>Condition: {CONDITION_LABEL[condition]}</strong> <span className="product-fit__explain">{CONDITION_EXPLANATION[condition]}</span>
    </p>
  );
}

export function ProductFit(props: { product: FragmentType<typeof ProductFitFragment> }) {
  const product = getFragmentData(ProductFitFragment, props.product);
  const [unit, setUnit] = useUnit();
  const measured = MEASUREMENTS.filter(({ key }) => product.measurements?.[key] != null);
  const hint = product.measurements ? sizeChartHint(product.measurements, unit, sizeChartDepartment(product.category?.main)) : null;
  const bale = product.bale;
  return (
    <>
      {(product.flawNotes || product.flawPhotoUrls.length > 0) && (
        <section className="product-fit" aria-labelledby="flaws-heading">
          <h2 id="flaws-heading">Flaws</h2>
          {product.flawNotes && <p className="product-fit__notes">{product.flawNotes}</p>}
          {product.flawPhotoUrls.length > 0 && (
            <ul className="product-fit__photos">
              {product.flawPhotoUrls.map((url, i) => (
                <li key={url}>
                  <a href={url}>
                    <ProductImage src={url} alt={`${product.name}, flaw ${i + 1}`} width={96} height={120} sizes="96px" className="product-image" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {measured.length > 0 && (
        <section className="product-fit" aria-labelledby="measurements-heading">
          <div className="product-fit__head">
            <h2 id="measurements-heading">Measurements</h2>
            <div className="unit-switch" role="group" aria-label="Units">
              {(["cm", "in"] as const).map((u) => (
                <ActionButton key={u} aria-pressed={unit === u} onClick={() => setUnit(u)}>
                  {u === "cm" ? "Centimetres" : "Inches"}
                </ActionButton>
              ))}
            </div>
          </div>
          <dl className="product-fit__list">
            {measured.map(({ key, label }) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{formatLength(product.measurements![key]!, unit)}</dd>
              </div>
            ))}
          </dl>
          <p className="field-hint">Measured with the garment laid flat.</p>
          {hint && (
            <p className="product-fit__hint">
              {hint} (<Link to="/size-chart">size chart</Link>)
            </p>
          )}
        </section>
      )}
      {bale && (
        <section className="product-fit" aria-labelledby="bale-heading">
          <h2 id="bale-heading">In this bale</h2>
          <dl className="product-fit__list">
            {bale.pieces != null && (
              <div>
                <dt>Pieces</dt>
                <dd>{bale.pieces}</dd>
              </div>
            )}
            {bale.weightKg != null && (
              <div>
                <dt>Weight</dt>
                <dd>{bale.weightKg} kg</dd>
              </div>
            )}
            {bale.grade && (
              <div>
                <dt>Grade</dt>
                <dd>{bale.grade}</dd>
              </div>
            )}
            {bale.mix && (
              <div>
                <dt>Mix</dt>
                <dd>{bale.mix}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
    </>
  );
}
