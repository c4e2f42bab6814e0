// Emails about an order tell the truth about its payment (the same rule as the pages): bank details
// only while payment is due, "Payment received" once paid, the reason after a rejected receipt.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { makeOrder } from "./admin-fixtures.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

const UPDATE_STATUS = `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`;

async function statusEmailFor(orderId: string, email: string, status: string) {
  const res = await admin.data(UPDATE_STATUS, { input: { orderId, status, confirmUnpaid: true } });
  expect(res.updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");
  return t.prisma.emailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
}

describe("the payment paragraph of status emails", () => {
  it("asks an unpaid order for the transfer with the bank details", async () => {
    const order = await makeOrder(t.prisma, [{ product: await makeProduct(t.prisma, { price: "7500", stock: 5 }), quantity: 1 }], { email: "unpaid@example.com" });
    const email = await statusEmailFor(order.id, "unpaid@example.com", "processing");
    expect(email.body).toContain(`Please pay ₦7,500 by bank transfer to ${t.config.store.bankAccountName}, ${t.config.store.bankName}, account ${t.config.store.bankAccountNumber}`);
  });

  it("never asks a paid order to pay again", async () => {
    const order = await makeOrder(t.prisma, [{ product: await makeProduct(t.prisma, { price: "5000", stock: 5 }), quantity: 1 }], { email: "paid@example.com" });
    await t.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "paid", status: "confirmed" } });
    const email = await statusEmailFor(order.id, "paid@example.com", "shipped");
    expect(email.body).toContain("Payment: Payment received. Thank you! Nothing more to pay.");
    expect(email.body).not.toContain("Please pay");
    expect(email.body).not.toContain(t.config.store.bankAccountNumber);
  });

  it("tells a shopper whose receipt is under review, or was rejected, where it stands", async () => {
    const review = await makeOrder(t.prisma, [{ product: await makeProduct(t.prisma, { price: "5000", stock: 5 }), quantity: 1 }], { email: "review@example.com" });
    await t.prisma.order.update({ where: { id: review.id }, data: { paymentStatus: "under_review" } });
    const reviewed = await statusEmailFor(review.id, "review@example.com", "processing");
    expect(reviewed.body).toContain("We have your receipt and are checking it against our bank account.");
    expect(reviewed.body).not.toContain("Please pay");

    const rejected = await makeOrder(t.prisma, [{ product: await makeProduct(t.prisma, { price: "5000", stock: 5 }), quantity: 1 }], { email: "rejected@example.com" });
    await t.prisma.order.update({ where: { id: rejected.id }, data: { rejectionReason: "Amount did not match." } });
    const email = await statusEmailFor(rejected.id, "rejected@example.com", "processing");
    expect(email.body).toContain("We could not confirm your last receipt: Amount did not match. Please check the transfer and upload a new receipt.");
    expect(email.body).toContain("Please pay ₦5,000");
  });
});

describe("the outbox without SMTP", () => {
  it("tells the admin delivery is off and reads queued emails as not sent", async () => {
    const order = await makeOrder(t.prisma, [{ product: await makeProduct(t.prisma, { price: "5000", stock: 5 }), quantity: 1 }], { email: "nosmtp@example.com" });
    await statusEmailFor(order.id, "nosmtp@example.com", "processing");
    const res = await admin.data(`{ adminMailDelivery { smtpConfigured } adminEmails(status: queued) { to status deliveryState body } }`);
    expect(res.adminMailDelivery).toEqual({ smtpConfigured: false });
    const email = res.adminEmails.find((e: { to: string }) => e.to === "nosmtp@example.com");
    expect(email).toMatchObject({ status: "queued", deliveryState: "not sent: no SMTP configured" });
    expect(email.body).toContain(`Your order ${order.shortOrderId} is now: Processing.`);
  });
});
