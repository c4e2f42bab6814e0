// Demo catalogue for a fresh install: pure data, no I/O.
// server/src/db/seed.ts writes it to the database; the pictures live in ./images and are
// served at /images/demo/<file>.
import { slugify } from "../../common/slug.ts";

export type SectionTypeName = "latest" | "best_sellers" | "random";

/** Garment pictures shipped in prisma/seed/images (one per garment kind). */
export type DemoImage =
  | "blouse.svg"
  | "tshirt.svg"
  | "shirt.svg"
  | "polo.svg"
  | "skirt.svg"
  | "trousers.svg"
  | "jeans.svg"
  | "gown.svg"
  | "shorts.svg"
  | "kids-boy.svg"
  | "kids-girl.svg"
  | "bale.svg"
  | "hoodie.svg"
  | "jacket.svg";

export const demoImages: readonly DemoImage[] = [
  "blouse.svg",
  "tshirt.svg",
  "shirt.svg",
  "polo.svg",
  "skirt.svg",
  "trousers.svg",
  "jeans.svg",
  "gown.svg",
  "shorts.svg",
  "kids-boy.svg",
  "kids-girl.svg",
  "bale.svg",
  "hoodie.svg",
  "jacket.svg",
];

/** Other pictures in prisma/seed/images that no product points at. */
export const placeholderImage = "placeholder.svg";
export const instagramImages: readonly string[] = [
  "instagram-1.svg",
  "instagram-2.svg",
  "instagram-3.svg",
  "instagram-4.svg",
];

export type CategorySlug =
  | "ladies-tops"
  | "ladies-skirts"
  | "ladies-pants"
  | "ladies-gowns"
  | "men-tops"
  | "men-pants"
  | "men-shorts"
  | "kids-boy"
  | "kids-girl"
  | "bales"
  | "unisex";

export interface CategorySeed {
  /** "Main - Sub"; Bales and Unisex have no sub part. */
  name: string;
  slug: CategorySlug;
  main: string;
}

export interface ProductSeed {
  name: string;
  slug: string;
  categorySlug: CategorySlug;
  /** Naira, two decimals, e.g. "4500.00". */
  price: string;
  /** Naira before the discount, above price; null when not discounted. */
  originalPrice: string | null;
  /** XS–XXL for adults, an age range like "4-5 yrs" for kids, null for bales. */
  size: string | null;
  stock: number;
  description: string;
  /** createdAt = seed time minus this many days; distinct per product. */
  createdDaysAgo: number;
  /** File name in prisma/seed/images. */
  image: DemoImage;
  /** Main colour of this piece (hex); not used by the shared pictures. */
  tint: string;
}

export interface ReviewSeed {
  customerName: string;
  rating: number;
  reviewText: string;
  isFeatured: boolean;
  /** Slug of the product the review is about, or null for a general review. */
  productSlug: string | null;
  createdDaysAgo: number;
}

export interface HomepageSectionSeed {
  sectionType: SectionTypeName;
  title: string;
  description: string | null;
  isActive: boolean;
  displayOrder: number;
}


export const categories: readonly CategorySeed[] = [
  { name: "Ladies - Tops", slug: "ladies-tops", main: "Ladies" },
  { name: "Ladies - Skirts", slug: "ladies-skirts", main: "Ladies" },
  { name: "Ladies - Pants", slug: "ladies-pants", main: "Ladies" },
  { name: "Ladies - Gowns", slug: "ladies-gowns", main: "Ladies" },
  { name: "Men - Tops", slug: "men-tops", main: "Men" },
  { name: "Men - Pants", slug: "men-pants", main: "Men" },
  { name: "Men - Shorts", slug: "men-shorts", main: "Men" },
  { name: "Kids - Boy", slug: "kids-boy", main: "Kids" },
  { name: "Kids - Girl", slug: "kids-girl", main: "Kids" },
  { name: "Bales", slug: "bales", main: "Bales" },
  { name: "Unisex", slug: "unisex", main: "Unisex" },
];

type ProductRow = Omit<ProductSeed, "slug">;

