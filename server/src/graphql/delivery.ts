// Delivery fees: the public table (checkout tells the shopper the fee before they confirm; the server
// recomputes it when the order is placed) and the admin's mutation that replaces it.
import { builder } from "./builder.ts";
import { ValidationError } from "../modules/errors.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { loadFeeTable, updateDeliveryFees } from "../modules/delivery/delivery-fees.service.ts";
import type { DeliveryFeeTable } from "../../../common/delivery.ts";
import { DeliveryMethodEnum } from "./orders.ts";

type StateFee = DeliveryFeeTable["stateFees"][number];

const DeliveryStateFeeType = builder.objectRef<StateFee>("DeliveryStateFee").implement({
  description: "A state's own fee for doorstep or motor-park delivery.",
  fields: (t) => ({
    method: t.field({ type: DeliveryMethodEnum, description: "doorstep or park", resolve: (f) => f.method as "doorstep" | "park" }),
    state: t.exposeString("state", { description: "Nigerian state, e.g. Lagos" }),
    fee: t.expose("fee", { type: "Money", description: "Fee in naira for this state and method" }),
  }),
});

const DeliveryFeesType = builder.objectRef<DeliveryFeeTable>("DeliveryFees").implement({
  description: "The store's delivery fees. Pickup is always free.",
  fields: (t) => ({
    doorstepFee: t.expose("doorstepFee", { type: "Money", description: "Doorstep delivery to a state without its own fee" }),
    parkFee: t.expose("parkFee", { type: "Money", description: "Motor-park delivery to a state without its own fee" }),
    freeDeliveryThreshold: t.expose("freeDeliveryThreshold", {
      type: "Money",
      nullable: true,
      description: "Orders whose items cost at least this much are delivered free",
    }),
    stateFees: t.field({ type: [DeliveryStateFeeType], description: "States with their own fee", resolve: (table) => table.stateFees }),
  }),
});

const DeliveryStateFeeInput = builder.inputType("DeliveryStateFeeInput", {
  description: "One state's own fee for one delivery method.",
  fields: (t) => ({
    method: t.string({ required: true, description: "doorstep | park" }),
    state: t.string({ required: true, description: "Nigerian state, e.g. Lagos" }),
    fee: t.string({ required: true, description: "Naira, e.g. 1500 or 1,500.50" }),
  }),
});

const DeliveryFeesInput = builder.inputType("DeliveryFeesInput", {
  description: "The whole new delivery fee table (replaces the current one).",
  fields: (t) => ({
    doorstepFee: t.string({ required: true, description: "Naira, e.g. 3500" }),
    parkFee: t.string({ required: true, description: "Naira, e.g. 2500" }),
    freeDeliveryThreshold: t.string({ required: false, description: "Empty for no free delivery" }),
    stateFees: t.field({ type: [DeliveryStateFeeInput], required: true, description: "States with their own fee; others use the defaults" }),
  }),
});

builder.queryField("deliveryFees", (t) =>
  t.field({
    type: DeliveryFeesType,
    description: "The delivery fees shoppers pay (the server charges them again when an order is placed).",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => loadFeeTable(ctx.sql),
  }),
);

builder.mutationField("updateDeliveryFees", (t) =>
  t.field({
    type: DeliveryFeesType,
    description: "Replaces the delivery fees (admin). Orders already placed keep the fee they were charged.",
    authScopes: { admin: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: DeliveryFeesInput, required: true, description: "The new fee table" }) },
    resolve: (_root, { input }, ctx) =>
      updateDeliveryFees(ctx.prisma, actorOf(ctx.viewer), {
        doorstepFee: input.doorstepFee,
        parkFee: input.parkFee,
        freeDeliveryThreshold: input.freeDeliveryThreshold ?? null,
        stateFees: input.stateFees.map((f) => ({ method: f.method, state: f.state, fee: f.fee })),
      }),
  }),
);
