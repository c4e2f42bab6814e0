// The heart on product cards and the product page: a toggle button (aria-pressed) that works for
// guests too. Positioned over the picture, so it never moves the layout when its state changes.
import { useApolloClient } from "@apollo/client/react";
import { Icon } from "../../ui/Icon.tsx";
import { loadSavedSync } from "./saved-store.ts";
import { useSaved } from "./saved-ids.ts";
import { ActionButton } from "../../ui/ActionButton.tsx";

export function SaveButton({ productId, name }: { productId: string; name: string }) {
  const apollo = useApolloClient();
  const saved = useSaved((ids) => ids?.has(productId) ?? false, false);
  return (
    <ActionButton
      className="save-button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${name} from saved` : `Save ${name}`}
      onClick={() => void loadSavedSync().then((sync) => sync.toggleSaved(apollo, productId, !saved))}
    >
      <Icon name="heart" />
    </ActionButton>
  );
}
