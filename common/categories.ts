// The shop's category tree. Category rows are named "Main - Sub"; Bales and Unisex have no sub part.

export interface MainCategory {
  name: string;
  slug: string;
  subcategories: { name: string; slug: string }[];
}

export const MAIN_CATEGORIES: MainCategory[] = [
  {
    name: "Ladies",
    slug: "ladies",
    subcategories: [
      { name: "Tops", slug: "ladies-tops" },
      { name: "Skirts", slug: "ladies-skirts" },
      { name: "Pants", slug: "ladies-pants" },
      { name: "Gowns", slug: "ladies-gowns" },
    ],
  },
  {
    name: "Men",
    slug: "men",
    subcategories: [
      { name: "Tops", slug: "men-tops" },
      { name: "Pants", slug: "men-pants" },
      { name: "Shorts", slug: "men-shorts" },
    ],
  },
  {
    name: "Kids",
    slug: "kids",
    subcategories: [
      { name: "Boy", slug: "kids-boy" },
      { name: "Girl", slug: "kids-girl" },
    ],
  },
  { name: "Bales", slug: "bales", subcategories: [] },
  { name: "Unisex", slug: "unisex", subcategories: [] },
];

/** Finds the main category and (optionally) the subcategory a `category` query value names. */
export function resolveCategorySlug(slug: string | null | undefined): { main: MainCategory; subSlug: string | null } | null {
  if (!slug) return null;
  for (const main of MAIN_CATEGORIES) {
    if (main.slug === slug) return { main, subSlug: main.subcategories.length ? null : main.slug };
    const sub = main.subcategories.find((s) => s.slug === slug);
    if (sub) return { main, subSlug: sub.slug };
  }
  return null;
}
