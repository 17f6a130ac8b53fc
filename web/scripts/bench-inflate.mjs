// Measures what inflating a deflate-chunks chunk stream costs the client,
// per section: DecompressionStream("deflate-raw") over a recorded stream
// of real section frames, compressed as the server compresses them (make
// it with `go run ./web/internal/chunkstream -out /tmp/flight.deflate`),
// in Node and in headless Chromium (the page's own decoder: the inflating
// runs on the thread that reads the stream, the page's main thread).
//
//   node scripts/bench-inflate.mjs [/tmp/flight.deflate] [--runs 7]
//
// The stream is written into the inflater as it would arrive, in pieces
// of `piece` bytes (one flushed batch at a time, or 1200-byte packets),
// with the output read as it comes, like session.js chunkLoop. Reported
// per section: wall time, and CPU — Node: process.cpuUsage (user+system);
// Chromium: the main thread's task time (CDP Performance.getMetrics
// TaskDuration). Medians and minima over the runs, after one warm-up.
//
// Needs Debian's chromium (or CHROMIUM=/path) for the browser half.

import { existsSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 7;
const file = args.find((a, i) => !a.startsWith("--") && (runsAt < 0 || i !== runsAt + 1)) ?? "/tmp/flight.deflate";
const bytes = new Uint8Array(readFileSync(file));
const meta = JSON.parse(readFileSync(`${file}.json`, "utf8"));
const { sections, frames_bytes: framesBytes, batch_ends: ends } = meta;

// inflateAll is run in Node and, as source, in the page: it inflates
// bytes written in pieces (by batch ends, or fixed-size pieces) and
// returns the bytes out and the wall time.
async function inflateAll(bytes, cuts) {
  const t0 = performance.now();
  const ds = new DecompressionStream("deflate-raw");
  const w = ds.writable.getWriter();
  const r = ds.readable.getReader();
  let out = 0;
  const reading = (async () => {
    for (;;) {
      const { value, done } = await r.read();
      if (done) return;
      out += value.byteLength;
    }
  })();
  let at = 0;
  for (const c of cuts) {
    await w.write(bytes.subarray(at, c));
    at = c;
  }
  // The server never ends the stream; the benchmark stops reading here
  // (every frame is out: the last batch ended with a sync flush).
  while (out < cuts.total) await new Promise((res) => setTimeout(res, 0));
  const ms = performance.now() - t0;
  w.abort().catch(() => {});
  reading.catch(() => {});
  return { out, ms };
}

const packetCuts = (n, size) => {
  const c = [];
  for (let at = size; at < n; at += size) c.push(at);
  c.push(n);
  return c;
};
const modes = [
  ["per batch", ends],
  ["1200-byte pieces", packetCuts(bytes.length, 1200)],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const us = (ms) => ((ms * 1000) / sections).toFixed(2);
console.log(`${file}: ${sections} sections, ${framesBytes} bytes of frames, ${bytes.length} compressed (${(bytes.length / sections).toFixed(1)} B/section, ${ends.length} batches); ${runs} runs after a warm-up`);

for (const [name, cuts] of modes) {
  cuts.total = framesBytes;
  const wall = [];
  const cpu = [];
  for (let i = 0; i <= runs; i++) {
    const c0 = process.cpuUsage();
    const { out, ms } = await inflateAll(bytes, cuts);
    const c = process.cpuUsage(c0);
    if (out !== framesBytes) throw new Error(`inflated ${out} bytes, want ${framesBytes}`);
    if (i === 0) continue;
    wall.push(ms);
    cpu.push((c.user + c.system) / 1000);
  }
  console.log(`node ${process.version}, ${name} (${cuts.length} writes): wall µs/section median ${us(median(wall))} min ${us(Math.min(...wall))}; CPU µs/section median ${us(median(cpu))} min ${us(Math.min(...cpu))}`);
}

const executablePath = process.env.CHROMIUM || ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
if (!executablePath) {
  console.log("SKIP chromium: none found (apt-get install -y chromium, or set CHROMIUM)");
  process.exit(0);
}
const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  await page.goto("about:blank");
  const version = browser.version();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  const taskSeconds = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value;
  await page.evaluate(`window.inflateAll = ${inflateAll.toString()}`);
  await page.evaluate((b64) => {
    const s = atob(b64);
    window.bytes = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) window.bytes[i] = s.charCodeAt(i);
  }, Buffer.from(bytes).toString("base64"));
  for (const [name, cuts] of modes) {
    const wall = [];
    const cpu = [];
    for (let i = 0; i <= runs; i++) {
      const t0 = await taskSeconds();
      const { out, ms } = await page.evaluate(([cuts, total]) => {
        cuts.total = total;
        return window.inflateAll(window.bytes, cuts);
      }, [cuts, framesBytes]);
      const t1 = await taskSeconds();
      if (out !== framesBytes) throw new Error(`chromium inflated ${out} bytes, want ${framesBytes}`);
      if (i === 0) continue;
      wall.push(ms);
      cpu.push((t1 - t0) * 1000);
    }
    console.log(`chromium ${version}, ${name} (${cuts.length} writes): wall µs/section median ${us(median(wall))} min ${us(Math.min(...wall))}; main-thread task µs/section median ${us(median(cpu))} min ${us(Math.min(...cpu))}`);
  }
} finally {
  await browser.close();
}
