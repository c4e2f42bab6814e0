// "Copy for DM" on each row of the admin product list (issue 35): the piece as one message to paste
// into a WhatsApp or Instagram chat: name, price, condition, size, measurements and its link.
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { CONDITION_LABEL } from "../../../../common/condition.ts";
import { formatLength, MEASUREMENTS } from "../../../../common/measurements.ts";
import { pieceDmText } from "../../../../common/dm-messages.ts";

export const PieceForDmFragment = graphql(`
  fragment PieceForDm on Product {
    name
    slug
    price
    size
    condition
    measurements {
      pitToPit
      length
      shoulder
      sleeve
      waist
      hips
      inseam
    }
  }
`);

export function CopyForDm(props: { product: FragmentType<typeof PieceForDmFragment> }) {
  const piece = getFragmentData(PieceForDmFragment, props.product);
  const measured = MEASUREMENTS.flatMap(({ key, label }) => {
    const cm = piece.measurements?.[key];
    return cm ? [`${label} ${formatLength(cm, "cm")}`] : [];
  });
  const text = pieceDmText({
    name: piece.name,
    price: piece.price,
    size: piece.size,
    condition: piece.condition ? CONDITION_LABEL[piece.condition] : null,
    measurements: measured.join(", ") || null,
    url: `${window.location.origin}/products/${piece.slug}`,
  });
  return <CopyButton value={text} label={`${piece.name} for a DM`} text="Copy for DM" />;
}
