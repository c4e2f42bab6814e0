// The owner's delivery fees: a fee for every state without its own (doorstep and motor park), a fee
// per state where it differs, and an optional order subtotal from which delivery is free. Checked
// here with the server's own rule (common/delivery.ts); orders already placed keep their fee.
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "../../gql/index.ts";
import type { DeliveryFeeTable } from "../../../../common/delivery.ts";
import { DeliveryFeeTableFragment } from "../delivery/delivery-fees.ts";
import { checkFeeTable } from "../../../../common/delivery-validation.ts";
import { StateSelect } from "../../ui/StateSelect.tsx";
import { toast } from "../../ui/toast.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { resultError } from "../../lib/mutation-result.ts";
import { FormError } from "../../ui/FormError.tsx";

const AdminDeliveryFeesQuery = graphql(`
  query AdminDeliveryFees {
    deliveryFees {
      ...DeliveryFeeTable
    }
  }
`);

const AdminUpdateDeliveryFeesMutation = graphql(`
  mutation AdminUpdateDeliveryFees($input: DeliveryFeesInput!) {
    updateDeliveryFees(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationUpdateDeliveryFeesSuccess {
        data {
          ...DeliveryFeeTable
        }
      }
    }
  }
`);

/** "1500.00" → "1500" for editing; kobo stay when there are any. */
const editable = (amount: string) => amount.replace(/\.00$/, "");

function toForm(table: DeliveryFeeTable): DeliveryFeeTable {
  return {
    doorstepFee: editable(table.doorstepFee),
    parkFee: editable(table.parkFee),
    freeDeliveryThreshold: table.freeDeliveryThreshold ? editable(table.freeDeliveryThreshold) : "",
    stateFees: table.stateFees.map((f) => ({ method: f.method, state: f.state, fee: editable(f.fee) })),
  };
}

export function DeliveryTab() {
  const { data, loading, error, refetch } = useQuery(AdminDeliveryFeesQuery, { fetchPolicy: "network-only" });
  const [save, { loading: saving }] = useMutation(AdminUpdateDeliveryFeesMutation);
  const [form, setForm] = useState<DeliveryFeeTable | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (data?.deliveryFees && !form) setForm(toForm(getFragmentData(DeliveryFeeTableFragment, data.deliveryFees)));
  }, [data, form]);

  if (error) return <LoadError retry={refetch} message={`Could not load the delivery fees: ${error.message}`} />;
  if (loading || !form) return <p className="page-status">Loading delivery fees...</p>;
  const current = form;

  const set = (patch: Partial<DeliveryFeeTable>) => setForm({ ...current, ...patch });
  const setRow = (i: number, patch: Partial<DeliveryFeeTable["stateFees"][number]>) =>
    set({ stateFees: current.stateFees.map((row, j) => (j === i ? { ...row, ...patch } : row)) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const first = checkFeeTable(current).errors[0];
    setProblem(first?.message ?? null);
    if (first) return;
    try {
      const { data: saved } = await save({ variables: { input: { ...current, freeDeliveryThreshold: current.freeDeliveryThreshold || null } } });
      const result = saved?.updateDeliveryFees;
      if (result?.__typename !== "MutationUpdateDeliveryFeesSuccess") {
        setProblem(resultError(result, "Could not save the delivery fees"));
        return;
      }
      setForm(toForm(getFragmentData(DeliveryFeeTableFragment, result.data)));
      toast("Delivery fees saved");
    } catch {
      setProblem("Could not save the delivery fees");
    }
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Delivery fees</h2>
      </div>
      <p className="admin-muted">Store pickup is always free. New fees apply to orders placed from now on; orders already placed keep the fee they were charged.</p>
      <form className="admin-form delivery-fees" onSubmit={submit} noValidate>
        <div className="admin-form__row">
          <label>
            Doorstep delivery (₦, every other state)
            <input inputMode="decimal" value={current.doorstepFee} onChange={(e) => set({ doorstepFee: e.target.value })} />
          </label>
          <label>
            Motor park (₦, every other state)
            <input inputMode="decimal" value={current.parkFee} onChange={(e) => set({ parkFee: e.target.value })} />
          </label>
        </div>
        <label>
          Free delivery from an order of (₦, empty for never)
          <input inputMode="decimal" value={current.freeDeliveryThreshold ?? ""} onChange={(e) => set({ freeDeliveryThreshold: e.target.value })} />
        </label>
        <fieldset className="delivery-fees__states">
          <legend>Fees for particular states</legend>
          {current.stateFees.map((row, i) => (
            <div key={i} className="delivery-fees__row" role="group" aria-label={`State fee ${i + 1}`}>
              <label>
                Method
                <select value={row.method} onChange={(e) => setRow(i, { method: e.target.value })}>
                  <option value="doorstep">Doorstep</option>
                  <option value="park">Motor park</option>
                </select>
              </label>
              <label>
                State
                <StateSelect value={row.state} onChange={(state) => setRow(i, { state })} />
              </label>
              <label>
                Fee (₦)
                <input inputMode="decimal" value={row.fee} onChange={(e) => setRow(i, { fee: e.target.value })} />
              </label>
              <button type="button" className="button button--small button--ghost" onClick={() => set({ stateFees: current.stateFees.filter((_, j) => j !== i) })}>
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="button button--small button--ghost" onClick={() => set({ stateFees: [...current.stateFees, { method: "doorstep", state: "", fee: "" }] })}>
            Add a state fee
          </button>
        </fieldset>
        <FormError message={problem} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving..." : "Save delivery fees"}
          </button>
        </div>
      </form>
    </div>
  );
}