const rows: readonly ProductRow[] = [
  // Ladies - Tops
  {
    name: "Vintage Ankara Print Blouse",
    categorySlug: "ladies-tops",
    price: "4500.00",
    originalPrice: "6500.00",
    size: "M",
    stock: 1,
    description:
      "One-of-a-kind blouse in a bold orange and blue Ankara wax print with puff sleeves. Colours are still bright; a tiny repaired stitch at the back hem. Fits true to size.",
    createdDaysAgo: 0,
    image: "blouse.svg",
    tint: "#d9822b",
  },
  {
    name: "White Cotton Peasant Blouse",
    categorySlug: "ladies-tops",
    price: "3800.00",
    originalPrice: null,
    size: "S",
    stock: 4,
    description:
      "Light cotton blouse with an elastic neckline and embroidered trim, good for hot afternoons. Washed and pressed, no stains.",
    createdDaysAgo: 13,
    image: "blouse.svg",
    tint: "#f4efe6",
  },
  {
    name: "Zara Ribbed Knit Crop Top",
    categorySlug: "ladies-tops",
    price: "3500.00",
    originalPrice: "5000.00",
    size: "M",
    stock: 0,
    description:
      "Stretchy ribbed knit crop top in sage green. Very good condition with slight softening from washing. Hugs the body; size up for a looser fit.",
    createdDaysAgo: 24,
    image: "tshirt.svg",
    tint: "#9bb59a",
  },
  {
    name: "Silk Satin Button-Down Shirt",
    categorySlug: "ladies-tops",
    price: "6500.00",
    originalPrice: "9000.00",
    size: "L",
    stock: 2,
    description:
      "Champagne satin shirt with a soft drape, ideal for the office or an evening out. Faint wear on the cuffs, otherwise excellent. Relaxed fit.",
    createdDaysAgo: 35,
    image: "shirt.svg",
    tint: "#e8d3a9",
  },
  {
    name: "H&M Striped Breton Long Sleeve Tee",
    categorySlug: "ladies-tops",
    price: "2800.00",
    originalPrice: null,
    size: "XL",
    stock: 7,
    description:
      "Navy and white striped cotton tee with long sleeves. Gently used, no holes or pilling. Regular fit.",
    createdDaysAgo: 46,
    image: "tshirt.svg",
    tint: "#2f4a7a",
  },

  // Ladies - Skirts
  {
    name: "Pleated Midi Skirt in Mustard",
    categorySlug: "ladies-skirts",
    price: "5500.00",
    originalPrice: "7500.00",
    size: "M",
    stock: 3,
    description:
      "Flowing pleated midi skirt with an elastic waist. Pleats hold well; polyester, so it does not crease much. Excellent condition.",
    createdDaysAgo: 1,
    image: "skirt.svg",
    tint: "#d8a22a",
  },
  {
    name: "Denim A-Line Mini Skirt",
    categorySlug: "ladies-skirts",
    price: "4000.00",
    originalPrice: null,
    size: "S",
    stock: 1,
    description:
      "Mid-blue denim mini skirt with front button fastening and two pockets. Light natural fading; no damage. Sits on the waist.",
    createdDaysAgo: 14,
    image: "skirt.svg",
    tint: "#5b7fb0",
  },
  {
    name: "Floral Chiffon Maxi Skirt",
    categorySlug: "ladies-skirts",
    price: "6000.00",
    originalPrice: "8000.00",
    size: "L",
    stock: 5,
    description:
      "Lined chiffon maxi skirt with a small rose print. Very good condition, lining intact. Ankle length on most heights.",
    createdDaysAgo: 25,
    image: "skirt.svg",
    tint: "#e7a1b0",
  },
  {
    name: "Black Pencil Office Skirt",
    categorySlug: "ladies-skirts",
    price: "3500.00",
    originalPrice: null,
    size: "XL",
    stock: 0,
    description:
      "Classic knee-length pencil skirt with a back slit and zip. Slight shine on the seat from wear. Fitted.",
    createdDaysAgo: 36,
    image: "skirt.svg",
    tint: "#2b2b2b",
  },
  {
    name: "Ankara Wrap Skirt",
    categorySlug: "ladies-skirts",
    price: "5000.00",
    originalPrice: null,
    size: "XXL",
    stock: 2,
    description:
      "Cotton Ankara wrap skirt that ties at the side, so the waist adjusts easily. Bright print, no fading. Midi length.",
    createdDaysAgo: 47,
    image: "skirt.svg",
    tint: "#b5462f",
  },

  // Ladies - Pants
  {
    name: "High-Waist Mom Jeans (Light Wash)",
    categorySlug: "ladies-pants",
    price: "7000.00",
    originalPrice: "9500.00",
    size: "M",
    stock: 4,
    description:
      "Rigid 100% cotton mom jeans with a high rise and tapered leg. Authentic vintage fading; all buttons and zip work. Fits snug on the waist.",
    createdDaysAgo: 2,
    image: "jeans.svg",
    tint: "#8fb0d4",
  },
  {
    name: "Wide-Leg Linen Palazzo Trousers",
    categorySlug: "ladies-pants",
    price: "6500.00",
    originalPrice: null,
    size: "L",
    stock: 2,
    description:
      "Airy linen-blend palazzo trousers with an elastic back waist. Creases easily as linen does; no marks. Loose, flowing fit.",
    createdDaysAgo: 15,
    image: "trousers.svg",
    tint: "#d9c7a7",
  },
  {
    name: "Black Stretch Skinny Jeans",
    categorySlug: "ladies-pants",
    price: "5500.00",
    originalPrice: "8000.00",
    size: "S",
    stock: 3,
    description:
      "Super-stretch skinny jeans that keep their shape. The black has faded slightly to charcoal. Runs small; take one size up.",
    createdDaysAgo: 26,
    image: "jeans.svg",
    tint: "#2e2e33",
  },
  {
    name: "Tailored Beige Office Trousers",
    categorySlug: "ladies-pants",
    price: "6000.00",
    originalPrice: null,
    size: "XL",
    stock: 1,
    description:
      "Straight-leg trousers with a pressed crease, belt loops and side pockets. Excellent condition, barely worn. Mid rise.",
    createdDaysAgo: 37,
    image: "trousers.svg",
    tint: "#cbb18a",
  },
  {
    name: "Plaid Cigarette Pants",
    categorySlug: "ladies-pants",
    price: "4800.00",
    originalPrice: null,
    size: "XS",
    stock: 6,
    description:
      "Grey and burgundy check ankle-length pants with a side zip. Poly-viscose blend with a little stretch. Slim fit.",
    createdDaysAgo: 48,
    image: "trousers.svg",
    tint: "#7a5560",
  },

  // Ladies - Gowns
  {
    name: "Vintage Floral Tea Dress",
    categorySlug: "ladies-gowns",
    price: "9500.00",
    originalPrice: "13000.00",
    size: "M",
    stock: 1,
    description:
      "Genuine vintage tea dress with a sweetheart neckline and flared skirt. Small faded spot near the hem, shown in person on request. Fitted bodice.",
    createdDaysAgo: 3,
    image: "gown.svg",
    tint: "#c95d7a",
  },
  {
    name: "Ankara Mermaid Evening Gown",
    categorySlug: "ladies-gowns",
    price: "18000.00",
    originalPrice: null,
    size: "L",
    stock: 1,
    description:
      "Tailor-made Ankara mermaid gown with a flared hem, worn once for an owambe. Fully lined, concealed back zip. Figure-hugging fit.",
    createdDaysAgo: 16,
    image: "gown.svg",
    tint: "#8e3b8c",
  },
  {
    name: "Sleeveless Bodycon Midi Dress",
    categorySlug: "ladies-gowns",
    price: "7500.00",
    originalPrice: "10000.00",
    size: "S",
    stock: 3,
    description:
      "Thick ribbed jersey bodycon dress in emerald green. Good condition with light bobbling under the arms. Very stretchy.",
    createdDaysAgo: 27,
    image: "gown.svg",
    tint: "#2f7d5b",
  },
  {
    name: "Plus-Size Kaftan Maxi Gown",
    categorySlug: "ladies-gowns",
    price: "12000.00",
    originalPrice: "15000.00",
    size: "XXL",
    stock: 2,
    description:
      "Flowing kaftan in soft crepe with gold embroidery at the neckline. No loose threads or stains. Generous, free-size cut.",
    createdDaysAgo: 38,
    image: "gown.svg",
    tint: "#3a6fa8",
  },
  {
    name: "Smocked Cotton Sundress",
    categorySlug: "ladies-gowns",
    price: "6500.00",
    originalPrice: null,
    size: "XL",
    stock: 6,
    description:
      "Breezy cotton sundress with a smocked bodice and thin straps. Light wash wear, colour still good. Relaxed fit.",
    createdDaysAgo: 49,
    image: "gown.svg",
    tint: "#f0b35e",
  },

  // Men - Tops
  {
    name: "Ralph Lauren Classic Polo Shirt",
    categorySlug: "men-tops",
    price: "6500.00",
    originalPrice: "9000.00",
    size: "L",
    stock: 3,
    description:
      "Original cotton piqué polo in navy with the embroidered pony logo. Collar still crisp; very good condition. Classic fit.",
    createdDaysAgo: 4,
    image: "polo.svg",
    tint: "#1f3057",
  },
  {
    name: "Oxford Button-Down Shirt (Light Blue)",
    categorySlug: "men-tops",
    price: "5000.00",
    originalPrice: null,
    size: "M",
    stock: 6,
    description:
      "Thick cotton Oxford shirt with a button-down collar, good for work or church. Clean collar and cuffs. Regular fit.",
    createdDaysAgo: 17,
    image: "shirt.svg",
    tint: "#a9c6e8",
  },
  {
    name: "Graphic Band T-Shirt (Faded Black)",
    categorySlug: "men-tops",
    price: "3000.00",
    originalPrice: null,
    size: "XL",
    stock: 1,
    description:
      "Soft, well-worn cotton tee with a cracked vintage print, which is part of the look. No holes. Boxy fit.",
    createdDaysAgo: 28,
    image: "tshirt.svg",
    tint: "#3a3a3a",
  },
  {
    name: "Tommy Hilfiger Striped Polo",
    categorySlug: "men-tops",
    price: "5500.00",
    originalPrice: "8000.00",
    size: "XXL",
    stock: 0,
    description:
      "Red, white and navy striped polo in cotton piqué. Minor fading on the shoulders. Regular fit.",
    createdDaysAgo: 39,
    image: "polo.svg",
    tint: "#b8333a",
  },
  {
    name: "Short-Sleeve Hawaiian Print Shirt",
    categorySlug: "men-tops",
    price: "4500.00",
    originalPrice: null,
    size: "L",
    stock: 4,
    description:
      "Viscose camp-collar shirt with a palm leaf print, cool to wear in the heat. Excellent condition. Relaxed fit.",
    createdDaysAgo: 50,
    image: "shirt.svg",
    tint: "#2a8c7e",
  },

  // Men - Pants
  {
    name: "Levi's 501 Straight Jeans",
    categorySlug: "men-pants",
    price: "9500.00",
    originalPrice: "14000.00",
    size: "L",
    stock: 2,
    description:
      "Authentic Levi's 501 with button fly, waist 34 and length 32. Even mid-blue fade; red tab intact. Straight leg.",
    createdDaysAgo: 5,
    image: "jeans.svg",
    tint: "#4f6f9c",
  },
  {
    name: "Dickies 874 Work Trousers",
    categorySlug: "men-pants",
    price: "8000.00",
    originalPrice: null,
    size: "XL",
    stock: 3,
    description:
      "Hard-wearing poly-cotton work trousers in black with a permanent crease. Very good condition. Straight, slightly wide leg.",
    createdDaysAgo: 18,
    image: "trousers.svg",
    tint: "#26272b",
  },
  {
    name: "Slim Fit Chinos (Khaki)",
    categorySlug: "men-pants",
    price: "6000.00",
    originalPrice: "8500.00",
    size: "M",
    stock: 12,
    description:
      "Cotton stretch chinos with a tapered leg. Clean and lightly used. Slim fit through the thigh.",
    createdDaysAgo: 29,
    image: "trousers.svg",
    tint: "#c3a878",
  },
  {
    name: "Dark Wash Bootcut Jeans",
    categorySlug: "men-pants",
    price: "7000.00",
    originalPrice: null,
    size: "XXL",
    stock: 5,
    description:
      "Deep indigo bootcut jeans in heavy denim. Hardly faded; light wear at the hem. Regular rise.",
    createdDaysAgo: 40,
    image: "jeans.svg",
    tint: "#273a5c",
  },
  {
    name: "Cargo Combat Trousers (Olive)",
    categorySlug: "men-pants",
    price: "7500.00",
    originalPrice: "10000.00",
    size: "L",
    stock: 1,
    description:
      "Ripstop cotton cargo trousers with six pockets and drawcord hems. Sturdy and in very good condition. Relaxed fit.",
    createdDaysAgo: 51,
    image: "trousers.svg",
    tint: "#5f6b3a",
  },

  // Men - Shorts
  {
    name: "Denim Cut-Off Shorts",
    categorySlug: "men-shorts",
    price: "3500.00",
    originalPrice: null,
    size: "M",
    stock: 5,
    description:
      "Mid-blue jeans cut to just above the knee with a frayed hem. Clean and sturdy. Regular fit.",
    createdDaysAgo: 6,
    image: "shorts.svg",
    tint: "#6a8cbc",
  },
  {
    name: "Nike Dri-FIT Running Shorts",
    categorySlug: "men-shorts",
    price: "4500.00",
    originalPrice: "6500.00",
    size: "L",
    stock: 2,
    description:
      "Lightweight running shorts with a built-in brief and a zip key pocket. Logo print slightly worn. Elastic waist.",
    createdDaysAgo: 19,
    image: "shorts.svg",
    tint: "#1d1d22",
  },
  {
    name: "Cargo Shorts (Khaki)",
    categorySlug: "men-shorts",
    price: "4000.00",
    originalPrice: null,
    size: "XL",
    stock: 15,
    description:
      "Thick cotton twill cargo shorts with side flap pockets. Good condition, all snaps work. Knee length.",
    createdDaysAgo: 30,
    image: "shorts.svg",
    tint: "#b79d6e",
  },
  {
    name: "Adidas Three-Stripe Football Shorts",
    categorySlug: "men-shorts",
    price: "3800.00",
    originalPrice: "5500.00",
    size: "S",
    stock: 0,
    description:
      "Classic polyester football shorts with the three stripes down the side. Drawcord waist. Very good condition.",
    createdDaysAgo: 41,
    image: "shorts.svg",
    tint: "#24408e",
  },
  {
    name: "Linen Drawstring Beach Shorts",
    categorySlug: "men-shorts",
    price: "4200.00",
    originalPrice: null,
    size: "XXL",
    stock: 1,
    description:
      "Soft linen shorts with a drawstring waist, good for the beach or lounging. Natural slub texture; no flaws. Loose fit.",
    createdDaysAgo: 52,
    image: "shorts.svg",
    tint: "#e2d6bd",
  },

  // Kids - Boy
  {
    name: "Boys Denim Dungaree (4-5 yrs)",
    categorySlug: "kids-boy",
    price: "4000.00",
    originalPrice: "5500.00",
    size: "4-5 yrs",
    stock: 1,
    description:
      "Soft denim dungaree with adjustable straps and snap buttons. Light fading at the knees. Roomy fit for play.",
    createdDaysAgo: 7,
    image: "kids-boy.svg",
    tint: "#5d82b5",
  },
  {
    name: "Boys Polo and Shorts Set (2-3 yrs)",
    categorySlug: "kids-boy",
    price: "3500.00",
    originalPrice: null,
    size: "2-3 yrs",
    stock: 4,
    description:
      "Two-piece set: a cotton polo and matching chino shorts. Both clean, no stains. True to age.",
    createdDaysAgo: 20,
    image: "kids-boy.svg",
    tint: "#3f8f6b",
  },
  {
    name: "Boys Graphic Hoodie (7-8 yrs)",
    categorySlug: "kids-boy",
    price: "4500.00",
    originalPrice: "6000.00",
    size: "7-8 yrs",
    stock: 2,
    description:
      "Fleece-lined hoodie with a dinosaur print and a front pocket. Print intact, cuffs slightly worn. Good for harmattan mornings.",
    createdDaysAgo: 31,
    image: "hoodie.svg",
    tint: "#e0703a",
  },
  {
    name: "Boys Checked Shirt (9-10 yrs)",
    categorySlug: "kids-boy",
    price: "3000.00",
    originalPrice: null,
    size: "9-10 yrs",
    stock: 4,
    description:
      "Blue and white checked cotton shirt with long sleeves, good for school events. Excellent condition. Regular fit.",
    createdDaysAgo: 42,
    image: "kids-boy.svg",
    tint: "#4d6fa8",
  },
  {
    name: "Boys Jogger Trousers (5-6 yrs)",
    categorySlug: "kids-boy",
    price: "2800.00",
    originalPrice: null,
    size: "5-6 yrs",
    stock: 6,
    description:
      "Grey cotton joggers with an elastic waist and cuffed ankles. Gently used; no holes. Comfortable fit.",
    createdDaysAgo: 53,
    image: "kids-boy.svg",
    tint: "#8a8f99",
  },

  // Kids - Girl
  {
    name: "Girls Tutu Party Dress (3-4 yrs)",
    categorySlug: "kids-girl",
    price: "5000.00",
    originalPrice: "7000.00",
    size: "3-4 yrs",
    stock: 1,
    description:
      "Pink party dress with a sequinned bodice and layered tulle skirt. A few sequins missing, hardly noticeable. Back zip.",
    createdDaysAgo: 8,
    image: "kids-girl.svg",
    tint: "#f2a6c2",
  },
  {
    name: "Girls Floral Cotton Dress (5-6 yrs)",
    categorySlug: "kids-girl",
    price: "3500.00",
    originalPrice: null,
    size: "5-6 yrs",
    stock: 5,
    description:
      "Everyday cotton dress with a small yellow flower print and short sleeves. Washed and clean. True to age.",
    createdDaysAgo: 21,
    image: "kids-girl.svg",
    tint: "#f3c84b",
  },
  {
    name: "Girls Denim Pinafore (6-7 yrs)",
    categorySlug: "kids-girl",
    price: "4000.00",
    originalPrice: "5500.00",
    size: "6-7 yrs",
    stock: 2,
    description:
      "Denim pinafore dress with a front pocket and button straps. Sturdy with light fading. Wear over a tee.",
    createdDaysAgo: 32,
    image: "kids-girl.svg",
    tint: "#6b8fc2",
  },
  {
    name: "Girls Ankara Gown (8-9 yrs)",
    categorySlug: "kids-girl",
    price: "4500.00",
    originalPrice: null,
    size: "8-9 yrs",
    stock: 3,
    description:
      "Tailored Ankara gown with a flared skirt and a bow at the back, perfect for Sunday service. Colours bright, no damage.",
    createdDaysAgo: 43,
    image: "kids-girl.svg",
    tint: "#c8502e",
  },
  {
    name: "Girls Leggings and Tunic Set (2-3 yrs)",
    categorySlug: "kids-girl",
    price: "3000.00",
    originalPrice: null,
    size: "2-3 yrs",
    stock: 7,
    description:
      "Soft jersey tunic with matching striped leggings. Light pilling on the leggings. Stretchy and comfortable.",
    createdDaysAgo: 54,
    image: "kids-girl.svg",
    tint: "#9a7bc4",
  },

  // Bales
  {
    name: "Mixed Ladies Tops Bale (50 pcs)",
    categorySlug: "bales",
    price: "65000.00",
    originalPrice: "75000.00",
    size: null,
    stock: 3,
    description:
      "Sealed bale of 50 assorted ladies' tops: blouses, tees and camisoles in mixed sizes. Grade A first-choice UK stock; expect a few pieces with minor flaws.",
    createdDaysAgo: 9,
    image: "bale.svg",
    tint: "#c8a46e",
  },
  {
    name: "Men's Jeans Bale (25 pcs)",
    categorySlug: "bales",
    price: "120000.00",
    originalPrice: null,
    size: null,
    stock: 2,
    description:
      "25 pairs of men's jeans, mixed brands, washes and waist sizes 30–38. Grade A; sorted but not individually inspected.",
    createdDaysAgo: 22,
    image: "bale.svg",
    tint: "#51698f",
  },
  {
    name: "Children's Wear Bale (100 pcs)",
    categorySlug: "bales",
    price: "85000.00",
    originalPrice: "95000.00",
    size: null,
    stock: 0,
    description:
      "100 mixed children's pieces for ages 1–12: tees, dresses, shorts and sets. Good resale mix; a small share may have stains.",
    createdDaysAgo: 33,
    image: "bale.svg",
    tint: "#d68a5c",
  },
  {
    name: "Grade A Gowns Bale (40 pcs)",
    categorySlug: "bales",
    price: "180000.00",
    originalPrice: null,
    size: null,
    stock: 1,
    description:
      "40 ladies' gowns and dresses, casual and occasion wear, sizes 8–18. Premium grade with very few flaws.",
    createdDaysAgo: 44,
    image: "bale.svg",
    tint: "#a8607e",
  },
  {
    name: "Mixed Men's T-Shirts Bale (60 pcs)",
    categorySlug: "bales",
    price: "45000.00",
    originalPrice: null,
    size: null,
    stock: 4,
    description:
      "60 men's cotton T-shirts, plain and printed, sizes M–XXL. Grade B mix: wearable, with some fading.",
    createdDaysAgo: 55,
    image: "bale.svg",
    tint: "#8c8c7a",
  },

  // Unisex
  {
    name: "Champion Pullover Hoodie (Grey)",
    categorySlug: "unisex",
    price: "8500.00",
    originalPrice: "12000.00",
    size: "L",
    stock: 2,
    description:
      "Heavyweight cotton-blend hoodie with the Champion logo on the sleeve. Light pilling inside, outside clean. Relaxed fit.",
    createdDaysAgo: 10,
    image: "hoodie.svg",
    tint: "#9a9ca3",
  },
  {
    name: "Vintage Denim Trucker Jacket",
    categorySlug: "unisex",
    price: "11000.00",
    originalPrice: "15000.00",
    size: "M",
    stock: 1,
    description:
      "Classic denim trucker jacket with chest flap pockets and metal buttons. Nicely worn-in fade; no tears. Fits true to size.",
    createdDaysAgo: 23,
    image: "jacket.svg",
    tint: "#5877a6",
  },
  {
    name: "Nike Windrunner Jacket",
    categorySlug: "unisex",
    price: "9500.00",
    originalPrice: null,
    size: "XL",
    stock: 0,
    description:
      "Lightweight hooded windbreaker with the chevron panel across the chest. Zip runs smoothly; very good condition. Regular fit.",
    createdDaysAgo: 34,
    image: "jacket.svg",
    tint: "#2d5d9f",
  },
  {
    name: "Plain Oversized Sweatshirt (Cream)",
    categorySlug: "unisex",
    price: "5500.00",
    originalPrice: null,
    size: "M",
    stock: 8,
    description:
      "Soft brushed-back crewneck sweatshirt in cream. Clean with no marks. Oversized, dropped-shoulder fit.",
    createdDaysAgo: 45,
    image: "hoodie.svg",
    tint: "#eadfc8",
  },
  {
    name: "North Face Fleece Zip Jacket",
    categorySlug: "unisex",
    price: "10000.00",
    originalPrice: "14000.00",
    size: "S",
    stock: 3,
    description:
      "Warm polar fleece jacket with a full zip and zipped hand pockets. Light bobbling on the sleeves. Good for travel and cold offices.",
    createdDaysAgo: 56,
    image: "jacket.svg",
    tint: "#3c4a5a",
  },
];

