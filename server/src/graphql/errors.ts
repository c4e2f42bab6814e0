// Expected failures exposed as typed results sharing the Error interface ({ message }).
import { builder } from "./builder.ts";
import { DomainError, InsufficientStockError, NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";

export const ErrorInterface = builder.interfaceRef<DomainError>("Error").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({ field: t.exposeString("field", { nullable: true }) }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(InsufficientStockError, {
  name: "InsufficientStockError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InsufficientStockError,
  fields: (t) => ({
    productId: t.exposeID("productId"),
    productName: t.exposeString("productName"),
    available: t.exposeInt("available"),
  }),
});

builder.objectType(RateLimitError, {
  name: "RateLimitError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt("retryAfterSeconds") }),
});

/** The error types every mutation may return. */
export const mutationErrors = [ValidationError, NotFoundError, InsufficientStockError, RateLimitError];
