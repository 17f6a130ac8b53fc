// Loads the built page (dist/) in headless Chromium against a tiny static
// server on 127.0.0.1 and checks it works as far as it can without a
// WebTransport server:
//
//  1. offline: config.json points at a port where nothing listens; the page
//     must load without script errors, try to connect, and show the failure
//     in its HUD (data-state="waiting", data-error set).
//  2. demo (?demo): a generated world goes through the worker and the
//     mesher into WebGL; meshes must be built and the frame must not be
//     blank; the demo's entities must be drawn (boxes, a name tag) and the
//     moving one must move; below the sea's surface the view must be a
//     blue-green fog, and the surface must show from below.
//
// Screenshots go to $STRATA_ARTIFACTS (default: a temp folder); with
// --update-docs the demo screenshot is copied to docs/img/play.png.
//
// Needs Debian's chromium (or CHROMIUM=/path); drives it with playwright-core.

import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdirSync, readFileSync, copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { WATER_FOG } from "../src/underwater.js";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(web, "dist");
const artifacts = process.env.STRATA_ARTIFACTS || mkdtempSync(join(tmpdir(), "strata-web-smoke-"));
mkdirSync(artifacts, { recursive: true });
const executablePath = process.env.CHROMIUM || ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
if (!executablePath) {
  console.log("SKIP: no chromium: apt-get install -y chromium (or set CHROMIUM)");
  process.exit(0);
}

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

