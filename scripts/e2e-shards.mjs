// Prints the browser-test spec files of one shard, one per line, so that each shard runs against its own
// server and they finish at about the same time: the heaviest specs first, each to the shard with the
// fewest seconds so far, by the seconds each spec took in a recent run (e2e/spec-seconds.json). A spec
// missing from that table weighs DEFAULT_SECONDS, so a new spec always runs somewhere; the table is
// refreshed from a run's JSON report with `node scripts/e2e-shards.mjs --update <report.json>`.
//
//   node scripts/e2e-shards.mjs <shard> <shards>     e.g. 1 2
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const e2eDir = path.join(root, 'e2e');
const tableFile = path.join(e2eDir, 'spec-seconds.json');
const DEFAULT_SECONDS = 60;

const [first, second] = process.argv.slice(2);
if (first === '--update') {
  writeTable(second);
} else {
  printShard(Number(first), Number(second));
}

function printShard(shard, shards) {
  if (!Number.isInteger(shard) || !Number.isInteger(shards) || shard < 1 || shard > shards) {
    console.error('usage: node scripts/e2e-shards.mjs <shard> <shards>  (1 <= shard <= shards)');
    process.exit(2);
  }
  const seconds = JSON.parse(fs.readFileSync(tableFile, 'utf8'));
  const specs = fs
    .readdirSync(e2eDir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
  const weight = (spec) => seconds[spec] ?? DEFAULT_SECONDS;
  const bins = Array.from({ length: shards }, () => ({ seconds: 0, specs: [] }));
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = bins.reduce((best, bin) => (bin.seconds < best.seconds ? bin : best));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  for (const spec of bins[shard - 1].specs) console.log(`e2e/${spec}`);
}

function writeTable(reportFile) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const totals = {};
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          const file = path.basename(spec.file);
          totals[file] = (totals[file] ?? 0) + result.duration / 1000;
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  const table = Object.fromEntries(
    Object.entries(totals)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, total]) => [file, Math.max(1, Math.round(total))]),
  );
  fs.writeFileSync(tableFile, `${JSON.stringify(table, null, 2)}\n`);
  console.log(`${tableFile}: ${Object.keys(table).length} specs, ${Object.values(table).reduce((a, b) => a + b, 0)} s`);
}