export const products: readonly ProductSeed[] = rows.map((row) => ({
  ...row,
  slug: slugify(row.name),
}));

export const reviews: readonly ReviewSeed[] = [
  {
    customerName: "Chiamaka Okafor",
    rating: 5,
    reviewText:
      "My Ankara blouse arrived in Lagos two days after I paid. It was clean, well packed and exactly as described. I'll definitely order again.",
    isFeatured: true,
    productSlug: "vintage-ankara-print-blouse",
    createdDaysAgo: 2,
  },
  {
    customerName: "Tunde Adeyemi",
    rating: 5,
    reviewText:
      "Got my Levi's 501 delivered to Abuja through the park. Original, good quality and fits perfectly. Fair price for the condition.",
    isFeatured: true,
    productSlug: "levis-501-straight-jeans",
    createdDaysAgo: 6,
  },
  {
    customerName: "Aisha Bello",
    rating: 4,
    reviewText:
      "Picked up the dungaree for my son in Ota. Quality is good and he loves it. The fading was slightly more than in the photo, but they were honest about it.",
    isFeatured: true,
    productSlug: "boys-denim-dungaree-4-5-yrs",
    createdDaysAgo: 11,
  },
  {
    customerName: "Emeka Nwosu",
    rating: 5,
    reviewText:
      "I buy bales for my shop and the Grade A mix was better than what I get at the market. Fast confirmation of my transfer and quick delivery to Lagos.",
    isFeatured: true,
    productSlug: null,
    createdDaysAgo: 18,
  },
];

