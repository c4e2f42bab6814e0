// A drop's checkouts are mostly refusals: 10,000 shoppers for 500 pieces send about 19,000 "out of
// stock" checkouts within seconds (bench:drop). Through Apollo each cost about 1.9 ms of the store's
// one core on 28 Nov 2026, most of it the request pipeline rather than the answer (a bare
// `{ __typename }` cost 1.2 ms), so the store fell seconds behind and the sales queued behind the
// refusals. This answers a guest's checkout of a piece the stock board has heard sell out without
// running Apollo: the same checks as Apollo and placeOrder (the document's validation, the input
// boundary, the operation limits, the variables' coercion, placeOrder's validation, then the
// database's precheck, which decides; it is read together with the other refusals of the same
// moment), and the bytes GraphQL would send for the document. Anything else, and any doubt
// (a document it does not know the shape of, a session, a retry, a database error), goes on to
// Apollo unchanged. Decision 026, addendum of 28 Nov 2026; SOLD_OUT_ANSWERS=false turns it off.
import type { RequestHandler } from "express";
import {
  getVariableValues,
  isAbstractType,
  isLeafType,
  getNamedType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import type { Config } from "../config.ts";
import type { SqlRunner } from "../db/database.ts";
import type { StockBoard } from "../cache/stock-board.ts";
import { hasCookie } from "../cache/http-cache.ts";
import { PRIVATE_CACHE_CONTROL } from "../cache/response-cache.ts";
import { guestSoldOutRefusal } from "../modules/orders/place-order.service.ts";
import { precheckTogether } from "../modules/orders/write-order.ts";
import type { InsufficientStockError } from "../modules/errors.ts";
import { placeOrderInputOf } from "./orders.ts";
import { problemInDocument, problemInValue } from "./input-boundary.ts";
import { MAX_TOKENS, operationLimitProblem } from "./operation-limits.ts";

/** A placeOrder document this can answer: what it selects on InsufficientStockError, in order. */
interface Plan {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** placeOrder's response key (its alias, if any) and the variable holding its input. */
  key: string;
  variable: string;
  /** Response key → field of InsufficientStockError (each a plain property of the error). */
  fields: [string, string][];
  /** Whether the operation is within the operation limits, measured with the first request's
   *  variables (the limits' measure coerces them; no field's cost depends on them). */
  withinLimits?: boolean;
}

/** What Apollo may answer a single result as, in the order it offers them (Apollo Server's
 *  chooseContentTypeForSingleResultResponse); an Accept header that takes none gets its 406. */
const ANSWER_TYPES = ["application/json; charset=utf-8", "application/graphql-response+json; charset=utf-8", "application/json; callbackSpec=1.0; charset=utf-8"];
/** compression()'s threshold: an answer this long would leave compressed through Apollo. */
const UNCOMPRESSED_BELOW = 1024;

/** Distinct documents planned (a shop sends one or two); past this the plans start again. */
const MAX_PLANS = 100;
const ERROR_TYPE = "InsufficientStockError";

export interface SoldOutAnswerOptions {
  schema: GraphQLSchema;
  sql: SqlRunner;
  config: Config;
  board: StockBoard;
  sessionCookie: string;
  /** Counted with Apollo's own answers (observability/metrics.ts). */
  onAnswer(operationName: string | null, seconds: number): void;
}

/** Express middleware for POST /graphql, after the JSON body is parsed and before Apollo. */
export function soldOutAnswers(options: SoldOutAnswerOptions): RequestHandler {
  const { schema, config, board } = options;
  const precheck = precheckTogether(options.sql);
  const plans = new Map<string, Plan | null>();
  const planFor = (text: string): Plan | null => {
    let plan = plans.get(text);
    if (plan === undefined) {
      if (plans.size >= MAX_PLANS) plans.clear();
      plans.set(text, (plan = planOf(schema, text)));
    }
    return plan;
  };
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | undefined;
    // Only a guest's checkout by its document's text: a session validates and refreshes in Apollo.
    if (typeof body?.query !== "string" || body.extensions !== undefined || !body.query.includes("placeOrder")) return next();
    if (hasCookie(req, options.sessionCookie)) return next();
    const variables = (body.variables ?? {}) as Record<string, { items?: unknown } | null | undefined>;
    if (typeof variables !== "object" || Array.isArray(variables)) return next();
    // Only pieces the board has heard sell out (read from the lines as sent, a hint: the database
    // decides): every other checkout goes on to Apollo without any of the work below, planning
    // included (a flood of other documents would otherwise push the shop's own out of the plans).
    if (!Object.values(variables).some((value) => heardSoldOut(board, value?.items))) return next();
    const type = req.accepts(ANSWER_TYPES);
    if (!type) return next();
    const plan = planFor(body.query);
    if (!plan || (body.operationName != null && body.operationName !== plan.operation.name?.value)) return next();
    if (!heardSoldOut(board, variables[plan.variable]?.items)) return next();
    if (problemInValue(variables)) return next();
    const coerced = getVariableValues(schema, plan.operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
    if (coerced.errors) return next();
    plan.withinLimits ??= !operationLimitProblem(schema, plan.document, plan.operation, variables, {});
    if (!plan.withinLimits) return next();
    const input = placeOrderInputOf(coerced.coerced[plan.variable] as Parameters<typeof placeOrderInputOf>[0]);
    guestSoldOutRefusal(config, input, precheck).then(
      (refusal) => {
        const answer = refusal && answerOf(plan, refusal);
        if (!answer || Buffer.byteLength(answer) >= UNCOMPRESSED_BELOW) return next();
        // The headers Apollo's answer gets, compression's Vary among them.
        res.type(type).set("Cache-Control", PRIVATE_CACHE_CONTROL).vary("Accept-Encoding").send(answer);
        options.onAnswer(plan.operation.name?.value ?? null, Number(process.hrtime.bigint() - started) / 1e9);
      },
      () => next(),
    );
  };
}

/** Whether any of the lines as sent asks for more of a piece than the board last heard it has. */
function heardSoldOut(board: StockBoard, items: unknown): boolean {
  if (!Array.isArray(items)) return false;
  return items.some((line: { productId?: unknown; quantity?: unknown } | null) => {
    const heard = typeof line?.productId === "string" ? board.get(line.productId) : undefined;
    return heard !== undefined && typeof line!.quantity === "number" && heard.stock < line!.quantity;
  });
}

/** The response GraphQL execution gives the document for this refusal, byte for byte (Apollo's
 *  JSON with its closing newline). */
function answerOf(plan: Plan, refusal: InsufficientStockError): string {
  // No prototype, as graphql-js builds it: an alias "__proto__" is a key like any other.
  const result: Record<string, unknown> = Object.create(null);
  for (const [key, field] of plan.fields) result[key] = field === "__typename" ? ERROR_TYPE : (refusal as unknown as Record<string, unknown>)[field];
  return JSON.stringify({ data: { [plan.key]: result } }) + "\n";
}

/** The plan for a document that is one valid placeOrder mutation with its input in a variable and
 *  only leaf fields of the error selected on it, without directives; null for any other. */
export function planOf(schema: GraphQLSchema, text: string): Plan | null {
  let document: DocumentNode;
  try {
    document = parse(text, { maxTokens: MAX_TOKENS });
  } catch {
    return null;
  }
  if (validate(schema, document).length || problemInDocument(document)) return null;
  const operations = document.definitions.filter((def): def is OperationDefinitionNode => def.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || operation!.operation !== "mutation" || operation!.directives?.length) return null;
  const [root, ...others] = operation!.selectionSet.selections;
  if (others.length || root?.kind !== Kind.FIELD || root.name.value !== "placeOrder" || root.directives?.length) return null;
  const [argument] = root.arguments ?? [];
  if (root.arguments?.length !== 1 || argument!.value.kind !== Kind.VARIABLE) return null;
  // placeOrder's input is then the one variable (the operation limits are measured with it).
  if (operation!.variableDefinitions?.length !== 1) return null;
  const errorType = schema.getType(ERROR_TYPE) as GraphQLObjectType;
  const fragments = new Map(document.definitions.filter((def): def is FragmentDefinitionNode => def.kind === Kind.FRAGMENT_DEFINITION).map((def) => [def.name.value, def]));
  const applies = (typeName: string | undefined) => {
    if (!typeName) return true;
    const type = schema.getType(typeName);
    return type === errorType || (!!type && isAbstractType(type) && schema.isSubType(type, errorType));
  };
  // graphql-js's CollectFields for one object type: response keys in order of first appearance.
  const fields = new Map<string, string>();
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode): boolean =>
    set.selections.every((selection) => {
      if (selection.directives?.length) return false;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const definition = errorType.getFields()[name];
        if (name !== "__typename" && (!definition || !isLeafType(getNamedType(definition.type)))) return false;
        const key = selection.alias?.value ?? name;
        if (!fields.has(key)) fields.set(key, name);
        return true;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return !applies(selection.typeCondition?.name.value) || collect(selection.selectionSet);
      const fragment = fragments.get(selection.name.value)!;
      if (visited.has(fragment.name.value) || !applies(fragment.typeCondition.name.value)) return true;
      visited.add(fragment.name.value);
      return collect(fragment.selectionSet);
    });
  if (!root.selectionSet || !collect(root.selectionSet)) return null;
  return { document, operation: operation!, key: root.alias?.value ?? root.name.value, variable: argument!.value.name.value, fields: [...fields] };
}
