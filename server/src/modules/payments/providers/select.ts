// The provider the configuration turns on (PAYSTACK_SECRET_KEY), one per configuration; null: the
// manual transfer only.
import type { Config } from "../../../config.ts";
import { Paystack } from "./paystack.ts";
import type { PaymentProvider } from "./provider.ts";
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHODS, type PaymentMethodName } from "../../../../../common/payment-methods.ts";

const providers = new WeakMap<Config, PaymentProvider | null>();

export function paymentProvider(config: Config): PaymentProvider | null {
  if (!providers.has(config)) providers.set(config, config.paystack ? new Paystack(config.paystack) : null);
  return providers.get(config)!;
}

/** What the checkout offers: the manual transfer always, the provider's methods when there is one. */
export function offeredPaymentMethods(config: Config): PaymentMethodName[] {
  return [...(paymentProvider(config) ? PAYMENT_METHODS : MANUAL_PAYMENT_METHODS)];
}
