// ONNX Runtime (CPU, onnxruntime-node) contestant of the DML-MLIR benchmark
// suite (run by bench/bench.py).
//
//   node ort_bench.mjs --spec SPEC.json --threads T --iters N --warmup W --out DIR
//                      [--alloc-calls C] [--cases R1,T1,... | --serve]
//
// SPEC.json (written by bench.py): {"cases": [{"id", "model", "inputs":
// [{"name", "path", "shape"}], "outputs": [{"name", "shape", "type"}]}]}.
// For each case: reads the inputs from .npy files, creates a session with
// intraOpNumThreads = T (interOpNumThreads = 1, sequential execution) and
// profiling on, binds preallocated output tensors, runs W warm-up calls, then
// N timed calls of `await session.run(feeds, fetches)`. The reported time
// (median_ms) is the median of the profile's `model_run` events, i.e. the
// time of the C++ InferenceSession::Run, in-process like dml-run's; the
// wall-clock time of the JS call (process.hrtime) is reported as wall_*_ms.
// Writes the last call's outputs to DIR/<id>.<k>.npy and prints one JSON
// object on the last line of stdout. With --serve it prints {"_version"},
// then reads case ids from stdin and answers each with one JSON line. With
// bench/alloc_count.c preloaded, C untimed calls after the timed ones count
// the heap allocations per call (alloc_bytes_per_call, allocs_per_call).
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import ort from 'onnxruntime-node';

function parseArgs(argv) {
  const args = {};
  for (let i = 2; i < argv.length; ++i) {
    const key = argv[i].replace(/^--/, '');
    if (key === 'serve') args.serve = true;
    else args[key] = argv[++i];
  }
  return args;
}

const NPY_TYPES = {
  '<f4': ['float32', Float32Array],
  '<i4': ['int32', Int32Array],
  '<i8': ['int64', BigInt64Array],
  '<u8': ['uint64', BigUint64Array],
};

// Minimal .npy reader (format 1.0/2.0, little-endian, C order).
function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 1, 6) !== 'NUMPY') throw new Error(`${file}: not a .npy file`);
  const major = buf[6];
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLen;
  const header = buf.toString('latin1', major === 1 ? 10 : 12, start);
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  if (/'fortran_order':\s*True/.test(header)) throw new Error(`${file}: Fortran order`);
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)[1].split(',').map((s) => s.trim())
    .filter((s) => s.length).map(Number);
  const [type, Ctor] = NPY_TYPES[descr] || [];
  if (!type) throw new Error(`${file}: unsupported dtype ${descr}`);
  const count = shape.reduce((a, b) => a * b, 1);
  // Copy into an aligned buffer of its own.
  const data = new Ctor(count);
  Buffer.from(data.buffer).set(buf.subarray(start, start + count * Ctor.BYTES_PER_ELEMENT));
  return { type, shape, data };
}

