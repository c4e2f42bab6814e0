import { startTestStore, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const MY_ORDERS = `{ myOrders { id shortOrderId status total createdAt items { productName quantity price imageUrl product { id } } } }`;

describe("a shopper's orders", () => {
  it("My Orders lists newest first with items and the prices they were placed at", async () => {
    const client = await signedUp(t);
    const product = await makeProduct(t.prisma, { name: "Kaftan Orders Test", stock: 5, price: "7000.00" });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
      ids.push((await placeOrder(client, details())).data.order.id);
    }
    // Later price and name changes do not rewrite past orders.
    await t.prisma.product.update({ where: { id: product.id }, data: { price: "9999.00", name: "Renamed" } });
    const { myOrders } = await client.data(MY_ORDERS);
    expect(myOrders.map((o: any) => o.id)).toEqual([...ids].reverse());
    expect(myOrders[0].items).toEqual([{ productName: "Kaftan Orders Test", quantity: 1, price: "7000.00", imageUrl: null, product: { id: product.id } }]);
  });

  it("the thank-you order is the signed-in shopper's newest", async () => {
    const client = await signedUp(t);
    expect((await client.data(`{ latestOrder { id } }`)).latestOrder).toBeNull();
    const product = await makeProduct(t.prisma, { stock: 5 });
    await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    await placeOrder(client, details());
    await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const second = (await placeOrder(client, details())).data.order;
    expect((await client.data(`{ latestOrder { id shortOrderId customerName } }`)).latestOrder).toEqual({
      id: second.id,
      shortOrderId: second.shortOrderId,
      customerName: "Chioma Eze",
    });
  });

  it("the tracker finds an order by short id (any case, look-alike letters) or by id", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const { order } = (await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] })).data;
    const q = `query($r: String!) { trackOrder(reference: $r) { id status items { quantity } } }`;
    for (const ref of [order.shortOrderId, order.shortOrderId.toLowerCase(), ` ${order.shortOrderId} `, order.id, order.shortOrderId.replace(/0/g, "O").replace(/1/g, "I")]) {
      expect((await t.client().data(q, { r: ref })).trackOrder).toEqual({ id: order.id, status: "pending", items: [{ quantity: 1 }] });
    }
  });

  it("short order ids are unique 8-character Crockford base32 codes", async () => {
    const product = await makeProduct(t.prisma, { stock: 30 });
    const refs = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const placed = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
      refs.add(placed.data.order.shortOrderId);
    }
    expect(refs.size).toBe(15);
    for (const ref of refs) expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
