// A customer sees and changes only their own cart, orders and profile; a guest only the order its
// browser placed; admins see everything.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, CART, details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let alice: GraphQLClient;
let bob: GraphQLClient;
let aliceOrder: { id: string; shortOrderId: string };
let aliceItemId: string;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  alice = await signedUp(t, "alice@example.ng");
  bob = await signedUp(t, "bob@example.ng");
  const product = await makeProduct(t.prisma, { stock: 10 });
  await alice.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
  aliceOrder = (await placeOrder(alice, details({ fullName: "Alice Okafor", email: "alice@example.ng" }))).data.order;
  aliceItemId = (await alice.data(ADD_TO_CART, { productId: product.id, quantity: 2 })).addToCart.data.id;
});
afterAll(() => t?.close());

const TRACK = `query($ref: String!, $token: String) { trackOrder(reference: $ref, guestToken: $token) {
  id shortOrderId status total viewerIsOwner customerName customerEmail customerPhone customerAddress
  transportCompany waybillNumber driverPhone items { productName }
} }`;
const LATEST = `query($id: ID, $token: String) { latestOrder(guestOrderId: $id, guestToken: $token) { id customerName } }`;

describe("carts", () => {
  it("a customer cannot change or remove another customer's cart item, nor see it", async () => {
    const update = await bob.data(`mutation($id: ID!) { updateCartItem(itemId: $id, quantity: 1) { __typename ... on Error { message } } }`, { id: aliceItemId });
    expect(update.updateCartItem).toEqual({ __typename: "NotFoundError", message: "Cart item not found" });
    const remove = await bob.data(`mutation($id: ID!) { removeCartItem(itemId: $id) { __typename ... on Error { message } } }`, { id: aliceItemId });
    expect(remove.removeCartItem.__typename).toBe("NotFoundError");
    expect((await bob.data(CART)).cart).toEqual([]);
    expect((await alice.data(CART)).cart).toEqual([expect.objectContaining({ id: aliceItemId, quantity: 2 })]);
  });
});

