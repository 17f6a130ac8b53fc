// AirSections (feature air-sections) against the Chunks it stands for: the
// page's main thread (game.js) and the mesh worker (worker.js), wired in
// node as the browser wires them — each side's messages delivered in
// order, as structured clones, with their transfers — must end in the
// same state whichever of the two the server sent: the sections held and
// their revisions, the worker's copy (seen through the BlockUpdates it
// then applies), the meshes in the scene, the stats, and what collisions
// and rays read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";

import { BLOCK } from "../src/blocks.gen.js";
import { builtinBlocks } from "../src/blocks.js";
import { ChunkMessageSchema } from "../src/gen/strata_pb.js";
import { Player, raycast } from "../src/physics.js";
import { airPositions, decodeChunk } from "../src/protocol.js";
import { sectionHash } from "../src/section.js";
import { sectionKey, UNKNOWN } from "../src/voxels.js";

// Messages in flight between the two sides, in order; each delivered in
// its own task, like a worker's.
let inFlight = 0;
let delivered = 0;
const deliver = (to, m, transfer = []) => {
  const copy = structuredClone(m, { transfer });
  inFlight++;
  setTimeout(() => {
    inFlight--;
    delivered++;
    to(copy);
  }, 0);
};

let game = null;
globalThis.self = { postMessage: (m, transfer) => deliver((c) => game.onWorker(c), m, transfer) };
await import("../src/worker.js");
const { bareGame } = await import("../scripts/bench-air-core.js");

// settle waits until both sides have gone quiet: the worker meshes in time
// slices, between messages.
const settle = async () => {
  for (let n = -1; n !== delivered || inFlight > 0; ) {
    n = delivered;
    await new Promise((r) => setTimeout(r, 30));
  }
};

// FakeRenderer keeps what the scene would hold: each section's layers.
class FakeRenderer {
  constructor() {
    this.sections = new Map();
  }

  setSectionMesh(key, x, y, z, opaque, translucent) {
    const layer = (l) => l && { faces: l.faces, positions: [...l.positions], colors: [...l.colors], indices: [...l.indices] };
    this.sections.set(key, { opaque: layer(opaque), translucent: layer(translucent) });
  }

  removeSection(key) {
    this.sections.delete(key);
  }
}

// newGame is a bare page (bareGame) whose worker is worker.js, reached
// through deliver.
function newGame() {
  const post = (m, transfer) => deliver((c) => self.onmessage({ data: c }), m, transfer);
  return bareGame({ renderer: new FakeRenderer(), post, top: 19, blocks: builtinBlocks() });
}

// The page's path for a chunk-stream frame: decoded from its bytes.
const chunkMessage = (kind, value) => decodeChunk(toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: kind, value } })));
const uniform = (b) => Uint8Array.of(1, 0, b);
const sendChunk = (g, [x, y, z], block, revision) => g.onChunk(chunkMessage("chunk", { pos: { x, y, z }, revision, data: uniform(block) }));
const blockUpdate = (g, x, y, z, block, revision) => g.onServer({ kind: { case: "blockUpdate", value: { pos: { x, y, z }, block, revision } } });

// The positions the server gives as air (or as Chunks of air), in order:
// new ones, one replacing stone held at revision 0, one held at revision
// 3 (stale for them), one listed twice, and one an early BlockUpdate made.
const AIR_AT = [[0, 1, 0], [1, 0, 0], [2, 0, 0], [5, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0, 1], [-1, 0, 0], [0, 2, 0]];

