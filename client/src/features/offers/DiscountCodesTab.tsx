// The owner's discount codes (admin only): each code with its offer, its limits, its Lagos-time window
// and its uses so far, and one form to create a code or change one. Checked here with the server's
// own rule (common/discount-codes.ts) for a quick answer; the server decides. Cards, not a table,
// so it reads on a phone.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { AdminDiscountCodesQuery } from "../../gql/graphql.ts";
import { checkDiscountCode, offerLabel } from "../../../../common/discount-codes.ts";
import { parseLagosDateTimeInput, toLagosDateTimeInput } from "../../../../common/lagos-time-input.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { toast } from "../../ui/toast.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const DiscountCodesQuery = graphql(`
  query AdminDiscountCodes {
    adminDiscountCodes {
      id
      code
      percentOff
      amountOff
      minSubtotal
      startsAt
      endsAt
      maxUses
      maxUsesPerPhone
      active
      uses
    }
  }
`);

const AdminCreateDiscountCodeMutation = graphql(`
  mutation AdminCreateDiscountCode($input: DiscountCodeInput!) {
    createDiscountCode(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationCreateDiscountCodeSuccess {
        data {
          id
        }
      }
    }
  }
`);

const AdminUpdateDiscountCodeMutation = graphql(`
  mutation AdminUpdateDiscountCode($id: ID!, $input: DiscountCodeInput!) {
    updateDiscountCode(id: $id, input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationUpdateDiscountCodeSuccess {
        data {
          id
        }
      }
    }
  }
`);

type Code = AdminDiscountCodesQuery["adminDiscountCodes"][number];

/** The form as typed: every field text, times as Lagos wall-clock ("2026-12-24T18:00"). */
interface Form {
  id: string | null;
  code: string;
  kind: "percent" | "amount";
  off: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerPhone: string;
  active: boolean;
}

const EMPTY: Form = { id: null, code: "", kind: "percent", off: "", minSubtotal: "", startsAt: "", endsAt: "", maxUses: "", maxUsesPerPhone: "", active: true };

const editable = (amount: string | null) => (amount ?? "").replace(/\.00$/, "");

function toForm(code: Code): Form {
  return {
    id: code.id,
    code: code.code,
    kind: code.percentOff !== null ? "percent" : "amount",
    off: code.percentOff !== null ? String(code.percentOff) : editable(code.amountOff),
    minSubtotal: editable(code.minSubtotal),
    startsAt: code.startsAt ? toLagosDateTimeInput(code.startsAt) : "",
    endsAt: code.endsAt ? toLagosDateTimeInput(code.endsAt) : "",
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    maxUsesPerPhone: code.maxUsesPerPhone === null ? "" : String(code.maxUsesPerPhone),
    active: code.active,
  };
}

/** A whole number as typed; NaN for anything else, so the rule names the field. */
const count = (text: string) => (text.trim() ? (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN) : null);

/** The API's input from the form, or the problem to show. */
function toInput(form: Form) {
  const startsAt = form.startsAt ? parseLagosDateTimeInput(form.startsAt) : null;
  const endsAt = form.endsAt ? parseLagosDateTimeInput(form.endsAt) : null;
  if (form.startsAt && !startsAt) return { problem: "Choose when the code starts, or leave it empty" };
  if (form.endsAt && !endsAt) return { problem: "Choose when the code ends, or leave it empty" };
  const fields = {
    code: form.code,
    percentOff: form.kind === "percent" ? (form.off.trim() ? Number(form.off.trim()) : null) : null,
    amountOff: form.kind === "amount" ? form.off : null,
    minSubtotal: form.minSubtotal.trim() || null,
    startsAt,
    endsAt,
    maxUses: count(form.maxUses),
    maxUsesPerPhone: count(form.maxUsesPerPhone),
    active: form.active,
  };
  const checked = checkDiscountCode(fields);
  if (!checked.ok) return { problem: checked.message };
  return { input: { ...fields, startsAt: startsAt?.toISOString() ?? null, endsAt: endsAt?.toISOString() ?? null } };
}

function CodeCard({ code, onEdit }: { code: Code; onEdit: () => void }) {
  const limits = [
    code.minSubtotal ? `orders from ${formatNaira(code.minSubtotal)}` : null,
    code.maxUsesPerPhone !== null ? `${code.maxUsesPerPhone} per phone number` : null,
  ].filter(Boolean);
  return (
    <li className="admin-row discount-code">
      <div className="admin-row__main">
        <strong>
          {code.code} <span className={code.active ? "admin-pill admin-pill--sent" : "admin-pill"}>{code.active ? "On" : "Off"}</span>
        </strong>
        <span>
          {offerLabel(code)}
          {limits.length ? `, ${limits.join(", ")}` : ""}
        </span>
        <span className="admin-muted">
          Used {code.uses}
          {code.maxUses !== null ? ` of ${code.maxUses}` : ""} {code.uses === 1 ? "time" : "times"}
        </span>
        {code.startsAt ? <span className="admin-muted">From {formatLagosTime(code.startsAt)}</span> : null}
        {code.endsAt ? <span className="admin-muted">Until {formatLagosTime(code.endsAt)}</span> : null}
      </div>
      <div className="admin-row__actions">
        <button type="button" className="button button--small button--ghost" onClick={onEdit} aria-label={`Change ${code.code}`}>
          Change
        </button>
      </div>
    </li>
  );
}

