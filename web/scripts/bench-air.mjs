// Measures what sections of uniform air cost the page, per section: one
// Chunk each (feature air-sections not granted) against the positions of
// AirSections (granted), from the chunk-stream payloads to the sections
// held and their empty meshes in the scene. It runs the page's own code —
// game.js's chunk path on the main thread (decodeChunk, onChunk, the
// worker's replies) and worker.js in a worker, the messages between them
// structured clones with their buffers transferred — in Node
// (worker_threads) and in headless Chromium (a real Worker). AirSections
// go by position and, with feature column-lists, by column. Frame reading
// and inflating (session.js) are left out: AirSections only make them
// cheaper (fewer, shorter frames).
//
//   node scripts/bench-air.mjs [--runs 9] [--sections 4096] [--batch 48,1024]
//
// The sections are a sky: distinct positions above the ground, no terrain
// next to them, none held before (a fresh view). Main-thread CPU: Node,
// the event loop's active time (performance.eventLoopUtilization);
// Chromium, the page's main-thread task time (CDP Performance.getMetrics
// TaskDuration, thread ticks). Both count the handlers and the replies'
// deserialisation. Worker: the time in its handlers (messages and meshing
// slices), timed inside it. Wall: the first payload to the last reply.
// Medians and minima over the runs, after one warm-up.
//
// Needs Debian's chromium (or CHROMIUM=/path) for the browser half.

import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

import { airPayloads, chunkPayloads, runOnce, skyPositions, timeWorker } from "./bench-air-core.js";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : dflt;
};
const runs = Number(opt("runs", 9));
const count = Number(opt("sections", 4096));
const batches = opt("batch", "48,1024").split(",").map(Number);

// cases are the streams measured: Chunks, then AirSections of each batch
// size, by position and by column, with the replies each brings (a
// "section" and a "mesh" per Chunk, one "air" per AirSections).
function cases() {
  const positions = skyPositions(count);
  const out = [{ name: "Chunk each", payloads: chunkPayloads(positions), replies: 2 * count, batch: 0, columns: false }];
  for (const b of batches) {
    for (const columns of [false, true]) {
      const p = airPayloads(positions, b, columns);
      out.push({ name: `AirSections of ${b}${columns ? " by column" : ""}`, payloads: p, replies: p.length, batch: b, columns });
    }
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const us = (ms) => ((ms * 1000) / count).toFixed(2);
const figure = (xs) => `${us(median(xs))} (${us(Math.min(...xs))})`;

// measure runs measureOnce (→ {main, worker, wall} ms) runs times after a
// warm-up and prints the per-section figures.
async function measure(label, name, frames, measureOnce) {
  const r = { main: [], worker: [], wall: [] };
  for (let i = 0; i <= runs; i++) {
    const m = await measureOnce();
    if (i === 0) continue;
    for (const k of Object.keys(r)) r[k].push(m[k]);
  }
  console.log(`${label} ${name.padEnd(28)} ${String(frames).padStart(5)} frames  main ${figure(r.main)}  worker ${figure(r.worker)}  wall ${figure(r.wall)}`);
}

async function node() {
  const worker = new Worker(new URL(import.meta.url));
  const link = { post: (m, transfer) => worker.postMessage(m, transfer), onReply: null };
  worker.on("message", (m) => link.onReply(m));
  const busy = () =>
    new Promise((done) => {
      link.onReply = (m) => done(m.ms);
      link.post({ type: "bench-busy" });
    });
  for (const { name, payloads, replies } of cases()) {
    await measure(`node ${process.version}`, name, payloads.length, async () => {
      await busy();
      const elu = performance.eventLoopUtilization();
      const wall = await runOnce(link, payloads, replies, count);
      const main = performance.eventLoopUtilization(elu).active;
      return { main, worker: await busy(), wall };
    });
  }
  await worker.terminate();
}

// The page's half for Chromium: window.prepare(count, batch, columns)
// makes a case's payloads (batch 0: Chunks), window.bench(replies) runs them →
// {worker, wall} ms.
const PAGE = `
import { airPayloads, chunkPayloads, runOnce, skyPositions } from "./scripts/bench-air-core.js";
const worker = new Worker("/worker.js");
const link = { post: (m, transfer) => worker.postMessage(m, transfer), onReply: null };
worker.onmessage = (e) => link.onReply(e.data);
const busy = () => new Promise((done) => {
  link.onReply = (m) => done(m.ms);
  link.post({ type: "bench-busy" });
});
let count = 0, payloads = [];
window.prepare = async (n, batch, columns) => {
  const positions = skyPositions(n);
  count = n;
  payloads = batch ? airPayloads(positions, batch, columns) : chunkPayloads(positions);
  await busy();
};
window.bench = async (replies) => {
  const wall = await runOnce(link, payloads, replies, count);
  return { worker: await busy(), wall };
};
`;
const WORKER = `
import "./src/worker.js";
import { timeWorker } from "./scripts/bench-air-core.js";
timeWorker(self);
`;

async function chromium() {
  const executablePath = process.env.CHROMIUM || ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
  if (!executablePath) {
    console.log("SKIP chromium: none found (apt-get install -y chromium, or set CHROMIUM)");
    return;
  }
  const { build } = await import("esbuild");
  const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const bundle = async (contents, format) =>
    (await build({ stdin: { contents, resolveDir: web, loader: "js" }, bundle: true, write: false, format, target: ["es2022"], logLevel: "warning" })).outputFiles[0].text;
  const files = {
    "/index.html": ["text/html", `<!doctype html><script type="module" src="/page.js"></script>`],
    "/page.js": ["text/javascript", await bundle(PAGE, "esm")],
    "/worker.js": ["text/javascript", await bundle(WORKER, "iife")],
  };
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    await page.route("http://bench.test/**", (route) => {
      const [type, body] = files[new URL(route.request().url()).pathname] ?? ["text/plain", ""];
      return route.fulfill({ status: 200, contentType: type, body });
    });
    await page.goto("http://bench.test/index.html");
    await page.waitForFunction(() => typeof window.bench === "function");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
    const taskMs = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value * 1000;
    for (const { name, payloads, replies, batch, columns } of cases()) {
      await page.evaluate(([c, b, l]) => window.prepare(c, b, l), [count, batch, columns]);
      await measure(`chromium ${browser.version()}`, name, payloads.length, async () => {
        const t0 = await taskMs();
        const { worker, wall } = await page.evaluate((r) => window.bench(r), replies);
        return { main: (await taskMs()) - t0, worker, wall };
      });
    }
  } finally {
    await browser.close();
  }
}

if (!isMainThread) {
  // The mesh worker as the browser runs it: self is the worker's scope.
  globalThis.self = { postMessage: (m, transfer) => parentPort.postMessage(m, transfer) };
  await import("../src/worker.js");
  timeWorker(self);
  parentPort.on("message", (m) => self.onmessage({ data: m }));
} else {
  console.log(`${count} sections of uniform air, ${runs} runs after a warm-up; µs per section, median (min)`);
  await node();
  await chromium();
}
