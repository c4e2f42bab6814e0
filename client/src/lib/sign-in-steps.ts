// What other features do when someone signs in or signs up, without the sign-in page knowing them
// (features/auth would otherwise import cart and saved, and they import the viewer back). A feature
// registers its step when its module loads; the header loads all that have one (the cart count
// with the guest cart and the Add to Cart kept across a sign-in, and the saved count), so they are
// registered on every page before anyone can submit the form.
import type { ApolloClient } from "@apollo/client";
import type { LogInInput } from "../gql/graphql.ts";

/** What a feature adds to the credentials (the guest cart travels with them and the server merges it). */
export type SignInExtras = Partial<Pick<LogInInput, "guestCart">>;

export interface SignInStep {
  /** Read just before the credentials are sent. */
  input?: () => SignInExtras;
  /** Once the server has signed the person in, before the cache is reset for the account. */
  after?: (apollo: ApolloClient) => void | Promise<void>;
}

const steps: SignInStep[] = [];

export function registerSignInStep(step: SignInStep): void {
  steps.push(step);
}

/** The extra fields every registered feature sends with the credentials. */
export function signInExtras(): SignInExtras {
  return Object.assign({}, ...steps.map((step) => step.input?.() ?? {}));
}

/** Runs the registered steps one after the other, in the order they registered. */
export async function afterSignIn(apollo: ApolloClient): Promise<void> {
  for (const step of steps) await step.after?.(apollo);
}
