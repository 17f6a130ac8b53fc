// The shared half of scripts/bench-air.mjs, run both in Node and (bundled)
// in headless Chromium: the payloads, a bare page running game.js's chunk
// path, and the timing shim around the mesh worker.

import { LODIndex } from "../src/lod.js";
import { create, toBinary } from "@bufbuild/protobuf";

import { Game } from "../src/game.js";
import { ChunkMessageSchema } from "../src/gen/strata_pb.js";
import { decodeChunk } from "../src/protocol.js";
import { Rate, Window } from "../src/stats.js";
import { VoxelStore } from "../src/voxels.js";

/**
 * skyPositions lists count distinct sections of a sky: columns of 16 above
 * the ground around the origin, with no terrain next to them.
 */
export function skyPositions(count) {
  const side = Math.ceil(Math.sqrt(count / 16));
  const out = [];
  for (let i = 0; out.length < count; i++) out.push({ x: (i >> 4) % side, y: 8 + (i & 15), z: Math.floor((i >> 4) / side) });
  return out;
}

const encode = (kind, value) => toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: kind, value } }));
const AIR_SECTION = Uint8Array.of(1, 0, 0); // format 1: uniform, block 0

/** chunkPayloads is one Chunk of uniform air at revision 0 per position: the stream without air-sections. */
export function chunkPayloads(positions) {
  return positions.map((pos) => encode("chunk", { pos, revision: 0n, data: AIR_SECTION }));
}

/**
 * airPayloads is the same sections as AirSections of up to batch positions
 * each: as x, y, z triples, or with columns (feature column-lists) as a
 * mask of Ys for each column, listed as the server lists them.
 */
export function airPayloads(positions, batch, columns = false) {
  const out = [];
  for (let i = 0; i < positions.length; i += batch) {
    const part = positions.slice(i, i + batch);
    out.push(encode("air", columns ? byColumn(part) : { coords: part.flatMap((p) => [p.x, p.y, p.z]) }));
  }
  return out;
}

// byColumn lists ps by column, in the order of each column's first
// section, its x and z less the previous column's, with the world's lowest
// section as base_y (as the server's deliver does).
function byColumn(ps) {
  const base = -4;
  const at = new Map();
  const columns = [];
  const masks = [];
  let x = 0;
  let z = 0;
  for (const p of ps) {
    const key = `${p.x},${p.z}`;
    let k = at.get(key);
    if (k === undefined) {
      k = masks.length;
      at.set(key, k);
      columns.push(p.x - x, p.z - z);
      masks.push(0);
      x = p.x;
      z = p.z;
    }
    masks[k] = (masks[k] | (1 << (p.y - base))) >>> 0;
  }
  return { columns, masks, baseY: base };
}

// SceneStub is the renderer's section map without three.js: a section of
// air has no mesh to build, only its entry (renderer.js setSectionMesh).
class SceneStub {
  constructor() {
    this.sections = new Map();
  }

  setSectionMesh(key, x, y, z, opaque, translucent) {
    this.sections.set(key, { opaque, translucent });
  }

  removeSection(key) {
    this.sections.delete(key);
  }
}

/**
 * bareGame is a Game with only what the chunk stream touches — its section
 * mirror (sections up to y = top), epochs, stats, the renderer given and
 * the worker reached through post(m, transfer), reset and initialised —
 * for the benchmark and web/test/airsections.test.js.
 */
export function bareGame({ renderer, post, top, blocks }) {
  const g = Object.create(Game.prototype);
  Object.assign(g, {
    blocks,
    store: new VoxelStore(),
    epochs: new Map(),
    nextEpoch: 0,
    renderer,
    stats: { sectionsReceived: 0, airSections: 0, drops: 0, meshesBuilt: 0, meshMs: new Window(200), firstMeshAt: null, sectionRate: new Rate(5) },
    worker: { postMessage: post },
    lod: new LODIndex(),
    lodEpochs: new Map(),
  });
  g.store.setTop(top);
  post({ type: "reset" });
  post({ type: "init", minSectionY: -4 });
  return g;
}

/**
 * runOnce feeds payloads to a fresh page (game.js's chunk path on a bare
 * Game, as web/test/airsections.test.js) whose worker is reached through
 * link {post(m, transfer), onReply}, and resolves with the wall ms from the
 * first payload to the last of the replies it expects, once every section
 * is held with its (empty) mesh.
 */
export async function runOnce(link, payloads, replies, count) {
  const g = bareGame({ renderer: new SceneStub(), post: (m, transfer) => link.post(m, transfer), top: 100 });
  // Copies: a Chunk's data is transferred to the worker, and its buffer is
  // the payload's.
  const copies = payloads.map((p) => p.slice());
  let left = replies;
  const done = new Promise((resolve) => {
    link.onReply = (m) => {
      g.onWorker(m);
      if (--left === 0) resolve();
    };
  });
  const t0 = performance.now();
  for (const p of copies) g.onChunk(decodeChunk(p));
  await done;
  const wall = performance.now() - t0;
  if (g.store.size !== count || g.renderer.sections.size !== count) {
    throw new Error(`held ${g.store.size} sections, ${g.renderer.sections.size} meshes; want ${count}`);
  }
  return wall;
}

/**
 * timeWorker wraps the mesh worker (src/worker.js, imported before) in a
 * timer of its handlers — its messages and its meshing time slices — and
 * answers {type: "bench-busy"} with their ms since the last one. scope is
 * the worker's self; the time slices are the callbacks of the global
 * setTimeout, which worker.js looks up when it schedules one.
 */
export function timeWorker(scope) {
  let busy = 0;
  const timed = (fn) => (...a) => {
    const t = performance.now();
    try {
      return fn(...a);
    } finally {
      busy += performance.now() - t;
    }
  };
  const later = globalThis.setTimeout;
  globalThis.setTimeout = (fn, ms) => later(timed(fn), ms);
  const inner = timed(scope.onmessage);
  scope.onmessage = (ev) => {
    if (ev.data.type !== "bench-busy") return inner(ev);
    scope.postMessage({ type: "bench-busy", ms: busy });
    busy = 0;
  };
}