// run plays the same session either way — sends(g) gives AIR_AT — and
// returns the state it ends in.
async function run(sends) {
  game = newGame();
  const g = game;
  sendChunk(g, [0, 0, 0], BLOCK.stone, 1n);
  sendChunk(g, [2, 0, 0], BLOCK.stone, 0n);
  sendChunk(g, [3, 0, 0], BLOCK.stone, 1n);
  sendChunk(g, [5, 0, 0], BLOCK.dirt, 3n);
  sendChunk(g, [-1, -1, 0], BLOCK.water, 1n);
  await settle();
  // The control stream overtakes the chunk stream: updates for (1,0,0),
  // on its border with (2,0,0), and for (-1,0,0) at revision 0 — not
  // newer than its section, so dropped.
  blockUpdate(g, 31, 4, 4, BLOCK.stone, 2n);
  blockUpdate(g, -8, 8, 8, BLOCK.stone, 0n);
  sends(g);
  await settle();
  const state = { beforeProbe: snapshot(g) };
  // The worker's copy: which sections take a BlockUpdate at revision 1
  // (those it holds at revision 0), then a drop of one of them.
  for (const [x, y, z] of AIR_AT) blockUpdate(g, 16 * x + 3, 16 * y + 3, 16 * z + 3, BLOCK.stone, 1n);
  g.onChunk(chunkMessage("drop", { pos: { x: 1, y: 1, z: 0 } }));
  await settle();
  state.afterProbe = snapshot(g);
  return state;
}

// snapshot is everything a later step reads: sections held (epochs), the
// mirror's sections, the scene, the stats, and physics over the mirror.
function snapshot(g) {
  const sections = [...g.store.sections.values()]
    .map((e) => ({ at: [e.x, e.y, e.z], epoch: e.epoch, revision: e.revision, uniform: e.uniform, hash: e.cells && sectionHash(e) }))
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));
  const meshes = Object.fromEntries([...g.renderer.sections].sort(([a], [b]) => a.localeCompare(b)));
  const { sectionsReceived, drops } = g.stats;
  const probes = AIR_AT.map(([x, y, z]) => g.store.blockAt(16 * x + 3, 16 * y + 3, 16 * z + 3));
  return { epochs: [...g.epochs].sort(), sections, meshes, sectionsReceived, drops, physics: physics(g), probes };
}

// physics is what movement and targeting make of the mirror: a player
// dropped into (0,1,0) falls through its air onto the stone of (0,0,0);
// one in (0,3,0), never received, stands on unknown terrain; a ray down
// from (0,2,0) finds that stone.
function physics(g) {
  const blockAt = (x, y, z) => g.store.blockAt(x, y, z);
  const fall = (y) => {
    const p = new Player(undefined, g.blocks);
    p.flying = false;
    p.pos = { x: 8.5, y, z: 8.5 };
    for (let i = 0; i < 40; i++) p.step(0.05, { forward: 0, strafe: 0, up: 0, jump: false, sprint: false }, blockAt);
    return { ...p.pos, onGround: p.onGround };
  };
  const ray = raycast({ x: 8.5, y: 40, z: 8.5 }, { x: 0, y: -1, z: 0 }, 30, blockAt, g.blocks);
  return { fell: fall(20), stuck: fall(50), ray: ray && [ray.x, ray.y, ray.z, ray.block], airAt: blockAt(8, 20, 8), unknownAt: blockAt(8, 50, 8) };
}

test("an AirSections leaves the page as the Chunks of uniform air at revision 0 it stands for", async () => {
  const chunks = await run((g) => {
    for (const p of AIR_AT) sendChunk(g, p, BLOCK.air, 0n);
  });
  const air = await run((g) => g.onChunk(chunkMessage("air", { coords: AIR_AT.flat() })));
  assert.deepEqual(air, chunks);
  assert.equal(game.stats.airSections, AIR_AT.length, "counted apart too");

  // What they both hold, spelled out.
  const s = chunks.beforeProbe;
  const at = (x, y, z) => s.sections.find((e) => String(e.at) === String([x, y, z]));
  assert.equal(s.sectionsReceived, 5 + AIR_AT.length, "each position a section received");
  assert.deepEqual(at(2, 0, 0), { at: [2, 0, 0], epoch: 2, revision: 0n, uniform: BLOCK.air, hash: null }, "the stone at revision 0 is air now");
  assert.equal(at(5, 0, 0).uniform, BLOCK.dirt, "revision 3 is newer: kept");
  assert.equal(at(1, 0, 0).revision, 2n, "the early update applied");
  assert.equal(at(-1, 0, 0).uniform, BLOCK.air, "the revision-0 update did not");
  assert.equal(s.meshes["2,0,0"].opaque, null, "the replaced stone's mesh is gone");
  assert.equal(s.meshes["3,0,0"].opaque.faces, 6 * 256, "its neighbour shows its face towards it again");
  assert.equal(s.meshes["1,0,0"].opaque.faces, 6, "the early update's block");
  assert.deepEqual(s.physics, { fell: { x: 8.5, y: 16, z: 8.5, onGround: true }, stuck: { x: 8.5, y: 50, z: 8.5, onGround: true }, ray: [8, 15, 8, BLOCK.stone], airAt: BLOCK.air, unknownAt: UNKNOWN });
  const { probes } = chunks.afterProbe;
  const S = BLOCK.stone;
  assert.deepEqual(probes, [S, BLOCK.air, S, BLOCK.dirt, UNKNOWN, S, S, S, S], "revision 1 applies where the worker holds revision 0; (1,1,0) was dropped");
});

