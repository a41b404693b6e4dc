// Writes precompressed copies beside the web build's files (NAME.gz with gzip -9, NAME.br with
// brotli at its best quality) for servers that send them as they are, and prints what a first
// visit downloads: every file the page loads, raw, gzipped and with brotli.
//
// Usage: node scripts/compress.mjs DIST [--quick]
// --quick: faster, weaker settings (gzip 6, brotli 5) for test builds; the sizes say so.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2];
const quick = process.argv.includes('--quick');
if (!dist) {
  console.error('usage: node scripts/compress.mjs DIST [--quick]');
  process.exit(2);
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

// PNG icons are compressed already (counted as they are); everything else is text or wasm.
const stored = (path) => path.endsWith('.png');
const mb = (n) => (n / 1048576).toFixed(3).padStart(7);
const total = { raw: 0, gz: 0, br: 0 };
const rows = [];
// The licence texts ship with the build but no visit loads them.
const loaded = (p) => !/\.(gz|br)$/.test(p) && !/LICENSE/.test(p);
for (const path of files(dist).filter(loaded).sort()) {
  const data = readFileSync(path);
  if (stored(path)) {
    for (const key of ['raw', 'gz', 'br']) total[key] += data.length;
    rows.push([relative(dist, path), data.length, data.length, data.length]);
    continue;
  }
  const gz = gzipSync(data, { level: quick ? 6 : 9 });
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quick ? 5 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: path.endsWith('.wasm')
        ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
    },
  });
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, br);
  total.raw += data.length;
  total.gz += gz.length;
  total.br += br.length;
  rows.push([relative(dist, path), data.length, gz.length, br.length]);
}
const how = quick ? 'quick settings (gzip 6, brotli 5), not the release figures'
  : 'gzip -9, brotli 11';
console.log(`the first visit's files (MB; ${how}):`);
console.log(`  ${"file".padEnd(24)}     raw    gzip  brotli`);
for (const [name, raw, gz, br] of rows) {
  console.log(`  ${name.padEnd(24)} ${mb(raw)} ${mb(gz)} ${mb(br)}`);
}
console.log(`  ${'total'.padEnd(24)} ${mb(total.raw)} ${mb(total.gz)} ${mb(total.br)}`);
