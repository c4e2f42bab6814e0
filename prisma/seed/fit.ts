// Condition and fit of the demo catalogue (issue 15), by product name: every item is graded, a few
// carry flaw notes (matching their descriptions), clothing is measured in centimetres laid flat
// (tops pit to pit, trousers waist and inseam) and bales say what is inside.
import type { Condition } from "../../common/condition.ts";
import type { Measurements } from "../../common/measurements.ts";

export interface FitSeed {
  condition: Condition;
  flawNotes?: string;
  measurements?: Measurements;
  bale?: { pieces: number; weightKg: number; grade: string; mix: string };
}

// Garment shapes: measurements scaled from a size M.
const top = (pitToPit: number, length: number, sleeve?: number, shoulder?: number): Measurements => ({ pitToPit, length, sleeve, shoulder });
const trousers = (waist: number, inseam: number, hips?: number, length?: number): Measurements => ({ waist, inseam, hips, length });
const dress = (pitToPit: number, waist: number, length: number): Measurements => ({ pitToPit, waist, length });
const skirt = (waist: number, hips: number, length: number): Measurements => ({ waist, hips, length });

export const demoFit: Readonly<Record<string, FitSeed>> = {
  "Vintage Ankara Print Blouse": { condition: "good", flawNotes: "A tiny repaired stitch at the back hem; not visible when worn.", measurements: top(48, 62, 22) },
  "White Cotton Peasant Blouse": { condition: "like_new", measurements: top(46, 58, 20) },
  "Zara Ribbed Knit Crop Top": { condition: "good", flawNotes: "Slight softening of the knit from washing.", measurements: top(44, 42) },
  "Silk Satin Button-Down Shirt": { condition: "good", flawNotes: "Faint wear on both cuffs.", measurements: top(53, 70, 60, 42) },
  "H&M Striped Breton Long Sleeve Tee": { condition: "good", measurements: top(55, 66, 61, 44) },
  "Pleated Midi Skirt in Mustard": { condition: "like_new", measurements: skirt(36, 50, 76) },
  "Denim A-Line Mini Skirt": { condition: "good", measurements: skirt(38, 50, 42) },
  "Floral Chiffon Maxi Skirt": { condition: "new_with_tags", measurements: skirt(35, 52, 100) },
  "Black Pencil Office Skirt": { condition: "good", measurements: skirt(37, 50, 60) },
  "Ankara Wrap Skirt": { condition: "like_new", measurements: skirt(40, 54, 90) },
  "High-Waist Mom Jeans (Light Wash)": { condition: "good", measurements: trousers(36, 72, 50, 100) },
  "Wide-Leg Linen Palazzo Trousers": { condition: "like_new", measurements: trousers(38, 78, 54, 104) },
  "Black Stretch Skinny Jeans": { condition: "fair", flawNotes: "Black has faded to charcoal at the knees; seams all sound.", measurements: trousers(34, 76, 46, 100) },
  "Tailored Beige Office Trousers": { condition: "new_with_tags", measurements: trousers(39, 78, 52, 104) },
  "Plaid Cigarette Pants": { condition: "good", measurements: trousers(37, 70, 50, 94) },
  "Vintage Floral Tea Dress": { condition: "good", flawNotes: "Small pulled thread on the skirt, left side.", measurements: dress(47, 37, 110) },
  "Ankara Mermaid Evening Gown": { condition: "like_new", measurements: dress(46, 36, 150) },
  "Sleeveless Bodycon Midi Dress": { condition: "like_new", measurements: dress(43, 34, 105) },
  "Plus-Size Kaftan Maxi Gown": { condition: "new_with_tags", measurements: dress(70, 68, 145) },
  "Smocked Cotton Sundress": { condition: "good", measurements: dress(44, 36, 95) },
  "Ralph Lauren Classic Polo Shirt": { condition: "like_new", measurements: top(54, 72, 22, 45) },
  "Oxford Button-Down Shirt (Light Blue)": { condition: "good", measurements: top(56, 76, 64, 47) },
  "Graphic Band T-Shirt (Faded Black)": { condition: "fair", flawNotes: "Print cracked in places and the black has faded (as the name says); no holes.", measurements: top(53, 71, 21) },
  "Tommy Hilfiger Striped Polo": { condition: "good", measurements: top(58, 74, 23, 48) },
  "Short-Sleeve Hawaiian Print Shirt": { condition: "like_new", measurements: top(60, 76, 25, 50) },
  "Levi's 501 Straight Jeans": { condition: "good", measurements: trousers(42, 81, 52, 108) },
  "Dickies 874 Work Trousers": { condition: "good", flawNotes: "Light scuffing at the hem.", measurements: trousers(44, 80, 56, 106) },
  "Slim Fit Chinos (Khaki)": { condition: "like_new", measurements: trousers(41, 79, 50, 104) },
  "Dark Wash Bootcut Jeans": { condition: "good", measurements: trousers(43, 82, 54, 108) },
  "Cargo Combat Trousers (Olive)": { condition: "fair", flawNotes: "One cargo pocket button missing; faded at the knees.", measurements: trousers(45, 78, 58, 104) },
  "Denim Cut-Off Shorts": { condition: "good", measurements: trousers(41, 12, 53, 40) },
  "Nike Dri-FIT Running Shorts": { condition: "like_new", measurements: trousers(38, 13, 52, 44) },
  "Cargo Shorts (Khaki)": { condition: "good", measurements: trousers(43, 25, 56, 55) },
  "Adidas Three-Stripe Football Shorts": { condition: "good", measurements: trousers(37, 15, 54, 45) },
  "Linen Drawstring Beach Shorts": { condition: "new_with_tags", measurements: trousers(39, 16, 56, 46) },
  "Boys Denim Dungaree (4-5 yrs)": { condition: "good", measurements: { pitToPit: 32, length: 78 } },
  "Boys Polo and Shorts Set (2-3 yrs)": { condition: "like_new", measurements: { pitToPit: 29, length: 38 } },
  "Boys Graphic Hoodie (7-8 yrs)": { condition: "good", measurements: { pitToPit: 40, length: 52, sleeve: 48 } },
  "Boys Checked Shirt (9-10 yrs)": { condition: "like_new", measurements: { pitToPit: 42, length: 58, sleeve: 52 } },
  "Boys Jogger Trousers (5-6 yrs)": { condition: "good", measurements: { waist: 26, inseam: 46 } },
  "Girls Tutu Party Dress (3-4 yrs)": { condition: "new_with_tags", measurements: { pitToPit: 30, length: 55 } },
  "Girls Floral Cotton Dress (5-6 yrs)": { condition: "good", measurements: { pitToPit: 32, length: 62 } },
  "Girls Denim Pinafore (6-7 yrs)": { condition: "good", measurements: { pitToPit: 33, length: 66 } },
  "Girls Ankara Gown (8-9 yrs)": { condition: "like_new", measurements: { pitToPit: 36, length: 85 } },
  "Girls Leggings and Tunic Set (2-3 yrs)": { condition: "good", measurements: { pitToPit: 28, length: 44 } },
  "Mixed Ladies Tops Bale (50 pcs)": { condition: "good", flawNotes: "Expect a few pieces with minor flaws.", bale: { pieces: 50, weightKg: 15, grade: "Grade A", mix: "ladies' tops: blouses, tees, camisoles; mixed sizes" } },
  "Men's Jeans Bale (25 pcs)": { condition: "good", bale: { pieces: 25, weightKg: 20, grade: "Grade A", mix: "men's jeans, waist 30–38, mixed washes" } },
  "Children's Wear Bale (100 pcs)": { condition: "good", bale: { pieces: 100, weightKg: 25, grade: "Grade A", mix: "children's wear, ages 1–12, summer" } },
  "Grade A Gowns Bale (40 pcs)": { condition: "like_new", bale: { pieces: 40, weightKg: 22, grade: "Premium", mix: "ladies' gowns, casual and occasion, sizes 8–18" } },
  "Mixed Men's T-Shirts Bale (60 pcs)": { condition: "fair", flawNotes: "Grade B: some fading.", bale: { pieces: 60, weightKg: 14, grade: "Grade B", mix: "men's T-shirts, plain and printed, M–XXL" } },
  "Champion Pullover Hoodie (Grey)": { condition: "good", measurements: top(60, 70, 62, 52) },
  "Vintage Denim Trucker Jacket": { condition: "good", flawNotes: "Natural fading along the seams (vintage wash).", measurements: top(57, 62, 60, 47) },
  "Nike Windrunner Jacket": { condition: "like_new", measurements: top(61, 72, 64, 50) },
  "Plain Oversized Sweatshirt (Cream)": { condition: "new_with_tags", measurements: top(64, 68, 58, 56) },
  "North Face Fleece Zip Jacket": { condition: "good", measurements: top(58, 68, 63, 48) },
};
