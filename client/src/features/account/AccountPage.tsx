// /account: profile (view/edit, avatar), order stats and My Orders. Guests are sent to /auth.
import { lazy, Suspense, useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, Navigate } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { LIMITS } from "../../../../common/validation.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { useViewer } from "../../lib/viewer.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { toast } from "../../ui/toast.tsx";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { statusTone } from "../orders/order-labels.ts";
import { acceptAttribute, IMAGE_TYPES } from "../../../../common/upload-types.ts";
import { orderStatusLabel } from "../../../../common/order-status.ts";
import { formatLagosDate } from "../../../../common/lagos-time.ts";
import { AvatarUploadError, uploadAvatar } from "./upload-avatar.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { PAYMENT_STATE_LABELS, paymentState } from "../../../../common/payment-state.ts";
import { isErrorResult } from "../../lib/mutation-result.ts";
import type { AccountOrder } from "./OrderPanel.tsx";
import "../../personal-pages.css";
import { itemCount } from "../../../../common/stock-messages.ts";

const AccountProfileQuery = graphql(`
  query AccountProfile {
    myProfile {
      id
      ...ProfileCard
    }
    myOrders {
      id
      shortOrderId
      status
      paymentStatus
      deliveryFee
      total
      createdAt
      deliveryMethod
      customerName
      customerAddress
      deliveryState
      rejectionReason
      ...OrderPaymentState
      ...WhatsAppOrderLink
      ...AddMoreNote
      claimReasons
      claims {
        id
      }
      ...OrderClaims
      items {
        id
        quantity
        ...OrderItemLine
      }
    }
  }
`);

const AccountUpdateProfileMutation = graphql(`
  mutation AccountUpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationUpdateProfileSuccess {
        data {
          id
          fullName
          phone
          address
        }
      }
    }
  }
`);

const AccountUpdateAvatarMutation = graphql(`
  mutation AccountUpdateAvatar($avatarUrl: String!) {
    updateAvatar(avatarUrl: $avatarUrl) {
      __typename
      ... on Error {
        message
      }
      ... on MutationUpdateAvatarSuccess {
        data {
          id
          avatarUrl
        }
      }
    }
  }
`);

const ProfileCardFragment = graphql(`
  fragment ProfileCard on Profile {
    id
    email
    fullName
    phone
    address
    avatarUrl
  }
`);

function ProfileCard(props: { profile: FragmentType<typeof ProfileCardFragment> }) {
  const profile = getFragmentData(ProfileCardFragment, props.profile);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ fullName: "", phone: "", address: "" });
  const [uploading, setUploading] = useState(false);
  const [save, { loading: saving }] = useMutation(AccountUpdateProfileMutation);
  const [saveAvatar] = useMutation(AccountUpdateAvatarMutation);

  function startEditing() {
    setForm({ fullName: profile.fullName ?? "", phone: profile.phone ?? "", address: profile.address ?? "" });
    setEditing(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const { data } = await save({ variables: { input: form } });
      const result = data?.updateProfile;
      if (result?.__typename !== "MutationUpdateProfileSuccess") {
        toast.error(isErrorResult(result) ? `Failed to save profile: ${result.message}` : "Failed to save profile");
        return;
      }
      toast("Profile saved");
      setEditing(false);
    } catch {
      toast.error("Failed to save profile");
    }
  }

  async function changeAvatar(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadAvatar(file);
      const { data } = await saveAvatar({ variables: { avatarUrl: url } });
      if (data?.updateAvatar.__typename !== "MutationUpdateAvatarSuccess") throw new Error("not saved");
      toast("Profile photo updated");
    } catch (error) {
      toast.error(error instanceof AvatarUploadError ? error.message : "Failed to upload avatar");
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="profile-card" aria-labelledby="profile-title">
      <div className="profile-card__head">
        <div className="avatar">
          {profile.avatarUrl ? <img src={profile.avatarUrl} alt="Profile photo" width={80} height={80} className="avatar__image" /> : <span aria-hidden="true">{(profile.fullName || profile.email).slice(0, 1).toUpperCase()}</span>}
        </div>
        <div>
          <h2 id="profile-title">{profile.fullName || "Your profile"}</h2>
          <p className="profile-card__email">{profile.email}</p>
          <label className="link-button avatar-upload">
            {uploading ? "Uploading..." : "Change photo"}
            <input type="file" accept={acceptAttribute(IMAGE_TYPES)} onChange={changeAvatar} disabled={uploading} className="visually-hidden" aria-label="Upload profile photo" />
          </label>
        </div>
      </div>
      {editing ? (
        <form onSubmit={submit} className="profile-form">
          <div className="form-field">
            <label htmlFor="profile-name">Full name</label>
            <input id="profile-name" value={form.fullName} onChange={(e) => setForm({ ...form, fullName: e.target.value })} maxLength={LIMITS.name} autoComplete="name" />
          </div>
          <div className="form-field">
            <label htmlFor="profile-phone">Phone number</label>
            <input id="profile-phone" type="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} maxLength={LIMITS.phone} autoComplete="tel" />
          </div>
          <div className="form-field">
            <label htmlFor="profile-address">Address</label>
            <textarea id="profile-address" rows={3} value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} maxLength={LIMITS.address} autoComplete="street-address" />
          </div>
          <div className="profile-form__actions">
            <button type="submit" className="button" disabled={saving}>
              Save
            </button>
            <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="order-facts">
            <div>
              <dt>Phone</dt>
              <dd>{profile.phone || "Not set"}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{profile.address || "Not set"}</dd>
            </div>
          </dl>
          <button type="button" className="button button--ghost" onClick={startEditing}>
            Edit Profile
          </button>
        </>
      )}
    </section>
  );
}

