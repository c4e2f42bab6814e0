// Placeholder with the final props; the payments feature implements it (reference + phone → full details).
export function GuestOrderLookup(_props: { reference: string }) {
  return null;
}
