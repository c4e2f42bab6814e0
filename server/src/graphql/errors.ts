// Expected failures exposed as typed results sharing the Error interface ({ message }).
import { builder } from "./builder.ts";
import { DomainError, InsufficientStockError, NotFoundError, RateLimitError, UnpaidOrderError, ValidationError } from "../modules/errors.ts";

export const ErrorInterface = builder.interfaceRef<DomainError>("Error").implement({
  description: "An expected failure returned as data (not a GraphQL error); every error type has a message to show the person.",
  fields: (t) => ({ message: t.exposeString("message", { description: "Plain-language message, safe to show to the shopper or admin" }) }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  description: "Input was refused (wrong format, out of range, not allowed in this state); nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({ field: t.exposeString("field", { nullable: true, description: "Input field at fault, when one is (e.g. email)" }) }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  description: "The product, order, item or record named by the input does not exist (or is not yours).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(InsufficientStockError, {
  name: "InsufficientStockError",
  description: "Fewer pieces are in stock than asked for; nothing was reserved.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InsufficientStockError,
  fields: (t) => ({
    productId: t.exposeID("productId", { description: "Product id (UUID) that ran short" }),
    productName: t.exposeString("productName", { description: "Product name, for the message" }),
    available: t.exposeInt("available", { description: "Pieces still in stock (0 when sold out)" }),
  }),
});

builder.objectType(UnpaidOrderError, {
  name: "UnpaidOrderError",
  description: "The order is not paid: moving it on to processing, shipped or delivered needs confirmUnpaid. Nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UnpaidOrderError,
  fields: (t) => ({
    amountDue: t.expose("amountDue", { type: "Money", description: "What the shopper still owes" }),
    status: t.exposeString("status", { description: "The status that was asked for (an OrderStatus value)" }),
  }),
});

builder.objectType(RateLimitError, {
  name: "RateLimitError",
  description: "Too many attempts (e.g. failed sign-ins) from this address or account; try again later.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt("retryAfterSeconds", { description: "Seconds to wait before trying again" }) }),
});
