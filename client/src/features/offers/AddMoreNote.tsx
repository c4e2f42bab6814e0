// "Add more pieces to this order (no extra delivery) until …": on the thank-you page, the tracker
// and the account while the order takes more pieces (Order.addableUntil, decided by the server).
import { Link } from "react-router-dom";
import { getFragmentData, graphql, type FragmentType } from "../../gql/index.ts";
import { addMoreLine } from "../../../../common/bundles.ts";

export const AddMoreNoteFragment = graphql(`
  fragment AddMoreNote on Order {
    addableUntil
  }
`);

export function AddMoreNote({ order }: { order: FragmentType<typeof AddMoreNoteFragment> }) {
  const { addableUntil } = getFragmentData(AddMoreNoteFragment, order);
  if (!addableUntil || Date.parse(addableUntil) <= Date.now()) return null;
  return (
    <p className="add-more no-print" data-testid="add-more">
      {addMoreLine(addableUntil)}. <Link to="/products">Shop more pieces</Link>
    </p>
  );
}
