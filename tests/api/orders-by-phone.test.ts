// A guest who lost the order reference (issue 26 item 12): the references of orders placed with a
// phone are emailed to the address on those orders, through the outbox; the answer never says
// whether any order matched.
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { makeOrder } from "./admin-fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const EMAIL_REFERENCES = `mutation($phone: String!) {
  emailOrderReferences(phone: $phone) {
    __typename
    ... on Error { message }
    ... on MutationEmailOrderReferencesSuccess { data { phone } }
  }
}`;

it("emails the references of the phone's orders to the email on them, and answers the same for a phone with none", async () => {
  const product = await makeProduct(t.prisma, { stock: 5 });
  const first = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "Phone.Owner@example.ng" });
  const second = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "phone.owner@example.ng" });
  // makeOrder places them with 08031234567; another shopper's order with another phone.
  const other = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "someone.else@example.ng" });
  await t.prisma.order.update({ where: { id: other.id }, data: { customerPhone: "+2348099999999" } });

  const res = await t.client().data(EMAIL_REFERENCES, { phone: "+234 803 123 4567" });
  expect(res.emailOrderReferences).toEqual({ __typename: "MutationEmailOrderReferencesSuccess", data: { phone: "+234 803 123 4567" } });
  const emails = await t.prisma.emailOutbox.findMany();
  expect(emails.map((e) => e.to)).toEqual(["phone.owner@example.ng"]);
  for (const order of [first, second]) expect(emails[0]!.body).toContain(`${t.config.publicUrl}/track-order/${order.shortOrderId}`);
  expect(emails[0]!.body).not.toContain(other.shortOrderId);

  const none = await t.client().data(EMAIL_REFERENCES, { phone: "0701 000 0000" });
  expect(none.emailOrderReferences.__typename).toBe("MutationEmailOrderReferencesSuccess");
  expect(await t.prisma.emailOutbox.count()).toBe(1);
});

it("refuses a phone that is not a Nigerian number, and a phone asked about too often", async () => {
  const bad = await t.client().data(EMAIL_REFERENCES, { phone: "12" });
  expect(bad.emailOrderReferences.__typename).toBe("ValidationError");
  const client = t.client({ "X-Test": "limits" });
  const answers: string[] = [];
  for (let i = 0; i < 4; i++) answers.push((await client.data(EMAIL_REFERENCES, { phone: "0802 222 3333" })).emailOrderReferences.__typename);
  expect(answers).toEqual(["MutationEmailOrderReferencesSuccess", "MutationEmailOrderReferencesSuccess", "MutationEmailOrderReferencesSuccess", "RateLimitError"]);
});
