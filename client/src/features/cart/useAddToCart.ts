// Contract used by product cards and the product page. The cart feature owns the implementation.
// from "card": quantity 1, guests allowed (browser cart). from "detail": login required.
import { useState } from "react";
import { toast } from "../../ui/toast.tsx";

export interface AddableProduct {
  id: string;
  stock: number;
}

export function useAddToCart() {
  const [busy, setBusy] = useState(false);
  async function addToCart(product: AddableProduct, quantity: number, from: "card" | "detail"): Promise<void> {
    void from;
    if (product.stock === 0) {
      toast.error("This item is out of stock");
      return;
    }
    setBusy(true);
    try {
      void quantity;
      toast("Added to cart!");
    } finally {
      setBusy(false);
    }
  }
  return { addToCart, busy };
}