function writeNpy(file, tensor) {
  const descr = { float32: '<f4', int32: '<i4', int64: '<i8', uint64: '<u8' }[tensor.type];
  if (!descr) throw new Error(`cannot write ${tensor.type}`);
  const shape = tensor.dims.length === 1 ? `(${tensor.dims[0]},)` : `(${tensor.dims.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  header = header + ' '.repeat(pad % 64) + '\n';
  const pre = Buffer.alloc(10);
  pre.write('\x93NUMPY', 0, 'latin1');
  pre[6] = 1; pre[7] = 0;
  pre.writeUInt16LE(header.length, 8);
  const data = tensor.data;
  fs.writeFileSync(file, Buffer.concat([pre, Buffer.from(header, 'latin1'),
    Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

const TYPED = { float32: Float32Array, int32: Int32Array, int64: BigInt64Array };

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function benchCase(c, threads, iters, warmup, outDir, allocCalls) {
  const prefix = `prof-${c.id}-${process.pid}`;
  const session = await ort.InferenceSession.create(c.model, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // The profile's model_run events time InferenceSession::Run in C++:
    // the in-process time, without the binding's copy of every output into
    // a freshly allocated JS ArrayBuffer (see below).
    enableProfiling: true,
    profileFilePrefix: path.join(outDir, prefix),
  });
  const feeds = {};
  for (const inp of c.inputs) {
    const a = readNpy(inp.path);
    const count = inp.shape.reduce((x, y) => x * y, 1);
    if (count !== a.data.length) throw new Error(`${inp.path}: ${a.data.length} elements, want ${count}`);
    feeds[inp.name] = new ort.Tensor(a.type, a.data, inp.shape);
  }
  // Preallocated outputs, touched once so that no call pays first-touch faults.
  const fetches = {};
  for (const o of c.outputs) {
    const count = o.shape.reduce((x, y) => x * y, 1);
    const data = new TYPED[o.type](count);
    data.fill(o.type === 'int64' ? 1n : 1);
    fetches[o.name] = new ort.Tensor(o.type, data, o.shape);
  }
  let results;
  for (let i = 0; i < warmup; ++i) results = await session.run(feeds, fetches);
  const times = [];
  for (let i = 0; i < iters; ++i) {
    const t0 = process.hrtime.bigint();
    results = await session.run(feeds, fetches);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  c.outputs.forEach((o, k) => writeNpy(path.join(outDir, `${c.id}.${k}.npy`), results[o.name]));
  await session.endProfiling();
  const alloc = await measureAllocation(() => session.run(feeds, fetches), fetches, c.id,
    allocCalls);
  await session.release();
  // onnxruntime-node 1.30 runs into the preallocated fetches, then copies each
  // output into a new ArrayBuffer; for large outputs that copy (and its page
  // faults) dominates the wall time of session.run, so the wall time is
  // reported only for information.
  const wall = {
    wall_median_ms: median(times), wall_min_ms: Math.min(...times),
    wall_max_ms: Math.max(...times),
  };
  const profFile = fs.readdirSync(outDir).find((f) => f.startsWith(prefix + '_') && f.endsWith('.json'));
  if (!profFile) {
    return { ...wall, median_ms: wall.wall_median_ms, iters: times.length, timing: 'wall', ...alloc };
  }
  const events = JSON.parse(fs.readFileSync(path.join(outDir, profFile), 'utf8'));
  fs.unlinkSync(path.join(outDir, profFile));
  const runs = events.filter((e) => e.cat === 'Session' && e.name === 'model_run')
    .map((e) => e.dur / 1e3).slice(-iters);
  if (runs.length !== iters) {
    return { ...wall, median_ms: wall.wall_median_ms, iters: times.length, timing: 'wall', ...alloc };
  }
  return {
    median_ms: median(runs), min_ms: Math.min(...runs), max_ms: Math.max(...runs),
    iters: runs.length, timing: 'model_run', ...wall, ...alloc,
  };
}

// Heap bytes and allocations per call, counted by bench/alloc_count.c when it
// is preloaded (LD_PRELOAD, DML_BENCH_ALLOC_OUT): counters reset, `calls`
// untimed calls (profiling already ended), counts reported. They include the
// node binding's copy of every output into a new ArrayBuffer, whose size is
// reported as alloc_output_copy_bytes.
const ALLOC_CONTROL = '/dev/null/dml-bench-alloc/';

function allocControl(command) {
  try { fs.accessSync(ALLOC_CONTROL + command); } catch (e) { /* always fails */ }
}

async function measureAllocation(call, fetches, label, calls) {
  const file = process.env.DML_BENCH_ALLOC_OUT;
  if (!file || calls <= 0 || !(process.env.LD_PRELOAD || '').includes('alloc_count')) return {};
  allocControl('reset');
  for (let i = 0; i < calls; ++i) await call();
  allocControl('report/' + label);
  let lines;
  try { lines = fs.readFileSync(file, 'utf8').split('\n'); } catch (e) { return {}; }
  for (const line of lines.reverse()) {
    const parts = line.trim().split(/\s+/);
    if (parts.length === 3 && parts[0] === label) {
      // What the binding's copies of the outputs take (one ArrayBuffer each).
      const copied = Object.values(fetches).reduce((sum, t) => sum + t.data.byteLength, 0);
      return {
        alloc_bytes_per_call: Number(parts[1]) / calls,
        allocs_per_call: Number(parts[2]) / calls,
        alloc_output_copy_bytes: copied,
      };
    }
  }
  return {};
}

async function main() {
  const args = parseArgs(process.argv);
  const spec = JSON.parse(fs.readFileSync(args.spec, 'utf8'));
  const threads = Number(args.threads || 1);
  const iters = Number(args.iters || 25);
  const warmup = Number(args.warmup || 2);
  const allocCalls = Number(args['alloc-calls'] ?? 3);
  const outDir = args.out;
  fs.mkdirSync(outDir, { recursive: true });
  const byId = new Map(spec.cases.map((c) => [c.id, c]));
  const info = { _version: ort.env.versions ? ort.env.versions.common : 'unknown' };

  async function one(id) {
    let r;
    try {
      if (!byId.has(id)) throw new Error(`unknown case ${id}`);
      r = await benchCase(byId.get(id), threads, iters, warmup, outDir, allocCalls);
    } catch (e) {
      r = { error: String(e && e.message ? e.message : e) };
    }
    process.stderr.write(`ort ${id}: ${JSON.stringify(r)}\n`);
    return r;
  }

  if (args.serve !== undefined) {
    process.stdout.write(JSON.stringify(info) + '\n');
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    for await (const line of rl) {
      const id = line.trim();
      if (id) process.stdout.write(JSON.stringify(await one(id)) + '\n');
    }
    return;
  }
  const ids = args.cases ? args.cases.split(',') : spec.cases.map((c) => c.id);
  const results = {};
  for (const id of ids) results[id] = await one(id);
  process.stdout.write(JSON.stringify({ ...results, ...info }) + '\n');
}

main().catch((e) => { console.error(e); process.exit(1); });