describe("orders", () => {
  it("My Orders lists only the viewer's own orders", async () => {
    expect((await alice.data(`{ myOrders { id } }`)).myOrders).toEqual([{ id: aliceOrder.id }]);
    expect((await bob.data(`{ myOrders { id } }`)).myOrders).toEqual([]);
    expect((await t.client().request(`{ myOrders { id } }`)).errors?.[0]?.message).toBe("Please log in to continue");
  });

  it("the tracker shows progress and items to anyone, contact and hand-over details only to the owner or an admin", async () => {
    await t.prisma.order.update({
      where: { id: aliceOrder.id },
      data: { transportCompany: "GUO Transport", waybillNumber: "WB-1234", driverPhone: "+2348091112222" },
    });
    const mine = (await alice.data(TRACK, { ref: aliceOrder.shortOrderId })).trackOrder;
    expect(mine).toMatchObject({ viewerIsOwner: true, customerName: "Alice Okafor", customerEmail: "alice@example.ng", customerPhone: "+2348031234567" });
    expect(mine).toMatchObject({ transportCompany: "GUO Transport", waybillNumber: "WB-1234", driverPhone: "+2348091112222" });
    for (const stranger of [bob, t.client()]) {
      const seen = (await stranger.data(TRACK, { ref: aliceOrder.shortOrderId })).trackOrder;
      expect(seen).toMatchObject({ id: aliceOrder.id, viewerIsOwner: false, customerName: null, customerEmail: null, customerPhone: null, customerAddress: null });
      expect(seen).toMatchObject({ transportCompany: null, waybillNumber: null, driverPhone: null });
      expect(seen.items).toHaveLength(1);
    }
    const admin = await t.admin();
    expect((await admin.data(TRACK, { ref: aliceOrder.id })).trackOrder.customerEmail).toBe("alice@example.ng");
  });

  it("the thank-you page never shows another shopper's order", async () => {
    expect((await alice.data(LATEST, {})).latestOrder.id).toBe(aliceOrder.id);
    expect((await bob.data(LATEST, { id: aliceOrder.id, token: "guess" })).latestOrder).toBeNull();
    expect((await t.client().data(LATEST, { id: aliceOrder.id, token: null })).latestOrder).toBeNull();
  });

  it("a guest's order opens only with its browser's token", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const guest = t.client();
    const placed = await placeOrder(guest, { ...details({ fullName: "Guest Gbenga" }), items: [{ productId: product.id, quantity: 1 }] });
    const { id, shortOrderId } = placed.data.order;
    const token = placed.data.guestToken;
    expect((await t.client().data(LATEST, { id, token })).latestOrder).toEqual({ id, customerName: "Guest Gbenga" });
    expect((await t.client().data(TRACK, { ref: shortOrderId.toLowerCase(), token })).trackOrder.customerName).toBe("Guest Gbenga");
    expect((await t.client().data(LATEST, { id, token: `${token}x` })).latestOrder).toBeNull();
    expect((await t.client().data(TRACK, { ref: shortOrderId, token: "wrong" })).trackOrder.customerName).toBeNull();
    // A signed-in stranger holding nothing sees no details either.
    expect((await bob.data(TRACK, { ref: shortOrderId })).trackOrder.customerName).toBeNull();
  });

  it("the orderOwner scope: the order number, rejection reason and receipts only for the owner, the guest-token holder, a reference + phone proof or an admin", async () => {
    const PRIVATE = `orderNumber viewerIsOwner rejectionReason bankReference receipts { senderName } customerPhone`;
    const track = `query($ref: String!, $token: String) { trackOrder(reference: $ref, guestToken: $token) { ${PRIVATE} } }`;
    const product = await makeProduct(t.prisma, { stock: 1 });
    const placed = await placeOrder(t.client(), { ...details({ fullName: "Guest Kemi" }), items: [{ productId: product.id, quantity: 1 }] });
    const { id, shortOrderId } = placed.data.order;
    const token = placed.data.guestToken;
    await t.prisma.order.update({ where: { id }, data: { rejectionReason: "No credit seen", bankReference: "GTB-778" } });
    await t.prisma.paymentReceipt.create({ data: { orderId: id, fileUrl: "/uploads/receipts/abcdefgh.jpg", mimeType: "image/jpeg", senderName: "Kemi A", senderBank: "GTBank" } });
    const { orderNumber } = await t.prisma.order.findUniqueOrThrow({ where: { id } });

    const hidden = { orderNumber: null, viewerIsOwner: false, rejectionReason: null, bankReference: null, receipts: [], customerPhone: null };
    for (const stranger of [t.client(), bob, alice]) {
      const res = await stranger.request(track, { ref: shortOrderId, token: "not-the-token" });
      expect(res.errors).toBeUndefined();
      expect(res.data?.trackOrder).toEqual(hidden);
    }
    const owner = { orderNumber, viewerIsOwner: true, rejectionReason: "No credit seen", bankReference: null, receipts: [{ senderName: "Kemi A" }], customerPhone: "+2348031234567" };
    expect((await t.client().data(track, { ref: shortOrderId, token })).trackOrder).toEqual(owner);
    // The grant belongs to the request that proved it: the next request without the token sees nothing.
    expect((await t.client().data(track, { ref: shortOrderId })).trackOrder).toEqual(hidden);
    const byPhone = await t.client().data(
      `query($ref: String!, $phone: String!) { orderByReferenceAndPhone(reference: $ref, phone: $phone) { ... on QueryOrderByReferenceAndPhoneSuccess { data { order { ${PRIVATE} } } } } }`,
      { ref: shortOrderId, phone: "0803 123 4567" },
    );
    expect(byPhone.orderByReferenceAndPhone.data.order).toEqual(owner);
    const admin = await t.admin();
    expect((await admin.data(track, { ref: shortOrderId })).trackOrder).toEqual({ ...owner, bankReference: "GTB-778" });
    // A signed-in owner sees their own order's private fields without any token.
    const mine = (await alice.data(track, { ref: aliceOrder.shortOrderId })).trackOrder;
    expect(mine).toMatchObject({ viewerIsOwner: true, bankReference: null, customerPhone: "+2348031234567" });
    expect(mine.orderNumber).toEqual(expect.any(Number));
  });

  it("an unknown or malformed reference is simply not found", async () => {
    for (const ref of ["ZZZZZZZZ", "00000000-0000-4000-8000-000000000000", "x".repeat(10_000), "<script>", ""]) {
      expect((await t.client().data(TRACK, { ref })).trackOrder).toBeNull();
    }
  });
});

describe("profiles", () => {
  it("each customer reads and edits only their own profile", async () => {
    await alice.data(`mutation { updateProfile(input: { fullName: "Alice O.", address: "Lekki" }) { __typename } }`);
    expect((await bob.data(`{ myProfile { email fullName address } }`)).myProfile).toEqual({ email: "bob@example.ng", fullName: "Ada Obi", address: null });
    expect((await alice.data(`{ myProfile { fullName address } }`)).myProfile).toEqual({ fullName: "Alice O.", address: "Lekki" });
    expect((await t.client().request(`{ myProfile { email } }`)).errors?.[0]?.message).toBe("Please log in to continue");
  });

  it("a customer cannot point their avatar at another customer's photo", async () => {
    const aliceId = (await t.prisma.user.findUniqueOrThrow({ where: { email: "alice@example.ng" } })).id;
    const res = await bob.data(`mutation($url: String!) { updateAvatar(avatarUrl: $url) { __typename ... on Error { message } } }`, {
      url: `/uploads/profiles/${aliceId}.png`,
    });
    expect(res.updateAvatar).toEqual({ __typename: "ValidationError", message: "Upload the photo first, then save it to your profile" });
  });
});