test("an AirSections is one message to the worker, its coords and epochs transferred", () => {
  const posts = [];
  const g = newGame();
  g.worker = { postMessage: (m, transfer) => posts.push({ m, transfer }) };
  sendChunk(g, [0, 1, 0], BLOCK.stone, 1n);
  const coords = [0, 1, 0, 7, 8, -9, 0, 2, 0];
  g.onChunk(chunkMessage("air", { coords }));
  assert.equal(posts.length, 2, "the Chunk's, then the whole AirSections'");
  const { m, transfer } = posts[1];
  assert.equal(m.type, "air");
  assert.ok(m.coords instanceof Int32Array && m.epochs instanceof Float64Array);
  assert.deepEqual([...m.coords], coords);
  assert.deepEqual([...m.epochs], [1, 2, 3], "(0,1,0) keeps the epoch its Chunk got; the others get new ones");
  assert.deepEqual(transfer, [m.coords.buffer, m.epochs.buffer]);
  assert.deepEqual([g.stats.sectionsReceived, g.stats.airSections, g.epochs.size], [4, 3, 3]);
  assert.equal(g.stats.sectionRate.perSecond(performance.now()), 4 / 5, "each position a section in the rate");
});

test("a Drops by column (column-lists) leaves the page as a Drop per section would", async () => {
  const held = [[0, 0, 0], [0, 1, 0], [1, 0, 0], [-1, -1, 0], [-1, 0, 0]];
  const gone = [[-1, -1, 0], [0, 0, 0], [0, 1, 0]];
  const play = async (drop) => {
    game = newGame();
    for (const p of held) sendChunk(game, p, BLOCK.stone, 1n);
    await settle();
    drop(game);
    await settle();
    return snapshot(game);
  };
  const one = await play((g) => {
    for (const [x, y, z] of gone) g.onChunk(chunkMessage("drop", { pos: { x, y, z } }));
  });
  // Columns (-1, 0) and (0, 0), base y -1: bit 0 is y -1.
  const cols = await play((g) => g.onChunk(chunkMessage("drops", { columns: [-1, 0, 1, 0], masks: [0b1, 0b110], baseY: -1 })));
  assert.deepEqual(cols, one);
  assert.deepEqual(cols.sections.map((e) => e.at), [[-1, 0, 0], [1, 0, 0]], "what was not dropped stays");
  assert.equal(cols.drops, gone.length);
});

test("an AirSections by column (column-lists) leaves the page as its positions would", async () => {
  // AIR_AT's sections once each, by column from (0, 0): y 1 and 2 there,
  // 0 and 1 at (1, 0), 0 at (2, 0), (5, 0), (0, 1) and (-1, 0).
  const value = { columns: [0, 0, 1, 0, 1, 0, 3, 0, -5, 1, -1, -1], masks: [0b110, 0b11, 1, 1, 1, 1], baseY: 0 };
  const ps = airPositions(value);
  assert.equal(new Set(ps.map((p) => sectionKey(p.x, p.y, p.z))).size, new Set(AIR_AT.map(String)).size);
  const byPosition = await run((g) => g.onChunk(chunkMessage("air", { coords: ps.flatMap((p) => [p.x, p.y, p.z]) })));
  const byColumn = await run((g) => g.onChunk(chunkMessage("air", value)));
  assert.deepEqual(byColumn, byPosition);
  assert.equal(game.stats.airSections, ps.length);
});
