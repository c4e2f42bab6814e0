// Emails give the payment deadline in Lagos time, in the same words the pages use (issue 11, item 13).
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { details, placeOrder } from "../helpers/shopper.ts";
import { formatLagosTime } from "../../common/lagos-time.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

it("the order confirmation email states the hold deadline in Lagos time", async () => {
  const product = await makeProduct(t.prisma, { stock: 1 });
  const result = await placeOrder(t.client(), { ...details({ email: "deadline@example.ng" }), items: [{ productId: product.id, quantity: 1 }] });
  const { holdExpiresAt } = result.data.order;
  const mail = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "deadline@example.ng" } });
  expect(mail.body).toContain(`before ${formatLagosTime(holdExpiresAt)}`);
  expect(mail.body).toMatch(/\d{1,2}:\d{2} [AP]M \(Lagos time\)/);
  expect(mail.body).not.toContain("GMT");
});