export function DiscountCodesTab() {
  const { data, loading, error, refetch } = useQuery(DiscountCodesQuery, { fetchPolicy: "cache-and-network" });
  const [create, { loading: creating }] = useMutation(AdminCreateDiscountCodeMutation);
  const [update, { loading: updating }] = useMutation(AdminUpdateDiscountCodeMutation);
  const [form, setForm] = useState<Form>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { input, problem: typed } = toInput(form);
    setProblem(typed ?? null);
    if (!input) return;
    try {
      const result = form.id
        ? (await update({ variables: { id: form.id, input } })).data?.updateDiscountCode
        : (await create({ variables: { input } })).data?.createDiscountCode;
      if (result?.__typename !== "MutationCreateDiscountCodeSuccess" && result?.__typename !== "MutationUpdateDiscountCodeSuccess") {
        setProblem(resultError(result, "Could not save the code"));
        return;
      }
      toast(form.id ? `Code ${input.code.trim().toUpperCase()} saved` : `Code ${input.code.trim().toUpperCase()} created`);
      setForm(EMPTY);
      await refetch();
    } catch {
      setProblem("Could not save the code");
    }
  }

  const codes = data?.adminDiscountCodes ?? [];
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Discount codes</h2>
      </div>
      <p className="admin-muted">A code takes a percent or an amount off the items, never off delivery. Times are Lagos time.</p>
      <form className="admin-form discount-code-form" onSubmit={submit} noValidate aria-label={form.id ? `Change code ${form.code}` : "New discount code"}>
        <h3>{form.id ? `Change ${form.code}` : "New code"}</h3>
        <div className="discount-code-form__row">
          <label>
            Code
            <input value={form.code} autoCapitalize="characters" autoComplete="off" maxLength={20} onChange={(e) => set({ code: e.target.value })} />
          </label>
          <label>
            Offer
            <select value={form.kind} onChange={(e) => set({ kind: e.target.value as Form["kind"], off: "" })}>
              <option value="percent">Percent off</option>
              <option value="amount">Naira off</option>
            </select>
          </label>
          <label>
            {form.kind === "percent" ? "Percent off (1 to 90)" : "Naira off (e.g. 2,000)"}
            <input inputMode={form.kind === "percent" ? "numeric" : "decimal"} value={form.off} onChange={(e) => set({ off: e.target.value })} />
          </label>
          <label>
            Minimum order (₦, optional)
            <input inputMode="decimal" value={form.minSubtotal} onChange={(e) => set({ minSubtotal: e.target.value })} />
          </label>
          <label>
            Starts (Lagos time, optional)
            <input type="datetime-local" value={form.startsAt} onChange={(e) => set({ startsAt: e.target.value })} />
          </label>
          <label>
            Ends (Lagos time, optional)
            <input type="datetime-local" value={form.endsAt} onChange={(e) => set({ endsAt: e.target.value })} />
          </label>
          <label>
            Uses in all (optional)
            <input inputMode="numeric" value={form.maxUses} onChange={(e) => set({ maxUses: e.target.value })} />
          </label>
          <label>
            Uses per phone number (optional)
            <input inputMode="numeric" value={form.maxUsesPerPhone} onChange={(e) => set({ maxUsesPerPhone: e.target.value })} />
          </label>
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
          On (shoppers can use it)
        </label>
        <FormError message={problem} />
        <div className="admin-form__actions">
          {form.id ? (
            <button type="button" className="button button--ghost" onClick={() => (setForm(EMPTY), setProblem(null))}>
              Cancel
            </button>
          ) : null}
          <button type="submit" className="button" disabled={creating || updating}>
            {creating || updating ? "Saving..." : form.id ? "Save code" : "Create code"}
          </button>
        </div>
      </form>
      {error ? <LoadError retry={refetch} message={`Could not load the codes: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading codes...</p> : null}
      {data && !codes.length ? <p className="admin-muted">No codes yet.</p> : null}
      <ul className="admin-list" aria-label="Discount codes">
        {codes.map((code) => (
          <CodeCard key={code.id} code={code} onEdit={() => (setForm(toForm(code)), setProblem(null), window.scrollTo?.({ top: 0 }))} />
        ))}
      </ul>
    </div>
  );
}
