import { MAIN_CATEGORIES } from "../../../common/categories.ts";

export interface MenuGroup {
  label: string;
  to: string;
  children: { label: string; to: string }[];
}

/** Category menus (Ladies, Men, Kids, Bales, Unisex) with their subcategory links. */
export const CATEGORY_MENU: MenuGroup[] = MAIN_CATEGORIES.map((main) => ({
  label: main.name,
  to: `/products?category=${main.slug}`,
  children: main.subcategories.map((sub) => ({ label: sub.name, to: `/products?category=${sub.slug}` })),
}));
