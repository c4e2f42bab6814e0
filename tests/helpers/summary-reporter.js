// Writes one plain closing line ("Summary: N passed, N failed, N skipped") to .test-summary and
// stdout; .ci/run prints it again last, the form CI tools read in any language.
import fs from "node:fs";

export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `Summary: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`;
    fs.writeFileSync(".test-summary", `${line}\n`);
    process.stdout.write(`\n${line}\n`);
  }
}
