// "Remind me" for the next drop, loaded only when a shopper submits: the home page is part of every
// route's first download, so its rarely used parts stay out of it (bundle budget).
import type { ApolloClient } from "@apollo/client";
import { graphql } from "../../gql/index.ts";
import { emailError } from "../../../../common/validation.ts";

const RemindMutation = graphql(`
  mutation RequestDropReminder($input: DropReminderInput!) {
    requestDropReminder(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export const CONSENT_NEEDED = "Tick the box to agree to one email when the drop goes live";

/** What to tell the shopper: ok with a confirmation, or the problem (checked here first, then by the server). */
export async function requestDropReminder(apollo: ApolloClient, email: string, consent: boolean): Promise<{ ok: boolean; text: string }> {
  const problem = emailError(email) ?? (consent ? null : CONSENT_NEEDED);
  if (problem) return { ok: false, text: problem };
  const { data } = await apollo.mutate({ mutation: RemindMutation, variables: { input: { email, consent } } });
  const result = data?.requestDropReminder;
  if (result?.__typename === "MutationRequestDropReminderSuccess") return { ok: true, text: `Done! We'll email ${email.trim()} once, when the drop goes live.` };
  return { ok: false, text: result && "message" in result ? result.message : "Could not save your request. Please try again." };
}
