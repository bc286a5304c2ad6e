// Summarises a V8 .cpuprofile (from `node --cpu-prof`): where the self time went, by area
// (our server code, the web render bundle, each npm package, Node internals, GC) and by function.
//
//   node bench/cpu-summary.mjs <file.cpuprofile> [--top=25]
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './lib/server.mjs';

function areaOf(url, functionName) {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'program (native, unattributed)';
    return 'native';
  }
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/apps/server/dist/')) return 'server (apps/server/dist)';
  if (url.includes('/apps/web/build/')) return 'web render bundle (apps/web/build)';
  return url;
}

export function summariseProfile(profile, { top = 25 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(); // node id -> microseconds
  const { samples = [], timeDeltas = [] } = profile;
  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the time before sample i; attribute the time after it (next delta) to it.
    const dt = timeDeltas[i + 1] ?? 0;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + Math.max(0, dt));
  }
  const fns = new Map();
  const areas = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const area = areaOf(callFrame.url, callFrame.functionName);
    if (area === 'idle') {
      idle += us;
      continue;
    }
    total += us;
    areas.set(area, (areas.get(area) ?? 0) + us);
    const short = callFrame.url
      .replace(/^.*\/node_modules\//, '')
      .replace(/^.*\/(apps\/[^/]+\/)/, '$1')
      .replace(/^file:\/\//, '');
    const key = `${callFrame.functionName || '(anonymous)'}  ${short}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const rank = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, ms: us / 1000, pct: total ? (100 * us) / total : 0 }));
  return {
    busyMs: total / 1000,
    idleMs: idle / 1000,
    areas: rank(areas),
    functions: rank(fns).slice(0, top),
  };
}

export function formatProfileSummary(s) {
  const lines = [`CPU profile: ${(s.busyMs / 1000).toFixed(1)} s busy, ${(s.idleMs / 1000).toFixed(1)} s idle`];
  lines.push('  self time by area:');
  for (const a of s.areas.slice(0, 15)) lines.push(`    ${a.pct.toFixed(1).padStart(5)}%  ${a.name}`);
  lines.push('  top functions by self time:');
  for (const f of s.functions) lines.push(`    ${f.pct.toFixed(1).padStart(5)}%  ${f.name}`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const args = parseArgs(process.argv.slice(2).filter((a) => a.startsWith('--')));
  if (!file) {
    process.stderr.write('usage: node bench/cpu-summary.mjs <file.cpuprofile> [--top=25]\n');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  process.stdout.write(`${formatProfileSummary(summariseProfile(profile, { top: Number(args.top ?? 25) }))}\n`);
}
