// The database's enums (prisma/schema.prisma) and the one list in common/ must say the same, or a
// status the database stores would have no label, no GraphQL value and no place in the admin select.
import { DeliveryMethod, OrderStatus, PaymentStatus } from "../../generated/prisma/enums.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../../common/order-status.ts";
import { DELIVERY_METHODS } from "../../../../common/delivery-methods.ts";

describe("the order vocabulary", () => {
  it("lists exactly the database's order statuses, payment statuses and delivery methods, in their order", () => {
    expect([...ORDER_STATUSES]).toEqual(Object.values(OrderStatus));
    expect([...PAYMENT_STATUSES]).toEqual(Object.values(PaymentStatus));
    expect([...DELIVERY_METHODS]).toEqual(Object.values(DeliveryMethod));
  });
});