// An order's panel (payment, items) opens on "View": fetched once the orders show, not before them.
const loadOrderPanel = () => import("./OrderPanel.tsx");
const OrderPanel = lazy(() => loadOrderPanel().then((module) => ({ default: module.OrderPanel })));

export function AccountPage() {
  usePageMeta({ title: "My Account" });
  const { viewer, loading: viewerLoading, error: viewerError, refetch: refetchViewer } = useViewer();
  const { data, loading, refetch } = useQuery(AccountProfileQuery, { skip: !viewer, fetchPolicy: "cache-and-network" });
  const [open, setOpen] = useState<AccountOrder | null>(null);
  const hasOrders = Boolean(data?.myOrders.length);
  useEffect(() => {
    if (hasOrders) void loadOrderPanel().catch(() => undefined); // a failed fetch shows when an order is opened
  }, [hasOrders]);

  if (viewerLoading) return <p className="page-status">Loading...</p>;
  if (!viewer) return viewerError ? <LoadError retry={refetchViewer} /> : <Navigate to="/auth" state={{ from: "/account" }} replace />;
  if (loading && !data) return <p className="page-status">Loading your account...</p>;
  if (!data) return <LoadError retry={refetch} />;

  const orders = data.myOrders;
  return (
    <section className="container account-page">
      <h1>My Account</h1>
      <div className="account-layout">
        <ProfileCard profile={data.myProfile} />
        <section className="account-stats" aria-label="Order statistics">
          <div className="stat">
            <span className="stat__label">Total Orders</span>
            <strong className="stat__value" data-testid="total-orders">
              {orders.length}
            </strong>
          </div>
          <div className="stat">
            <span className="stat__label">Last Order</span>
            <strong className="stat__value">{orders[0] ? formatLagosDate(orders[0].createdAt) : "None yet"}</strong>
          </div>
        </section>
      </div>

      <section className="my-orders" aria-labelledby="my-orders-title">
        <div className="my-orders__head">
          <h2 id="my-orders-title">My Orders</h2>
          <Link to="/saved" className="button button--ghost">
            Saved items
          </Link>
          <Link to="/products" className="button button--ghost">
            Shop More
          </Link>
        </div>
        {orders.length === 0 ? (
          <div className="cart-empty">
            <p>You have not placed any orders yet.</p>
            <Link to="/products" className="button">
              Start Shopping
            </Link>
          </div>
        ) : (
          <ul className="order-list">
            {orders.map((order) => (
              <li key={order.id} className="order-row" data-testid="order-row">
                <div className="order-row__main">
                  <span className="order-reference">{order.shortOrderId}</span>
                  <CopyButton value={order.shortOrderId} label={`order reference ${order.shortOrderId}`} />
                  <span className={`status-badge status-badge--${statusTone(order.status)}`}>{orderStatusLabel(order.status)}</span>
                  <span className="payment-badge" data-testid="payment-state">
                    {PAYMENT_STATE_LABELS[paymentState(order)]}
                  </span>
                </div>
                <div className="order-row__meta">
                  {formatLagosDate(order.createdAt)} · {itemCount(order.items.reduce((units, item) => units + item.quantity, 0))} · <strong>{formatNaira(order.total)}</strong>
                </div>
                <div className="order-row__actions">
                  <button type="button" className="button button--ghost" onClick={() => setOpen(order)}>
                    View
                  </button>
                  <Link to={`/track-order/${order.shortOrderId}`} className="button button--ghost">
                    Track
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {open && (
        <Suspense fallback={null}>
          <OrderPanel order={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
