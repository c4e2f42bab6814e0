// The owner's figures against a hand-computed fixture: Lagos-day windows (an order paid at 23:30
// UTC belongs to the next Lagos day), money exact to the kobo, sell-through and median days to
// sale by category, unpaid orders and holds about to lapse, the same figures day by day, and paid
// sales as money received (decision 034) with refunds lowering net sales when the money went back.
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { makeCategory, makeListedProduct, placeOrder, refunded } from "./owner-fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

// Far in the future so the server's hold-expiry job (real clock) never touches the fixture.
// asOf is 13:00 in Lagos on 15 March 2031; that Lagos day began at 2031-03-14T23:00Z.
const AS_OF = "2031-03-15T12:00:00.000Z";
const at = (iso: string) => new Date(iso);

const FIGURES = `query($asOf: DateTime) {
  ownerFigures(asOf: $asOf) {
    asOf holdWarningHours
    awaitingPayment { orders value }
    holdsExpiringSoon { orders value }
    periods {
      key days from to paidSales refunds netSales paidOrders ordersPlaced averageOrderValue
      categories { name unitsSold unitsInStock sellThroughPercent medianDaysToSale }
      bestCategory { name } slowestCategory { name }
    }
    daily { date ordersPlaced paidOrders paidSales refunds netSales }
  }
}`;

interface Day {
  date: string;
  ordersPlaced: number;
  paidOrders: number;
  paidSales: string;
  refunds: string;
  netSales: string;
}

let tops: { id: string; name: string };
let pants: { id: string; name: string };
let jeans: Awaited<ReturnType<typeof makeListedProduct>>;

beforeAll(async () => {
  const p = t.prisma;
  tops = await makeCategory(p, "Ladies - Tops");
  pants = await makeCategory(p, "Men - Pants");
  // Stock now (after the sales below): tops 3 + 0, pants 2 + 0.
  const blouse = await makeListedProduct(p, { price: "12500.50", stock: 3, categoryId: tops.id, createdAt: at("2031-03-10T11:00:00Z") });
  const cami = await makeListedProduct(p, { price: "3333.33", stock: 0, categoryId: tops.id, createdAt: at("2031-03-13T23:00:00Z") });
  jeans = await makeListedProduct(p, { price: "7000.00", stock: 2, categoryId: pants.id, createdAt: at("2031-02-01T11:00:00Z") });
  const chinos = await makeListedProduct(p, { price: "4000.25", stock: 0, categoryId: pants.id, createdAt: at("2031-03-01T11:00:00Z") });
  const paid = { paymentStatus: "paid" as const };
  // O1: paid 00:30 Lagos on the 15th (23:30 UTC on the 14th): today.
  await placeOrder(p, { ...paid, lines: [{ product: blouse, quantity: 1 }], total: "12500.50", createdAt: at("2031-03-14T23:10:00Z"), paidAt: at("2031-03-14T23:30:00Z") });
  // O2: paid 23:59 Lagos on the 14th: yesterday, in 7 days.
  await placeOrder(p, { ...paid, lines: [{ product: cami, quantity: 2 }], total: "6666.66", createdAt: at("2031-03-14T22:00:00Z"), paidAt: at("2031-03-14T22:59:00Z") });
  // O3: paid 01:00 Lagos on the 9th, the first of the 7 days.
  await placeOrder(p, { ...paid, lines: [{ product: jeans, quantity: 1 }], total: "7000.00", createdAt: at("2031-03-08T23:30:00Z"), paidAt: at("2031-03-09T00:00:00Z") });
  // O4: paid 23:59 Lagos on the 8th: outside 7 days, inside 30.
  await placeOrder(p, { ...paid, lines: [{ product: jeans, quantity: 1 }], total: "7000.00", createdAt: at("2031-03-08T20:00:00Z"), paidAt: at("2031-03-08T22:59:00Z") });
  // O5: paid today but cancelled since: placed today, not a sale.
  await placeOrder(p, { ...paid, status: "cancelled", lines: [{ product: blouse, quantity: 1 }], total: "12500.50", createdAt: at("2031-03-15T01:00:00Z"), paidAt: at("2031-03-15T02:00:00Z") });
  // O6: paid after asOf: placed today, not yet a sale.
  await placeOrder(p, { ...paid, lines: [{ product: blouse, quantity: 1 }], total: "12500.50", createdAt: at("2031-03-15T09:00:00Z"), paidAt: at("2031-03-15T13:00:00Z") });
  // O7: awaiting transfer, hold ends in 2 hours.
  await placeOrder(p, { lines: [{ product: chinos, quantity: 1 }], total: "4000.25", createdAt: at("2031-03-15T08:00:00Z"), holdExpiresAt: at("2031-03-15T14:00:00Z") });
  // O8: receipt under review, hold ends in 10 hours.
  await placeOrder(p, { paymentStatus: "under_review", lines: [{ product: chinos, quantity: 1 }], total: "1500.00", createdAt: at("2031-03-10T08:00:00Z"), holdExpiresAt: at("2031-03-15T22:00:00Z") });
  // O10, O11: unpaid, but the owner already shipped or confirmed them (placed before the 30 days):
  // still owed, so awaiting payment; their holds no longer run, so not "expiring".
  await placeOrder(p, { status: "shipped", lines: [{ product: jeans, quantity: 1 }], total: "2000.00", createdAt: at("2031-01-05T08:00:00Z"), holdExpiresAt: at("2031-03-15T14:00:00Z") });
  await placeOrder(p, { status: "confirmed", lines: [{ product: jeans, quantity: 1 }], total: "1000.00", createdAt: at("2031-01-06T08:00:00Z") });
  // O9: an old expired order: nothing but "placed" in no window.
  await placeOrder(p, { paymentStatus: "expired", status: "cancelled", lines: [{ product: chinos, quantity: 1 }], total: "4000.25", createdAt: at("2031-01-01T08:00:00Z") });
});

