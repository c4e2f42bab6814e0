// Product page: "Ask on WhatsApp" (to the store, product prefilled) and a share link (to anyone).
import { productQuestionLink, productShareLink } from "../../../../common/whatsapp.ts";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { useSiteOrigin } from "../../lib/hydration.tsx";
import { Icon } from "../../ui/Icon.tsx";

export const ProductWhatsAppFragment = graphql(`
  fragment ProductWhatsApp on Product {
    name
    price
    slug
    size
  }
`);

export function ProductWhatsApp(props: { product: FragmentType<typeof ProductWhatsAppFragment> }) {
  const { name, price, slug, size } = getFragmentData(ProductWhatsAppFragment, props.product);
  const product = { name, price, size, url: `${useSiteOrigin()}/products/${slug}` };
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
