// Shopper-side helpers for the cart, checkout and order API tests.
import { randomUUID } from "node:crypto";
import type { GraphQLClient, TestStore } from "./store.ts";

export const PLACE_ORDER = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on Error { message }
    ... on InsufficientStockError { productName available }
    ... on MutationPlaceOrderSuccess { data { guestToken order {
      id shortOrderId orderNumber total status paymentStatus paymentMethod deliveryMethod holdExpiresAt
      deliveryState parkState parkName customerName customerEmail customerPhone customerAddress
      items { productName quantity price size product { id } }
    } } }
  }
}`;

export const ADD_TO_CART = `mutation($productId: ID!, $quantity: Int!) {
  addToCart(productId: $productId, quantity: $quantity) {
    __typename ... on Error { message } ... on MutationAddToCartSuccess { data { id quantity product { id stock } } }
  }
}`;

export const CART = `{ cart { id quantity product { id name price stock } } }`;

export function details(overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Chioma Eze",
    email: "chioma@example.ng",
    phone: "0803 123 4567",
    deliveryMethod: "doorstep",
    address: "12 Allen Avenue, Ikeja, Lagos",
    deliveryState: "Lagos",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

export async function placeOrder(client: GraphQLClient, input: Record<string, unknown>) {
  const res = await client.request(PLACE_ORDER, { input });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.placeOrder;
}

/** Posts PLACE_ORDER straight to a server, as a browser's plain request: without the test client's
 *  wait for the catalogue to settle before each request (for tests of what the checkout's own answer
 *  waits for) and without its cookie jar. Answers the raw Response, for its status, headers and
 *  cookies; its body is the GraphQL answer (`data.placeOrder`). */
export function postPlaceOrder(url: string, input: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query: PLACE_ORDER, variables: { input } }),
  });
}

export async function signedUp(t: TestStore, email = `shopper-${randomUUID().slice(0, 8)}@example.ng`) {
  // Every test request comes from 127.0.0.1: start each account with fresh rate-limit windows.
  await t.prisma.rateLimit.deleteMany();
  const client = t.client();
  await client.signUp(email);
  return client;
}
