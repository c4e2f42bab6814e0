// The "New order" form (/admin/new-order, admin/NewOrderPage.tsx): the owner records a sale made in a DM or at the stall, from a phone (390 px
// first: one column, big touch targets). Typing the phone fills in an earlier buyer's name and
// address; pieces are found by name; the delivery fee comes from the owner's table (the server
// charges it again); "Paid already" marks it paid at once. The result offers the buyer's WhatsApp
// chat with the pieces, the total and the payment link prefilled, or the same message to copy.
// The server decides everything (createManualOrder, the same stock as the web store: decision 035).
import { useState, type FormEvent } from "react";
import { useLazyQuery, useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { SaleChannel } from "../../gql/graphql.ts";
import { Icon } from "../../ui/Icon.tsx";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { StateSelect } from "../../ui/StateSelect.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { useDeliveryFees } from "../delivery/delivery-fees.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { fromKobo, toKobo } from "../../../../common/kobo.ts";
import { deliveryFeeFor } from "../../../../common/delivery.ts";
import { MANUAL_HOLD_HOURS, MANUAL_SALE_CHANNELS, SALE_CHANNEL_LABELS } from "../../../../common/sale-channels.ts";
import { buyerChatLink, takenOrderText } from "../../../../common/dm-messages.ts";
import "../../personal-pages.css";
import "./sales.css";

const EarlierCustomerQuery = graphql(`
  query NewOrderEarlierCustomer($phone: String!) {
    earlierCustomer(phone: $phone) {
      fullName
      email
      deliveryMethod
      address
      deliveryState
      parkState
      parkName
    }
  }
`);

const PieceSearchQuery = graphql(`
  query NewOrderPieces($search: String) {
    adminProducts(search: $search, limit: 8) {
      id
      name
      price
      stock
      size
      imageUrl
    }
  }
`);

const CreateManualOrderMutation = graphql(`
  mutation NewOrderCreate($input: ManualOrderInput!) {
    createManualOrder(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationCreateManualOrderSuccess {
        data {
          id
          shortOrderId
          total
          deliveryFee
          paymentStatus
          paymentLink
          customerName
          customerPhone
          items {
            id
            productName
            quantity
            price
          }
        }
      }
    }
  }
`);

interface Line {
  id: string;
  name: string;
  price: string;
  stock: number;
  quantity: number;
}

const EMPTY = {
  channel: "whatsapp" as Exclude<SaleChannel, "web">,
  phone: "",
  fullName: "",
  email: "",
  deliveryMethod: "doorstep",
  address: "",
  deliveryState: "",
  parkState: "",
  parkName: "",
  paid: false,
  bankReference: "",
  holdHours: "",
  note: "",
};

export function NewOrderForm() {
  const [form, setForm] = useState(EMPTY);
  const [lines, setLines] = useState<Line[]>([]);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [lookUp] = useLazyQuery(EarlierCustomerQuery, { fetchPolicy: "network-only" });
  const pieces = useQuery(PieceSearchQuery, { variables: { search: search.trim() || null }, skip: search.trim().length < 2 });
  const [create, { data: created, loading: placing, reset }] = useMutation(CreateManualOrderMutation);
  const fees = useDeliveryFees();
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));

  const subtotal = fromKobo(lines.reduce((sum, line) => sum + toKobo(line.price) * line.quantity, 0));
  const feeState = form.deliveryMethod === "park" ? form.parkState : form.deliveryState;
  const fee = fees ? deliveryFeeFor(fees, form.deliveryMethod, feeState || null, subtotal) : null;

  /** An earlier buyer with this number: fill in what is still empty. */
  async function fillFromPhone() {
    if (form.phone.replace(/\D/g, "").length < 10) return;
    const earlier = (await lookUp({ variables: { phone: form.phone } })).data?.earlierCustomer;
    if (!earlier) return;
    setForm((current) => ({
      ...current,
      fullName: current.fullName || earlier.fullName,
      email: current.email || (earlier.email ?? ""),
      deliveryMethod: current.address || current.parkName ? current.deliveryMethod : earlier.deliveryMethod,
      address: current.address || (earlier.address ?? ""),
      deliveryState: current.deliveryState || (earlier.deliveryState ?? ""),
      parkState: current.parkState || (earlier.parkState ?? ""),
      parkName: current.parkName || (earlier.parkName ?? ""),
    }));
  }

  function addPiece(piece: { id: string; name: string; price: string; stock: number }) {
    setLines((current) =>
      current.some((line) => line.id === piece.id)
        ? current.map((line) => (line.id === piece.id ? { ...line, quantity: Math.min(line.quantity + 1, piece.stock) } : line))
        : [...current, { ...piece, quantity: 1 }],
    );
    setSearch("");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const result = await create({
      variables: {
        input: {
          channel: form.channel,
          items: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
          fullName: form.fullName,
          phone: form.phone,
          email: form.email.trim() || null,
          deliveryMethod: form.deliveryMethod,
          address: form.deliveryMethod === "doorstep" ? form.address : null,
          deliveryState: form.deliveryMethod === "doorstep" ? form.deliveryState : null,
          parkState: form.deliveryMethod === "park" ? form.parkState : null,
          parkName: form.deliveryMethod === "park" ? form.parkName : null,
          paid: form.paid,
          bankReference: form.paid ? form.bankReference.trim() || null : null,
          holdHours: form.paid || !form.holdHours ? null : Number(form.holdHours),
          note: form.note.trim() || null,
          idempotencyKey: key,
        },
      },
    }).catch((failure: unknown) => ({ data: undefined, failure }));
    const payload = result.data?.createManualOrder;
    if (payload?.__typename !== "MutationCreateManualOrderSuccess") setError(resultError(payload, "The order could not be placed. Please try again."));
  }

  function startAgain() {
    setForm(EMPTY);
    setLines([]);
    setKey(crypto.randomUUID());
    reset();
  }

  const placed = created?.createManualOrder.__typename === "MutationCreateManualOrderSuccess" ? created.createManualOrder.data : null;
  if (placed) {
    const message = takenOrderText({
      storeName: storeSettings.name,
      buyerName: placed.customerName ?? "",
      reference: placed.shortOrderId,
      items: placed.items,
      deliveryFee: placed.deliveryFee,
      total: placed.total,
      paymentLink: placed.paymentLink ?? null,
    });
    return (
      <div className="new-order__result" data-testid="new-order-result" role="status">
        <h2>Order {placed.shortOrderId} placed</h2>
        <p>
          {formatNaira(placed.total)} · {placed.paymentStatus === "paid" ? "paid" : "waiting for payment; the pieces are held for the buyer"}
        </p>
        <pre className="new-order__message">{message}</pre>
        <div className="new-order__actions">
          <a className="button whatsapp-link" href={buyerChatLink(placed.customerPhone ?? "", message)} target="_blank" rel="noopener noreferrer">
            <Icon name="whatsapp" /> Send on WhatsApp
          </a>
          <CopyButton value={message} label="message" text="Copy message" />
          <button type="button" className="button button--ghost" onClick={startAgain}>
            New order
          </button>
        </div>
      </div>
    );
  }

  const found = pieces.data?.adminProducts ?? [];
  return (
    <form className="admin-form new-order__form" onSubmit={submit} noValidate>
      <label>
        Where was it sold?
        <select value={form.channel} onChange={(e) => set({ channel: e.target.value as typeof form.channel })}>
          {MANUAL_SALE_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {SALE_CHANNEL_LABELS[channel]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Buyer's phone
        <input type="tel" inputMode="tel" autoComplete="off" value={form.phone} maxLength={20} placeholder="0803 123 4567" onChange={(e) => set({ phone: e.target.value })} onBlur={() => void fillFromPhone()} />
      </label>
      <label>
        Buyer's name
        <input value={form.fullName} maxLength={100} onChange={(e) => set({ fullName: e.target.value })} />
      </label>
      <label>
        Email (optional)
        <input type="email" value={form.email} maxLength={254} onChange={(e) => set({ email: e.target.value })} />
      </label>

      <fieldset className="new-order__pieces">
        <legend>Pieces</legend>
        <label>
          Find a piece by name
          <input type="search" value={search} maxLength={100} placeholder="e.g. Adire" onChange={(e) => setSearch(e.target.value)} />
        </label>
        {found.length > 0 && (
          <ul className="new-order__found" aria-label="Pieces found">
            {found.map((piece) => (
              <li key={piece.id}>
                <span>
                  {piece.name}
                  {piece.size ? ` · ${piece.size}` : ""} · {formatNaira(piece.price)} · {piece.stock > 0 ? `${piece.stock} left` : "sold out"}
                </span>
                <button type="button" className="button button--small" disabled={piece.stock < 1} onClick={() => addPiece(piece)} aria-label={`Add ${piece.name}`}>
                  Add
                </button>
              </li>
            ))}
          </ul>
        )}
        {lines.length > 0 && (
          <ul className="new-order__lines" aria-label="Pieces in this order">
            {lines.map((line) => (
              <li key={line.id}>
                <span>
                  {line.name} · {formatNaira(line.price)}
                </span>
                <input
                  type="number"
                  min={1}
                  max={line.stock}
                  value={line.quantity}
                  aria-label={`How many ${line.name}`}
                  onChange={(e) => setLines(lines.map((l) => (l.id === line.id ? { ...l, quantity: Math.max(1, Number(e.target.value) || 1) } : l)))}
                />
                <button type="button" className="link-button" onClick={() => setLines(lines.filter((l) => l.id !== line.id))} aria-label={`Remove ${line.name}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <label>
        Delivery
        <select value={form.deliveryMethod} onChange={(e) => set({ deliveryMethod: e.target.value })}>
          <option value="doorstep">Doorstep delivery</option>
          <option value="park">Motor park</option>
          <option value="pickup">Pickup (free)</option>
        </select>
      </label>
      {form.deliveryMethod === "doorstep" && (
        <>
          <label>
            State
            <StateSelect value={form.deliveryState} onChange={(deliveryState) => set({ deliveryState })} />
          </label>
          <label>
            Address
            <textarea value={form.address} maxLength={500} rows={2} onChange={(e) => set({ address: e.target.value })} />
          </label>
        </>
      )}
      {form.deliveryMethod === "park" && (
        <>
          <label>
            Destination state
            <StateSelect value={form.parkState} onChange={(parkState) => set({ parkState })} />
          </label>
          <label>
            Motor park
            <input value={form.parkName} maxLength={100} onChange={(e) => set({ parkName: e.target.value })} />
          </label>
        </>
      )}
      <p className="new-order__money" data-testid="new-order-money">
        Items {formatNaira(subtotal)} · Delivery {fee === null ? "…" : Number(fee) > 0 ? formatNaira(fee) : "Free"} ·{" "}
        <strong>Total {fee === null ? "…" : formatNaira(fromKobo(toKobo(subtotal) + toKobo(fee)))}</strong>
      </p>

      <label className="checkbox-label">
        <input type="checkbox" checked={form.paid} onChange={(e) => set({ paid: e.target.checked })} /> Paid already (cash, or a transfer you have seen)
      </label>
      {form.paid ? (
        <label>
          Bank reference (optional)
          <input value={form.bankReference} maxLength={100} onChange={(e) => set({ bankReference: e.target.value })} />
        </label>
      ) : (
        <label>
          Hold the pieces for (hours)
          <input
            type="number"
            inputMode="numeric"
            min={MANUAL_HOLD_HOURS.min}
            max={MANUAL_HOLD_HOURS.max}
            value={form.holdHours}
            placeholder="Shop default"
            onChange={(e) => set({ holdHours: e.target.value })}
          />
        </label>
      )}
      <label>
        Note (only you see it)
        <input value={form.note} maxLength={500} onChange={(e) => set({ note: e.target.value })} />
      </label>
      <FormError message={error} />
      <button type="submit" className="button" disabled={placing || lines.length === 0}>
        {placing ? "Placing..." : "Place order"}
      </button>
    </form>
  );
}
