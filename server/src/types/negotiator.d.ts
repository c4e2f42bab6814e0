// negotiator 1.x takes the server's preferred order as an options object; @types/negotiator still
// describes 0.6 (a positional array), so the part we use is declared here.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";
  export default class Negotiator {
    constructor(request: IncomingMessage);
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
