// The browser's AI against the desktop's: the web build's engine module (dist/engine.js and
// dist/engine_bg.wasm with dist/eval.bin, as web/ai-worker.js loads them) and the desktop
// engine (`reversi-engine remote`) answer the same requests: study requests on the FFO
// positions, and the levels without a clock choosing moves there and on the 6×6 and 10×10
// starts. The searches are exact and deterministic on every platform (the levels' random
// choices follow the request's seed), so every reply must be the same: a difference is a bug
// of the WebAssembly build alone (its SIMD reading of the evaluation, its portable move
// generator and solver, a 32-bit difference). No browser is needed: Node runs the module.
//
//   node engine_test.mjs --dist DIR --positions ffo.txt --native PATH [--bench]
//
// --bench: the browser engine's time for the study requests alone (deeper) against the
// desktop engine's (the same requests, the same run), for docs/evaluation.md's figures.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { START, readFfo } from './ffo.mjs';

const args = {};
for (let i = 2; i < process.argv.length; i++) {
  const key = process.argv[i].replace(/^--/, '');
  if (key === 'bench') args.bench = true;
  else args[key] = process.argv[++i];
}
for (const need of ['dist', 'positions', 'native']) {
  if (!args[need]) {
    console.error(`engine_test.mjs needs --${need} (see the top of the file)`);
    process.exit(2);
  }
}

const positions = readFfo(args.positions);
if (positions.length < 60) {
  console.error(`${args.positions}: expected the FFO suite, read ${positions.length} positions`);
  process.exit(2);
}

// Every position searched in the midgame (each move scored by the learned evaluation's
// search: the evaluation at every phase from 14 to 34 empties), the start position too,
// both scorings, and the smaller ones solved exactly (the solver's own paths).
const requests = [`score ${START} depth=6 solve=0 scoring=most book=off`];
// The other boards' starts (the generic search): bit = row × side + column.
const grid = (side) => {
  const at = (row, column) => 1n << BigInt(row * side + column);
  const mid = side / 2;
  return `size=${side} player=${(at(mid - 1, mid) | at(mid, mid - 1)).toString(16)} ` +
    `opponent=${(at(mid - 1, mid - 1) | at(mid, mid)).toString(16)}`;
};
for (const side of args.bench ? [] : [6, 10]) {
  for (let level = 1; level <= 6; level++) {
    requests.push(`think ${grid(side)} level=${level} scoring=most seed=${level}`);
  }
}
for (const p of positions) {
  requests.push(`score ${p.board} depth=${args.bench ? 8 : 4} solve=0 scoring=most`);
  // The levels without a clock (Random to Club), whose moves the seed decides where they
  // choose at random among near equals: the same seed, the same move.
  if (!args.bench) {
    requests.push(`think ${p.board} level=${1 + (p.id % 6)} scoring=most seed=${p.id}`);
  }
  if (p.id % 4 === 0) requests.push(`score ${p.board} depth=3 solve=0 scoring=fewest`);
  if (p.empties <= 16) requests.push(`score ${p.board} depth=1 solve=16 scoring=most`);
}

// The module as the worker loads it, its weights installed.
const engine = await import(pathToFileURL(resolve(join(args.dist, 'engine.js'))).href);
engine.initSync({ module: readFileSync(join(args.dist, 'engine_bg.wasm')) });
engine.setWeights(new Uint8Array(readFileSync(join(args.dist, 'eval.bin'))));

let t0 = performance.now();
const browser = requests.map((line) => engine.think(line));
const browserMs = performance.now() - t0;

t0 = performance.now();
const native = spawnSync(args.native, ['remote'], { input: requests.join('\n') + '\n', encoding: 'utf8',
  maxBuffer: 64 << 20 });
const nativeMs = performance.now() - t0;
if (native.status !== 0) {
  console.error(`${args.native} remote failed (status ${native.status}): ${native.stderr}`);
  process.exit(1);
}
const desktop = native.stdout.trimEnd().split('\n');

let differ = 0;
for (let i = 0; i < requests.length; i++) {
  const bad = !/^(scores exact=|move )/.test(browser[i]);
  if (bad || browser[i] !== desktop[i]) {
    differ++;
    if (differ <= 5) {
      console.error(`request: ${requests[i]}\n  browser: ${browser[i]}\n  desktop: ${desktop[i]}`);
    }
  }
}
const starts = args.bench ? 'the start' : 'the starts of three sizes';
console.log(`  ${requests.length} requests (FFO #${positions[0].id}-#${positions.at(-1).id}, ${starts}): ` +
  `${requests.length - differ} replies the same in the browser's engine and the desktop's`);
if (args.bench) {
  console.log(`  browser engine ${(browserMs / 1000).toFixed(2)} s, desktop engine ` +
    `${(nativeMs / 1000).toFixed(2)} s (with its start): ${(browserMs / nativeMs).toFixed(2)} times as long`);
}
if (differ) {
  console.error(`${differ} replies differ`);
  process.exit(1);
}
