// /size-chart (SPEC §2, §9): body measurements by department and what the condition grades mean. Its
// own page module, so the other static pages do not download the charts and the grades.
import { Page } from "./StaticPage.tsx";
import { KIDS_SIZE_CHART, MEN_SIZE_CHART, SIZE_CHART, type KidsSizeChartRow, type MenSizeChartRow, type SizeChartRow } from "../../../../common/size-chart.ts";
import { range, SizeChartTable, type SizeChartColumn } from "./SizeChartTable.tsx";
import { CONDITIONS, CONDITION_LABEL } from "../../../../common/condition.ts";
import { CONDITION_EXPLANATION } from "../../../../common/condition-scale.ts";

const LADIES_COLUMNS: SizeChartColumn<SizeChartRow>[] = [
  { heading: "UK", cell: (row) => row.uk },
  { heading: "US", cell: (row) => row.us },
  { heading: "EU", cell: (row) => row.eu },
  { heading: "Bust (in)", cell: (row) => range(row.bust) },
  { heading: "Waist (in)", cell: (row) => range(row.waist) },
  { heading: "Hips (in)", cell: (row) => range(row.hips) },
  { heading: "Inside leg (in)", cell: (row) => row.insideLeg },
  { heading: "Sleeve (in)", cell: (row) => row.sleeve },
];
const MEN_COLUMNS: SizeChartColumn<MenSizeChartRow>[] = [
  { heading: "EU", cell: (row) => row.eu },
  { heading: "Chest (in)", cell: (row) => range(row.chest) },
  { heading: "Waist (in)", cell: (row) => range(row.waist) },
];
const KIDS_COLUMNS: SizeChartColumn<KidsSizeChartRow>[] = [
  { heading: "Chest (in)", cell: (row) => range(row.chest) },
  { heading: "Waist (in)", cell: (row) => range(row.waist) },
];

export function SizeChartPage() {
  return (
    <Page title="Size Chart" path="/size-chart" description="Find your size: UK 4 to 16 (US 0 to 12, EU 32 to 44) with bust, waist, hips, inside leg and sleeve measurements in inches, and what our condition grades mean.">
      <p>
        Measurements are body measurements in inches. Labels differ by country and brand, so each listing also gives the garment&apos;s own
        measurements laid flat, compared with this chart.
      </p>
      <h2 id="ladies">Ladies</h2>
      <SizeChartTable label="Ladies' size chart" rowHeading="Size" rowName={(row) => row.size} columns={LADIES_COLUMNS} rows={SIZE_CHART} />
      <h2 id="men">Men</h2>
      <SizeChartTable label="Men's size chart" rowHeading="Size" rowName={(row) => row.size} columns={MEN_COLUMNS} rows={MEN_SIZE_CHART} />
      <p>Men&apos;s trousers and jeans are labelled by waist in inches: W32 fits a 32 in waist.</p>
      <h2 id="kids">Kids</h2>
      <SizeChartTable label="Kids' size chart" rowHeading="Age" rowName={(row) => row.age} columns={KIDS_COLUMNS} rows={KIDS_SIZE_CHART} />
      <h2>How to measure</h2>
      <ul>
        <li>
          <strong>Bust:</strong> around the fullest part of your chest, keeping the tape level.
        </li>
        <li>
          <strong>Waist:</strong> around your natural waistline, the narrowest part of your body.
        </li>
        <li>
          <strong>Hips:</strong> around the fullest part of your hips.
        </li>
        <li>
          <strong>Inside leg:</strong> from the top of your inner thigh to the floor, without shoes.
        </li>
        <li>
          <strong>Sleeve:</strong> from the shoulder seam to the wrist with your arm relaxed.
        </li>
      </ul>
      <h2>Garment measurements on our listings</h2>
      <p>
        We measure each item laid flat. Pit to pit is straight across the chest from armpit to armpit: double it for the garment&apos;s chest, and
        choose a chest about 5 cm (2 in) bigger than your bust for a comfortable fit. Waist and hips are measured flat too.
      </p>
      <h2 id="condition">What our condition grades mean</h2>
      <dl className="condition-scale">
        {CONDITIONS.map((c) => (
          <div key={c}>
            <dt>{CONDITION_LABEL[c]}</dt>
            <dd>{CONDITION_EXPLANATION[c]}</dd>
          </div>
        ))}
      </dl>
    </Page>
  );
}
