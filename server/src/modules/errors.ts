// Expected failures of the shop's rules. Services throw these; the GraphQL layer returns them
// as typed results carrying the spec's exact message. Anything else is a bug: masked and logged.
import { onlyInStockMessage } from "../../../common/stock-messages.ts";
import { formatNaira } from "../../../common/naira.ts";
import { orderStatusLabel } from "../../../common/order-status.ts";

export class DomainError extends Error {
  constructor(message: string) {
    // An answer ("out of stock", a field to fix), not a bug: no stack to capture or print. Capturing
    // and formatting it was 3% of a sold-out checkout's CPU, thousands a second in a drop.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {}

export class InsufficientStockError extends DomainError {
  constructor(
    readonly productId: string,
    readonly productName: string,
    readonly available: number,
  ) {
    super(
      available > 0
        ? `${onlyInStockMessage(available)} for ${productName}`
        : `${productName} is out of stock`,
    );
  }
}

/**
 * An admin moved an unpaid order on to processing, shipped or delivered without saying they meant
 * to (issue 26, item 3): nothing changed. Record the payment first, or send the change again with
 * confirmUnpaid.
 */
export class UnpaidOrderError extends DomainError {
  constructor(
    readonly amountDue: string,
    readonly status: string,
  ) {
    super(`This order is not paid yet (${formatNaira(amountDue)} due). Mark it paid first, or confirm moving it to ${orderStatusLabel(status).toLowerCase()} unpaid.`);
  }
}

export class RateLimitError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`);
  }
}

/** Guard helper: throws a ValidationError when the condition fails. */
export function invariant(condition: unknown, message: string, field: string | null = null): asserts condition {
  if (!condition) throw new ValidationError(message, field);
}
