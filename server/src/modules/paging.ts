// One page of a list: offset/limit arguments validated into Prisma's skip/take.
import { ValidationError } from "./errors.ts";

export interface PageRule {
  defaultLimit: number;
  maxLimit: number;
}

export function pageWindow(offset: number | null | undefined, limit: number | null | undefined, rule: PageRule) {
  const skip = offset ?? 0;
  const take = limit ?? rule.defaultLimit;
  if (!Number.isInteger(skip) || skip < 0) throw new ValidationError("offset must be 0 or more", "offset");
  if (!Number.isInteger(take) || take < 1 || take > rule.maxLimit) {
    throw new ValidationError(`limit must be between 1 and ${rule.maxLimit}`, "limit");
  }
  return { skip, take };
}
