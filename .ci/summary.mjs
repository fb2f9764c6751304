// Sums the JSON reports of every test runner in the given folder and prints "N passed, N failed".
// A non-zero status from `npm test` with no failed test counted (lint, typecheck, a crash) counts as one failure.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, statusArg] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  if (typeof r.numPassedTests === 'number') {
    // vitest / jest json reporter
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`${f}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } else if (r.stats && typeof r.stats.expected === 'number') {
    // playwright json reporter
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
    skipped += r.stats.skipped ?? 0;
    console.log(`${f}: ${r.stats.expected} passed, ${r.stats.unexpected} failed`);
  }
}
if (Number(statusArg) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