async function figures(asOf = AS_OF) {
  const admin = await t.admin();
  return (await admin.data(FIGURES, { asOf })).ownerFigures;
}

const kobo = (money: string) => Math.round(Number(money) * 100);
type Summed = Pick<Day, "paidSales" | "paidOrders" | "ordersPlaced"> & Partial<Pick<Day, "refunds" | "netSales">>;
/** The last `n` days' totals, summed in kobo and written as Money is (refunds and net sales too
 *  when the days have them). */
function lastDays(daily: Summed[], n: number) {
  const days = daily.slice(-n);
  const money = (pick: (d: Summed) => string | undefined) => (days.reduce((sum, d) => sum + kobo(pick(d) ?? "0"), 0) / 100).toFixed(2);
  return {
    paidSales: money((d) => d.paidSales),
    paidOrders: days.reduce((sum, d) => sum + d.paidOrders, 0),
    ordersPlaced: days.reduce((sum, d) => sum + d.ordersPlaced, 0),
    ...(days.some((d) => d.refunds !== undefined) ? { refunds: money((d) => d.refunds), netSales: money((d) => d.netSales) } : {}),
  };
}


describe("owner's figures", () => {
  it("counts today from Lagos midnight: a payment at 23:30 UTC is the next Lagos day's", async () => {
    const f = await figures();
    const today = f.periods.find((p: { key: string }) => p.key === "today");
    expect(today).toMatchObject({
      days: 1,
      from: "2031-03-14T23:00:00.000Z",
      to: AS_OF,
      paidSales: "12500.50",
      refunds: "0.00",
      netSales: "12500.50",
      paidOrders: 1,
      ordersPlaced: 4,
      averageOrderValue: "12500.50",
    });
  });

  it("sums 7 and 30 Lagos days to the kobo and rounds the average order value to the kobo", async () => {
    const f = await figures();
    const [, week, month] = f.periods;
    expect(week).toMatchObject({ key: "7d", from: "2031-03-08T23:00:00.000Z", paidSales: "26167.16", paidOrders: 3, ordersPlaced: 7, averageOrderValue: "8722.39" });
    expect(month).toMatchObject({ key: "30d", from: "2031-02-13T23:00:00.000Z", paidSales: "33167.16", paidOrders: 4, ordersPlaced: 8, averageOrderValue: "8291.79" });
  });

  it("reports every unpaid order (also confirmed or shipped ones) and the holds ending within 6 hours", async () => {
    const f = await figures();
    expect(f.holdWarningHours).toBe(6);
    expect(f.awaitingPayment).toEqual({ orders: 4, value: "8500.25" });
    expect(f.holdsExpiringSoon).toEqual({ orders: 1, value: "4000.25" });
  });

  it("gives sell-through, median days to sale and the best and slowest category per period", async () => {
    const f = await figures();
    const [today, week, month] = f.periods;
    expect(today.categories).toEqual([
      { name: tops.name, unitsSold: 1, unitsInStock: 3, sellThroughPercent: "25.0", medianDaysToSale: "4.5" },
      { name: pants.name, unitsSold: 0, unitsInStock: 2, sellThroughPercent: "0.0", medianDaysToSale: null },
    ]);
    expect(today.bestCategory.name).toBe(tops.name);
    expect(today.slowestCategory.name).toBe(pants.name);
    // Median of 4.52 and 0.999 days is 2.76.
    expect(week.categories).toEqual([
      { name: tops.name, unitsSold: 3, unitsInStock: 3, sellThroughPercent: "50.0", medianDaysToSale: "2.8" },
      { name: pants.name, unitsSold: 1, unitsInStock: 2, sellThroughPercent: "33.3", medianDaysToSale: "35.5" },
    ]);
    // Both 50%: more units sold ranks first.
    expect(month.categories.map((c: { name: string; sellThroughPercent: string }) => [c.name, c.sellThroughPercent])).toEqual([
      [tops.name, "50.0"],
      [pants.name, "50.0"],
    ]);
    expect(month.bestCategory.name).toBe(tops.name);
    expect(month.slowestCategory.name).toBe(pants.name);
  });

  it("names no best and no slowest category for a period without sales (issue 26: \"Best: Bales (0.0%)\"; issue 40: \"Slowest: Unisex (0.0%)\")", async () => {
    const { ownerFigures } = await import("../../server/src/modules/reports/figures.service.ts");
    const quiet = await ownerFigures(t.prisma, new Date(Date.UTC(2020, 0, 1)));
    for (const period of quiet.periods) {
      expect(period.paidOrders).toBe(0);
      // Both categories have stock and sold nothing: a tie at 0.0%, none of them the slowest.
      expect(period.categories.map((c) => c.sellThroughPercent)).toEqual(["0.0", "0.0"]);
      expect(period.bestCategory).toBeNull();
      expect(period.slowestCategory).toBeNull();
    }
  });

  it("gives the last 30 Lagos days one by one, oldest first and ending today, adding up to the periods", async () => {
    const f = await figures();
    const daily: Day[] = f.daily;
    expect(daily).toHaveLength(30);
    expect(daily[0]!.date).toBe("2031-02-14");
    expect(daily[29]!.date).toBe("2031-03-15");
    // Consecutive calendar days (14 Feb 2031 + i).
    expect(daily.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2031, 1, 14 + i)).toISOString().slice(0, 10)));
    // O4 paid 23:59 Lagos on the 8th, O3 01:00 on the 9th; O1 00:30 on the 15th, O2 23:59 on the 14th.
    expect(daily.filter((d) => d.paidOrders > 0).map((d) => [d.date, d.paidSales])).toEqual([
      ["2031-03-08", "7000.00"],
      ["2031-03-09", "7000.00"],
      ["2031-03-14", "6666.66"],
      ["2031-03-15", "12500.50"],
    ]);
    const [today, week, month] = f.periods;
    for (const period of [today, week, month]) {
      expect({ days: period.days, ...lastDays(daily, period.days) }).toEqual({
        days: period.days,
        paidSales: period.paidSales,
        paidOrders: period.paidOrders,
        ordersPlaced: period.ordersPlaced,
        refunds: period.refunds,
        netSales: period.netSales,
      });
    }
  });

  it("puts an order at 23:30 Lagos and one at 00:30 the next morning on their own days, and the 30th day's first minutes in", async () => {
    // 10 June 2032, 13:00 Lagos: the 30 days run from 12 May (began 2032-05-11T23:00Z).
    const asOf = "2032-06-10T12:00:00.000Z";
    const line = [{ product: jeans, quantity: 1 }];
    const paid = { paymentStatus: "paid" as const, lines: line };
    await placeOrder(t.prisma, { ...paid, total: "1000.00", createdAt: at("2032-06-08T22:00:00Z"), paidAt: at("2032-06-08T22:30:00Z") }); // 23:30 Lagos, 8 June
    await placeOrder(t.prisma, { ...paid, total: "2000.00", createdAt: at("2032-06-08T23:20:00Z"), paidAt: at("2032-06-08T23:30:00Z") }); // 00:30 Lagos, 9 June
    await placeOrder(t.prisma, { ...paid, total: "400.00", createdAt: at("2032-05-11T22:50:00Z"), paidAt: at("2032-05-11T23:10:00Z") }); // placed 23:50 on 11 May, paid 00:10 on 12 May
    await placeOrder(t.prisma, { ...paid, status: "cancelled", total: "800.00", createdAt: at("2032-06-10T08:00:00Z"), paidAt: at("2032-06-10T09:00:00Z") }); // placed, no sale
    await placeOrder(t.prisma, { ...paid, total: "1600.00", createdAt: at("2032-06-10T11:00:00Z"), paidAt: at("2032-06-10T12:30:00Z") }); // paid after asOf
    const f = await figures(asOf);
    const daily: Day[] = f.daily;
    expect(daily[0]!.date).toBe("2032-05-12");
    expect(daily.filter((d) => d.ordersPlaced || d.paidOrders).map(({ refunds, netSales, ...day }) => (refunds === "0.00" && netSales === day.paidSales ? day : null))).toEqual([
      { date: "2032-05-12", ordersPlaced: 0, paidOrders: 1, paidSales: "400.00" },
      { date: "2032-06-08", ordersPlaced: 1, paidOrders: 1, paidSales: "1000.00" },
      { date: "2032-06-09", ordersPlaced: 1, paidOrders: 1, paidSales: "2000.00" },
      { date: "2032-06-10", ordersPlaced: 2, paidOrders: 0, paidSales: "0.00" },
    ]);
    const month = f.periods.find((p: { key: string }) => p.key === "30d");
    expect(lastDays(daily, 30)).toEqual({ paidSales: month.paidSales, paidOrders: month.paidOrders, ordersPlaced: month.ordersPlaced, refunds: "0.00", netSales: month.paidSales });
  });

  it("breaks every period and every day down by channel, with the totals' definitions, adding up to them", async () => {
    // 20 August 2033, 13:00 Lagos.
    const asOf = "2033-08-20T12:00:00.000Z";
    const line = [{ product: jeans, quantity: 1 }];
    const paid = { paymentStatus: "paid" as const, lines: line };
    await placeOrder(t.prisma, { ...paid, channel: "whatsapp", total: "5000.00", createdAt: at("2033-08-20T08:00:00Z"), paidAt: at("2033-08-20T09:00:00Z") });
    await placeOrder(t.prisma, { ...paid, channel: "whatsapp", status: "cancelled", total: "9000.00", createdAt: at("2033-08-20T08:30:00Z"), paidAt: at("2033-08-20T09:30:00Z") });
    await placeOrder(t.prisma, { lines: line, channel: "instagram", total: "2500.00", createdAt: at("2033-08-20T10:00:00Z") });
    await placeOrder(t.prisma, { ...paid, channel: "in_person", total: "3000.50", createdAt: at("2033-08-17T10:00:00Z"), paidAt: at("2033-08-17T10:00:00Z") });
    await placeOrder(t.prisma, { ...paid, total: "4000.00", createdAt: at("2033-08-01T10:00:00Z"), paidAt: at("2033-08-02T10:00:00Z") });
    const admin = await t.admin();
    const channelsOf = `channels { channel ordersPlaced paidOrders paidSales }`;
    const f = (await admin.data(`query($asOf: DateTime) { ownerFigures(asOf: $asOf) {
      periods { key paidSales paidOrders ordersPlaced ${channelsOf} } daily { date paidSales paidOrders ordersPlaced ${channelsOf} } } }`, { asOf })).ownerFigures;
    const [today, week, month] = f.periods;
    const row = (channel: string, ordersPlaced: number, paidOrders: number, paidSales: string) => ({ channel, ordersPlaced, paidOrders, paidSales });
    expect(today.channels).toEqual([row("web", 0, 0, "0.00"), row("whatsapp", 2, 1, "5000.00"), row("instagram", 1, 0, "0.00"), row("in_person", 0, 0, "0.00"), row("other", 0, 0, "0.00")]);
    expect(week.channels.find((c: { channel: string }) => c.channel === "in_person")).toEqual(row("in_person", 1, 1, "3000.50"));
    expect(month.channels.find((c: { channel: string }) => c.channel === "web")).toEqual(row("web", 1, 1, "4000.00"));
    for (const figures of [...f.periods, ...f.daily]) {
      expect(lastDays(figures.channels, figures.channels.length)).toEqual({ paidSales: figures.paidSales, paidOrders: figures.paidOrders, ordersPlaced: figures.ordersPlaced });
    }
    expect(f.daily.find((d: Day) => d.date === "2033-08-02").channels[0]).toEqual(row("web", 0, 1, "4000.00"));
  });

  it("paid sales are the money received for orders that became paid; a refund lowers net sales in the window it went back, never the sale's", async () => {
    // 20 May 2034, 13:00 Lagos; yesterday is in the 7 days, 10 May only in the 30.
    const asOf = "2034-05-20T12:00:00.000Z";
    const line = [{ product: jeans, quantity: 1 }];
    const paid = { paymentStatus: "paid" as const, lines: line };
    const before = await figures(asOf);
    // A: ₦10,000 paid on 10 May; since then ₦4,000 went back by transfer yesterday, ₦1,000 is on its
    // way back through Paystack (pending) and a ₦500 Paystack refund failed (its money counts as
    // paid again): ₦5,000 held now, ₦10,000 received.
    const a = await placeOrder(t.prisma, { ...paid, total: "10000.00", amountPaid: "5000.00", createdAt: at("2034-05-10T09:00:00Z"), paidAt: at("2034-05-10T10:00:00Z") });
    await refunded(t.prisma, a.id, [
      { amount: "4000.00", status: "processed", settledAt: at("2034-05-19T10:00:00Z") },
      { amount: "1000.00", status: "pending", settledAt: null },
      { amount: "500.00", status: "failed", settledAt: at("2034-05-19T11:00:00Z") },
    ]);
    // B: ₦6,000 reached a ₦5,000 order today (an over-payment): ₦6,000 received.
    await placeOrder(t.prisma, { ...paid, total: "5000.00", amountPaid: "6000.00", createdAt: at("2034-05-20T08:00:00Z"), paidAt: at("2034-05-20T09:00:00Z") });
    // C: paid, refunded in full today, then cancelled: neither its sale nor its refund counts.
    const c = await placeOrder(t.prisma, { ...paid, status: "cancelled", total: "3000.00", amountPaid: "0.00", createdAt: at("2034-05-20T08:00:00Z"), paidAt: at("2034-05-20T08:30:00Z") });
    await refunded(t.prisma, c.id, [{ amount: "3000.00", status: "processed", settledAt: at("2034-05-20T10:00:00Z") }]);
    // D: ₦3,000 of ₦8,000 arrived: not a sale yet; awaiting payment counts its ₦5,000 balance.
    await placeOrder(t.prisma, { lines: line, total: "8000.00", amountPaid: "3000.00", createdAt: at("2034-05-20T10:30:00Z") });

    const f = await figures(asOf);
    const [today, week, month] = f.periods;
    const money = (p: { paidSales: string; refunds: string; netSales: string; paidOrders: number; averageOrderValue: string | null }) => [p.paidSales, p.refunds, p.netSales, p.paidOrders, p.averageOrderValue];
    expect(money(today)).toEqual(["6000.00", "0.00", "6000.00", 1, "6000.00"]);
    expect(money(week)).toEqual(["6000.00", "4000.00", "2000.00", 1, "6000.00"]);
    expect(money(month)).toEqual(["16000.00", "4000.00", "12000.00", 2, "8000.00"]);
    const daily: Day[] = f.daily;
    expect(daily.filter((d) => d.paidOrders || d.refunds !== "0.00").map((d) => [d.date, d.paidSales, d.refunds, d.netSales])).toEqual([
      ["2034-05-10", "10000.00", "0.00", "10000.00"],
      ["2034-05-19", "0.00", "4000.00", "-4000.00"],
      ["2034-05-20", "6000.00", "0.00", "6000.00"],
    ]);
    for (const period of f.periods) expect(lastDays(daily, period.days)).toMatchObject({ paidSales: period.paidSales, refunds: period.refunds, netSales: period.netSales });
    expect(f.awaitingPayment).toEqual({ orders: before.awaitingPayment.orders + 1, value: (kobo(before.awaitingPayment.value) / 100 + 5000).toFixed(2) });
  });

  it("is refused to guests and customers", async () => {
    const guest = await t.client().request(FIGURES, { asOf: AS_OF });
    expect(guest.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const customer = t.client();
    await customer.signUp("figures-customer@example.com");
    const refused = await customer.request(FIGURES, { asOf: AS_OF });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.data?.ownerFigures ?? null).toBeNull();
  });
});