export const homepageSections: readonly HomepageSectionSeed[] = [
  {
    sectionType: "latest",
    title: "Fresh Drops This Week",
    description:
      "Newly sorted thrift pieces, washed, checked and ready to ship. One-of-a-kind items go fast.",
    isActive: true,
    displayOrder: 0,
  },
];

/** The demo's upcoming drop (decision 020): these pieces stay hidden until DEMO_DROP_DAYS after the
 *  first start, at DEMO_DROP_LAGOS_HOUR Lagos time, so a new store shows the countdown at once. */
export const DEMO_DROP_DAYS = 3;
export const DEMO_DROP_LAGOS_HOUR = 19;

export const dropProducts: readonly Omit<ProductSeed, "createdDaysAgo">[] = (
  [
    {
      name: "Y2K Denim Jacket with Patches",
      categorySlug: "unisex",
      price: "14000.00",
      originalPrice: null,
      size: "L",
      stock: 1,
      description: "Drop piece: early-2000s light-wash denim jacket with embroidered patches. Strong zip, no stains.",
      image: "jacket.svg",
      tint: "#6f8fb3",
    },
    {
      name: "Adire Silk Wrap Gown",
      categorySlug: "ladies-gowns",
      price: "18500.00",
      originalPrice: null,
      size: "M",
      stock: 1,
      description: "Drop piece: hand-dyed indigo adire on silk, wrap front, ankle length. Worn once for a wedding.",
      image: "gown.svg",
      tint: "#2c3e73",
    },
    {
      name: "Vintage Football Jersey 1998",
      categorySlug: "men-tops",
      price: "9500.00",
      originalPrice: null,
      size: "XL",
      stock: 1,
      description: "Drop piece: retro 1998 green-and-white jersey, original print, a little fading on the number.",
      image: "polo.svg",
      tint: "#2f8f4e",
    },
    {
      name: "Oversized College Hoodie",
      categorySlug: "unisex",
      price: "11000.00",
      originalPrice: null,
      size: "XXL",
      stock: 2,
      description: "Drop piece: heavy cotton US college hoodie, soft inside, cuffs intact.",
      image: "hoodie.svg",
      tint: "#7a1f2b",
    },
  ] satisfies Omit<ProductRow, "createdDaysAgo">[]
).map((row) => ({ ...row, slug: slugify(row.name) }));
