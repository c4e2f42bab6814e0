// The server's password policy for new passwords: the shared cheap rules (length, repeats, the
// email) plus a dictionary check with zxcvbn-ts. The dictionary (about 2 MB) stays on the server;
// the browser only runs the cheap rules.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { MESSAGES, passwordError } from "../../../../common/validation.ts";

/** zxcvbn score 0–1: guessable in fewer than a million tries (common passwords and small twists of them). */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | null = null;

export function newPasswordError(password: string, email: string): string | null {
  const basic = passwordError(password, email);
  if (basic) return basic;
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  const local = email.trim().toLowerCase().split("@")[0] ?? "";
  return estimator.check(password, [email, local]).score < MIN_SCORE ? MESSAGES.passwordTooCommon : null;
}
