// Product page: "Ask on WhatsApp" (to the store, product prefilled) and a share link (to anyone).
import { productQuestionLink, productShareLink } from "../../../../common/whatsapp.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { Icon } from "../../ui/Icon.tsx";

export interface ProductWhatsAppProps {
  name: string;
  price: string;
  slug: string;
  size?: string | null;
}

export function ProductWhatsApp({ name, price, slug, size }: ProductWhatsAppProps) {
  const product = { name, price, size, url: `${window.location.origin}/products/${slug}` };
  return (
    <div className="product-whatsapp">
      {storeSettings.whatsapp && (
        <a className="button button--ghost whatsapp-link" href={productQuestionLink(storeSettings.whatsapp, product)} target="_blank" rel="noopener noreferrer">
          <Icon name="whatsapp" /> Ask on WhatsApp
        </a>
      )}
      <a className="product-whatsapp__share" href={productShareLink(product)} target="_blank" rel="noopener noreferrer">
        Share on WhatsApp
      </a>
    </div>
  );
}
