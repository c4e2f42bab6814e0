// Product page: "Ask on WhatsApp" (to the store, product prefilled) and sharing the piece into a chat
// (issue 35): "Share" opens the phone's share sheet (Web Share API) where the browser has one;
// elsewhere it copies the link, beside the WhatsApp share link that works everywhere, JavaScript off too.
import { productQuestionLink, productShareLink } from "../../../../common/whatsapp.ts";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { useSiteOrigin } from "../../lib/hydration.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { toast } from "../../ui/toast.tsx";

export const ProductWhatsAppFragment = graphql(`
  fragment ProductWhatsApp on Product {
    name
    price
    slug
    size
  }
`);

async function share(product: { name: string; url: string }) {
  if (navigator.share) {
    // Closing the share sheet rejects: nothing to tell the shopper.
    await navigator.share({ title: product.name, url: product.url }).catch(() => undefined);
    return;
  }
  await navigator.clipboard.writeText(product.url).then(
    () => toast("Link copied"),
    () => toast.error("Could not copy. Please copy the address from the browser's bar."),
  );
}

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
      <button type="button" className="link-button product-whatsapp__share" onClick={() => void share(product)}>
        Share
      </button>
      <a className="product-whatsapp__share" href={productShareLink(product)} target="_blank" rel="noopener noreferrer">
        Share on WhatsApp
      </a>
    </div>
  );
}