// A port nothing listens on: WebTransport there fails fast (ICMP unreachable).
const deadUrl = "https://127.0.0.1:9/wt";
const server = createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/play") {
    res.writeHead(301, { Location: "/play/" + url.search });
    return res.end();
  }
  if (url.pathname === "/play/config.json") {
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    return res.end(JSON.stringify({ url: deadUrl, certHash: "00".repeat(32) }));
  }
  if (!url.pathname.startsWith("/play/")) {
    res.writeHead(404);
    return res.end();
  }
  const rel = normalize(url.pathname.slice("/play/".length) || "index.html");
  if (rel.startsWith("..")) {
    res.writeHead(400);
    return res.end();
  }
  try {
    const body = readFileSync(join(dist, rel));
    res.writeHead(200, { "Content-Type": TYPES[extname(rel)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
// --base URL tests a page served elsewhere instead (e.g. by
// `go run ./web/internal/devserver -wt https://127.0.0.1:9/wt`, to check the
// Go handler's headers and CSP); its config.json must point at a dead port.
const baseArg = process.argv.indexOf("--base");
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = baseArg > 0 ? process.argv[baseArg + 1].replace(/\/+$/, "") : `http://127.0.0.1:${server.address().port}/play`;

const browser = await chromium.launch({
  executablePath,
  headless: true,
  // Software WebGL: headless machines have no GPU.
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
});

let passed = 0;
let failed = 0;
async function check(name, fn) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    // The failed WebTransport attempt is logged by Chromium itself; that is
    // the expected outcome of the offline case, not a script error.
    if (msg.type() === "error" && !/WebTransport|ERR_|net::/i.test(msg.text())) problems.push(`console error: ${msg.text()}`);
  });
  try {
    await fn(page);
    if (problems.length) throw new Error(problems.join("\n"));
    console.log(`ok   ${name}`);
    passed++;
  } catch (err) {
    console.log(`FAIL ${name}\n     ${String(err.message).split("\n").join("\n     ")}`);
    failed++;
  } finally {
    await page.close();
  }
}

const data = (page, k) => page.$eval("#view", (c, k) => c.dataset[k], k);

await check("offline: page loads and reports the failed connection", async (page) => {
  await page.goto(`${base}`); // exercises the /play → /play/ redirect too
  await page.waitForFunction(() => document.getElementById("view").dataset.state === "waiting", null, { timeout: 20000 });
  const err = await data(page, "error");
  if (!err || !err.includes(":9/wt")) throw new Error(`data-error = ${JSON.stringify(err)}, want the connection failure`);
  const hud = await page.textContent("#hud");
  if (!/disconnected/.test(hud) || !/last error/.test(hud)) throw new Error(`HUD text: ${hud}`);
  const status = await page.evaluate(() => window.strata.status());
  if (status.sections !== 0) throw new Error(`sections ${status.sections}`);
  await page.screenshot({ path: join(artifacts, "play-offline.png") });
});

await check("demo: the worker meshes a generated world and WebGL draws it", async (page) => {
  await page.goto(`${base}/?demo`);
  await page.waitForFunction(() => Number(document.getElementById("view").dataset.meshes) >= 300, null, { timeout: 30000 });
  await page.waitForTimeout(1000); // let the remaining meshes land
  const s = await page.evaluate(() => window.strata.status());
  if (!(s.firstMeshMs > 0)) throw new Error(`firstMeshMs ${s.firstMeshMs}`);
  const file = join(artifacts, "play-demo.png");
  await page.screenshot({ path: file });
  // Not blank: the screenshot shows many colours, not just the sky. Count
  // them in the page itself, which can decode a PNG without extra packages.
  const png = readFileSync(file).toString("base64");
  const colours = await page.evaluate(async (b64) => {
    // An <img> rather than fetch(): the page's CSP allows data: images only.
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, img.width, img.height).data;
    const set = new Set();
    for (let i = 0; i < px.length; i += 4) set.add((px[i] >> 4) * 256 + (px[i + 1] >> 4) * 16 + (px[i + 2] >> 4));
    return { distinct: set.size };
  }, png);
  if (colours.distinct < 20) throw new Error(`only ${colours.distinct} distinct colours: blank frame?`);
  console.log(`     ${s.meshes} meshes, first mesh after ${s.firstMeshMs.toFixed(0)} ms, ${colours.distinct} colours`);

  // Entities: the demo spawns a player and two creatures and moves one;
  // each must be drawn as its box, the player with its name tag, and the
  // moving one must move on screen.
  const ents = await page.evaluate(async () => {
    const s = window.strata;
    const before = s.entities().find((e) => e.kind === "strata:critter")?.drawn?.position;
    await new Promise((r) => setTimeout(r, 1000));
    return { status: s.status().entities, list: s.entities(), before };
  });
  const byKind = Object.fromEntries(ents.list.map((e) => [e.kind, e]));
  const problems = [];
  if (ents.status.count !== 3 || ents.status.drawn !== 3 || ents.status.players !== 1) problems.push(`entities ${JSON.stringify(ents.status)}`);
  const p = byKind["strata:player"], c = byKind["strata:critter"], sl = byKind["example:slime"];
  if (!p?.drawn || p.drawn.tag !== "demo-player" || Math.abs(p.drawn.size.y - 1.8) > 1e-6) problems.push(`player drawn as ${JSON.stringify(p?.drawn)}`);
  if (!sl?.drawn || sl.drawn.tag !== null || Math.abs(sl.drawn.size.x - 1.5) > 1e-6 || sl.drawn.color !== sl.color) problems.push(`slime drawn as ${JSON.stringify(sl?.drawn)}`);
  if (!c?.drawn || !ents.before || Math.hypot(c.drawn.position.x - ents.before.x, c.drawn.position.z - ents.before.z) < 0.3) problems.push(`critter did not move: ${JSON.stringify(ents.before)} → ${JSON.stringify(c?.drawn?.position)}`);
  if (new Set(ents.list.map((e) => e.color)).size !== 3) problems.push(`colours ${ents.list.map((e) => e.color.toString(16))}`);
  if (problems.length) throw new Error(`entities: ${problems.join("; ")}`);
  console.log(`     ${ents.status.drawn} entities drawn (${ents.list.map((e) => `${e.kind}${e.name ? ` "${e.name}"` : ""}`).join(", ")}), ${ents.status.states} moves`);

  // Edit: look straight down from above the terrain, break the block
  // below, then place one back; each must reach the worker, come back as a
  // change to the local world, and re-mesh.
  const edit = await page.evaluate(async () => {
    const s = window.strata;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const until = async (f) => {
      for (let i = 0; i < 100 && !f(); i++) await sleep(50);
      return f();
    };
    s.setLook(0, 89.9);
    // Drop to just above the ground, so the block below is in reach.
    const pos = { x: 0.5, y: 100, z: 0.5 }; // the demo world's centre
    let y = Math.floor(pos.y);
    while (y > 40 && s.blockAt(Math.floor(pos.x), y, Math.floor(pos.z)) <= 0) y--; // air or not held
    s.setPosition(pos.x, y + 1.2, pos.z);
    if (!(await until(() => s.status().target))) return { error: "no target below" };
    const t = s.status().target;
    const built = s.status().meshesBuilt;
    s.breakBlock();
    if (!(await until(() => s.blockAt(t.x, t.y, t.z) === 0))) return { error: "break not applied" };
    if (!(await until(() => s.status().meshesBuilt > built))) return { error: "no re-mesh after break" };
    s.setLook(0, 89.9);
    await sleep(100);
    s.placeBlock(1); // stone, into the hole
    if (!(await until(() => s.blockAt(t.x, t.y, t.z) === 1))) return { error: "place not applied" };
    return { ok: true, target: t, pending: s.status().pending };
  });
  if (edit.error) throw new Error(edit.error);
  if (edit.pending !== 0) throw new Error(`${edit.pending} actions never acknowledged`);
  console.log(`     broke and re-placed block ${edit.target.x},${edit.target.y},${edit.target.z}`);

  // Under water: the camera below the surface of the demo's sea sees
  // water (a blue-green fog instead of the sky), and looking up sees the
  // surface from below (the water's top faces, drawn double-sided).
  const dive = await page.evaluate(async () => {
    const s = window.strata;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    // A column of the sea at least 5 deep (water at y 58..62), near the centre.
    let col = null;
    for (let r = 0; r < 70 && !col; r++) {
      for (let x = -r; x <= r && !col; x++) {
        for (const z of [-r, r]) {
          if (s.blockAt(x, 58, z) === 9 && s.blockAt(x, 62, z) === 9 && s.blockAt(x, 63, z) === 0) {
            col = { x, z };
            break;
          }
        }
      }
    }
    if (!col) return { error: "no sea in the demo world" };
    s.setFlying(true);
    s.setMove({});
    s.setPosition(col.x + 0.5, 58.2, col.z + 0.5); // eye at 59.82: three blocks under the surface
    s.setLook(0, 0);
    await sleep(500);
    return { col, underwater: s.status().underwater };
  });
  if (dive.error) throw new Error(dive.error);
  if (dive.underwater !== "water") throw new Error(`below the surface at ${JSON.stringify(dive.col)}: underwater = ${dive.underwater}`);
  const centre = async (name) => {
    const f = join(artifacts, name);
    await page.screenshot({ path: f });
    return page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const ctx = c.getContext("2d");
      ctx.drawImage(img, 0, 0);
      // The mean colour of a 40×40 square at the centre, and of the top rows.
      const mean = (x0, y0, w, h) => {
        const px = ctx.getImageData(x0, y0, w, h).data;
        const m = [0, 0, 0];
        for (let i = 0; i < px.length; i += 4) for (let k = 0; k < 3; k++) m[k] += px[i + k];
        return m.map((v) => Math.round(v / (px.length / 4)));
      };
      return { centre: mean(img.width / 2 - 20, img.height / 2 - 20, 40, 40), top: mean(0, 0, img.width, 10) };
    }, readFileSync(f).toString("base64"));
  };
  const ahead = await centre("play-underwater.png");
  // Blue-green, not the sky (#9cc4ec) the page shows above water.
  const [r, g, b] = ahead.top;
  if (!(g > 1.5 * r && b > 1.5 * r && r < 100)) throw new Error(`under water the view's top is rgb(${ahead.top}): want a blue-green fog, not the sky`);
  await page.evaluate(() => window.strata.setLook(0, -89.9));
  await page.waitForTimeout(300);
  const up = await centre("play-underwater-up.png");
  // The surface, three blocks up: the water's own blue over the fog, so
  // bluer than the fog (which is all one would see without it: the
  // background under water is the fog's colour).
  const fog = [(WATER_FOG >> 16) & 255, (WATER_FOG >> 8) & 255, WATER_FOG & 255];
  if (!(up.centre[2] > fog[2] + 20)) throw new Error(`looking up from under water: rgb(${up.centre}), fog rgb(${fog}): the surface is not drawn from below`);
  const back = await page.evaluate(async () => {
    const s = window.strata;
    s.setPosition(0.5, 100, 0.5);
    await new Promise((r) => setTimeout(r, 300));
    return s.status().underwater;
  });
  if (back !== null) throw new Error(`back above the water: underwater = ${back}`);
  console.log(`     under water at ${dive.col.x},${dive.col.z}: view's top rgb(${ahead.top}), surface from below rgb(${up.centre}), fog rgb(${fog})`);

  if (process.argv.includes("--update-docs")) {
    // 256 colours keep the committed picture at half the size; ImageMagick
    // is optional.
    const docs = join(web, "..", "docs", "img", "play.png");
    if (spawnSync("convert", [file, "-colors", "256", `PNG8:${docs}`]).status !== 0) copyFileSync(file, docs);
  }
});

await browser.close();
server.close();
console.log(`screenshots in ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
