// Writes one plain closing line ("Summary: N passed, N failed, N skipped") to .test-summary and
// stdout; .ci/run prints it again last, the form CI tools read in any language. Before it, the
// slowest test files, so whoever trims the suite's time knows where it goes.
import fs from "node:fs";
import path from "node:path";

const SLOWEST = 12;

export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({ name: `${file.displayName?.name ?? ""} ${path.relative(process.cwd(), file.testFilePath)}`.trim(), seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    if (files.length > 1) {
      process.stdout.write(`\nSlowest test files:\n${files.map((file) => `  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`).join("\n")}\n`);
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `Summary: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`;
    fs.writeFileSync(".test-summary", `${line}\n`);
    process.stdout.write(`\n${line}\n`);
  }
}
