// Times the engine's benchmark kernels in WebAssembly under Node.
// usage: node scripts/bench-wasm.mjs WASM_FILE perft DEPTH [RUNS]
//        node scripts/bench-wasm.mjs WASM_FILE ffo OBF_FILE [FIRST_N_LINES]
//        node scripts/bench-wasm.mjs WASM_FILE midgame [POSITIONS] [TIME_MS]
// Prints one line per run and the median; timing only, no assertions.
import { readFileSync } from 'node:fs';

const [file, kernel, arg, extra] = process.argv.slice(2);
if (!file || !kernel) {
  console.error('usage: node scripts/bench-wasm.mjs WASM_FILE perft DEPTH [RUNS] | ffo OBF_FILE [N]');
  process.exit(2);
}
/**
 * The exports of crate/bench-wasm (u64 results are BigInts, pointers and usize numbers).
 * @typedef {{
 *   memory: WebAssembly.Memory,
 *   bench_perft: (depth: number, passIsPly: number) => bigint,
 *   bench_solver_init: () => void,
 *   bench_input_buffer: () => number,
 *   bench_solve: (len: number) => number,
 *   bench_nodes: () => bigint,
 *   bench_midgame: (index: number, count: number, plies: number, timeMs: number) => number,
 * }} BenchExports
 */

const imports = { env: { now_ms: () => performance.now() } };
const { instance } = await WebAssembly.instantiate(readFileSync(file), imports);
const wasm = /** @type {BenchExports} */ (instance.exports);
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (kernel === 'perft') {
  const depth = Number(arg ?? 11);
  const runs = Number(extra ?? 5);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const leaves = wasm.bench_perft(depth, 1);
    const secs = (performance.now() - t0) / 1000;
    times.push(secs);
    console.log(`wasm perft ${depth}: ${leaves} leaves in ${secs.toFixed(3)} s, ${(Number(leaves) / secs / 1e6).toFixed(1)} M leaves/s`);
  }
  console.log(`wasm perft ${depth} median: ${median(times).toFixed(3)} s`);
} else if (kernel === 'ffo') {
  const lines = readFileSync(arg, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('%'));
  const n = Number(extra ?? lines.length);
  const mem = () => new Uint8Array(wasm.memory.buffer);
  // The solver and its table are made before the clock starts, as natively.
  wasm.bench_solver_init();
  let total = 0;
  for (const [i, line] of lines.slice(0, n).entries()) {
    const bytes = new TextEncoder().encode(line.slice(0, 66));
    const ptr = wasm.bench_input_buffer();
    mem().set(bytes, ptr);
    const t0 = performance.now();
    const score = wasm.bench_solve(bytes.length);
    const secs = (performance.now() - t0) / 1000;
    total += secs;
    console.log(`wasm ffo line ${i + 1}: score ${score} in ${secs.toFixed(3)} s, ${Number(wasm.bench_nodes())} nodes`);
  }
  console.log(`wasm ffo total: ${total.toFixed(3)} s`);
} else if (kernel === 'midgame') {
  // The same positions and options as `reversi bench` (10 positions after 20 plies, 1 s).
  const count = Number(arg ?? 10);
  const ms = Number(extra ?? 1000);
  const depths = [];
  const rates = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const depth = wasm.bench_midgame(i, count, 20, ms);
    const elapsed = performance.now() - t0;
    const nodes = Number(wasm.bench_nodes());
    depths.push(depth);
    rates.push(nodes / elapsed);
    console.log(`wasm midgame ${i + 1}: depth ${depth}, ${nodes} nodes, ${(nodes / elapsed).toFixed(0)} knodes/s, ${elapsed.toFixed(0)} ms`);
  }
  console.log(`wasm midgame median: depth ${median(depths)}, ${median(rates).toFixed(0)} knodes/s`);
} else {
  console.error(`unknown kernel ${kernel}`);
  process.exit(2);
}
