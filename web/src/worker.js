// The mesh worker: decodes sections and builds their meshes off the main
// thread, so a burst of hundreds of arriving sections never stalls a frame.
//
// It owns the authoritative copy of the client's world. The main thread
// forwards every Chunk, Drop (or Drops), AirSections and BlockUpdate here
// in arrival order and mirrors back what this worker reports (decoded
// sections, applied block changes), so both copies apply the same changes
// in the same order.
//
// Protocol (postMessage), main → worker:
//   {type:"init", minSectionY, blocks}              blocks: the registry (BlockTable.blocks); absent = built-in
//   {type:"chunk", x, y, z, revision, data, epoch}   data: encoded section
//   {type:"drop", x, y, z}
//   {type:"drops", coords}                            Int32Array of x, y, z triples: one drop each, in order
//   {type:"air", coords, epochs}                      AirSections: one Chunk of uniform air at revision 0 per
//                                                    x, y, z triple of coords (Int32Array), in order; epochs
//                                                    (Float64Array) the main thread's epoch of each
//   {type:"block", bx, by, bz, block, revision}
//   {type:"lod", level, x, y, z, revision, data, epoch} a LOD section (feature lod), pos in level units
//   {type:"lodunload", level, coords}                 Int32Array of x, y, z triples of that level to forget
//   {type:"focus", x, y, z}                          the player's section
//   {type:"reset"}
// worker → main:
//   {type:"section", x, y, z, epoch, revision, uniform, cells}
//   {type:"air", coords, epochs}                      of an "air" message, the sections now held as uniform
//                                                    air at revision 0, each with an empty mesh: a "section"
//                                                    and a "mesh" of nothing for each, in one message
//   {type:"block", bx, by, bz, block}
//   {type:"mesh", x, y, z, epoch, opaque, translucent, ms}
//   {type:"error", x, y, z, message}
//   {type:"lodmesh", level, x, y, z, epoch, opaque, translucent, ms}   a LOD section's mesh in its cells'
//                                                    units (the main thread scales it by 2^level)
//   {type:"loderror", level, x, y, z, message}
//
// LOD sections (docs/protocol.md §5.6 "Levels of detail") are kept per
// level and meshed against their own level's neighbours, after every
// dirty level-0 section, by the greedy mesher (greedy.js: the level-0
// mesher's faces, alike neighbours merged into rectangles). Towards a
// side neighbour it does not hold (a finer ring, or the horizon) a LOD
// section's edge faces are drawn SKIRT_CELLS cells down from its surface:
// skirts that close the seam between levels (mesher.js skirtPadded).

import { BlockTable, builtinBlocks } from "./blocks.js";
import { decodeSection } from "./section.js";
import { BlockLook, BUILTIN_LOOK, gatherPadded, meshPadded, borderHasBlocks, PAD_VOLUME, skirtPadded } from "./mesher.js";
import { AIR, VoxelStore, sectionKey, sectionOf } from "./voxels.js";
import { LOD_Y_RANGES, MAX_LEVEL, lodKey } from "./lod.js";
import { meshPaddedGreedy } from "./greedy.js";

// The skirt of a LOD section towards a neighbour it does not hold, in
// cells (mesher.js skirtPadded).
const SKIRT_CELLS = 3;
const SIDES = [[1, 0], [-1, 0], [0, 1], [0, -1]];
// LOD sections by level (index 0 unused), and those to (re)mesh.
const lodStores = LOD_Y_RANGES.map(() => new VoxelStore());
const lodDirty = new Map(); // lodKey → {level, x, y, z}

const store = new VoxelStore();
const dirty = new Set(); // keys of sections to (re)mesh
// BlockUpdates for sections not held yet: the control stream may overtake a
// Chunk queued earlier on the chunk stream (docs/protocol.md §3). Applied
// when the Chunk arrives if newer than it; bounded, dropped with the section.
const pendingBlocks = new Map();
const MAX_PENDING_PER_SECTION = 64;
let minSectionY = -4;
// The server's block registry (Welcome.blocks) and the mesher's tables of it.
let blocks = builtinBlocks();
let look = BUILTIN_LOOK;
let focus = { x: 0, y: 0, z: 0 };
let scheduled = false;
const pad = new Uint16Array(PAD_VOLUME);

const FACE_DIRS = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

self.onmessage = (ev) => {
  const m = ev.data;
  switch (m.type) {
    case "init":
      minSectionY = m.minSectionY;
      blocks = m.blocks ? new BlockTable(m.blocks, { fromServer: true }) : builtinBlocks();
      look = m.blocks ? new BlockLook(blocks) : BUILTIN_LOOK;
      break;
    case "chunk":
      onChunk(m);
      break;
    case "drop":
      onDrop(m);
      break;
    case "drops":
      for (let i = 0; i + 2 < m.coords.length; i += 3) onDrop({ x: m.coords[i], y: m.coords[i + 1], z: m.coords[i + 2] });
      break;
    case "air":
      onAir(m);
      break;
    case "block":
      onBlock(m);
      break;
    case "lod":
      onLOD(m);
      break;
    case "lodunload":
      for (let i = 0; i + 2 < m.coords.length; i += 3) onLODUnload(m.level, m.coords[i], m.coords[i + 1], m.coords[i + 2]);
      break;
    case "focus":
      focus = m;
      break;
    case "reset":
      for (const s of lodStores) s.clear();
      lodDirty.clear();
      store.clear();
      dirty.clear();
      pendingBlocks.clear();
      break;
  }
  schedule();
};

function onChunk(m) {
  const old = store.get(m.x, m.y, m.z);
  if (old && old.revision > m.revision) return; // stale: a newer copy is held
  let s;
  try {
    s = decodeSection(m.data, blocks.count);
  } catch (err) {
    self.postMessage({ type: "error", x: m.x, y: m.y, z: m.z, message: err.message });
    return;
  }
  const entry = { x: m.x, y: m.y, z: m.z, uniform: s.uniform, cells: s.cells, revision: m.revision, epoch: m.epoch };
  install(entry);
  postSection(entry);
  dirty.add(sectionKey(m.x, m.y, m.z));
  dirtyNeighbours(m.x, m.y, m.z);
}

// onAir takes each position of an AirSections as a Chunk of uniform air at
// revision 0 would be taken, without a section to decode or mesh, and
// answers for all of them in one message rather than two per section. A
// section an early BlockUpdate changed is answered as a Chunk's.
function onAir(m) {
  const c = m.coords;
  const coords = [];
  const epochs = [];
  for (let i = 0; 3 * i + 2 < c.length; i++) {
    const x = c[3 * i], y = c[3 * i + 1], z = c[3 * i + 2];
    const old = store.get(x, y, z);
    if (old && old.revision > 0n) continue; // stale, as a Chunk at revision 0 would be
    const entry = { x, y, z, uniform: AIR, cells: null, revision: 0n, epoch: m.epochs[i] };
    const edited = install(entry);
    // An absent section reads as air to the mesher: only one that held
    // blocks can have hidden faces of its neighbours that now show.
    if (old && !isAllAir(old)) dirtyNeighbours(x, y, z);
    const key = sectionKey(x, y, z);
    if (edited) {
      postSection(entry);
      dirty.add(key);
      continue;
    }
    dirty.delete(key); // its mesh is empty, and goes with the answer
    coords.push(x, y, z);
    epochs.push(entry.epoch);
  }
  if (epochs.length === 0) return;
  const held = Int32Array.from(coords);
  const heldEpochs = Float64Array.from(epochs);
  self.postMessage({ type: "air", coords: held, epochs: heldEpochs }, [held.buffer, heldEpochs.buffer]);
}

// install stores an arrived section in place of any copy held and applies
// the BlockUpdates that overtook it (those newer than it). It reports
// whether any did.
function install(entry) {
  store.put(entry);
  const key = sectionKey(entry.x, entry.y, entry.z);
  const pend = pendingBlocks.get(key);
  if (!pend) return false;
  pendingBlocks.delete(key);
  let edited = false;
  for (const b of pend) {
    if (b.revision <= entry.revision) continue;
    applyBlock(b);
    edited = true;
  }
  return edited;
}

// dirtyNeighbours re-meshes the held neighbours of section (x, y, z) whose
// touching layer has blocks: its arrival or departure may hide or show
// their faces towards it.
function dirtyNeighbours(x, y, z) {
  for (const [dx, dy, dz] of FACE_DIRS) {
    const n = store.get(x + dx, y + dy, z + dz);
    if (n && borderHasBlocks(n, -dx, -dy, -dz)) dirty.add(sectionKey(n.x, n.y, n.z));
  }
}

function isAllAir(e) {
  return !e.cells && e.uniform === AIR;
}

function postSection(e) {
  // The main thread gets its own copy (transferred): the worker keeps editing its own.
  const cells = e.cells ? e.cells.slice() : null;
  self.postMessage(
    { type: "section", x: e.x, y: e.y, z: e.z, epoch: e.epoch, revision: e.revision, uniform: e.uniform, cells },
    cells ? [cells.buffer] : [],
  );
}

function onLOD(m) {
  if (!(m.level >= 1 && m.level <= MAX_LEVEL)) return;
  const st = lodStores[m.level];
  const old = st.get(m.x, m.y, m.z);
  if (old && old.revision > m.revision) return;
  let s;
  try {
    s = decodeSection(m.data, blocks.count);
  } catch (err) {
    // Unknown, not air (§9.2): drop any copy held.
    onLODUnload(m.level, m.x, m.y, m.z);
    self.postMessage({ type: "loderror", level: m.level, x: m.x, y: m.y, z: m.z, message: err.message });
    return;
  }
  const e = { level: m.level, x: m.x, y: m.y, z: m.z, uniform: s.uniform, cells: s.cells, revision: m.revision, epoch: m.epoch };
  st.put(e);
  lodDirty.set(lodKey(m.level, m.x, m.y, m.z), e);
  if (!old || !isAllAir(old) || !isAllAir(e)) lodNeighbours(e.level, e.x, e.y, e.z);
}

function onLODUnload(level, x, y, z) {
  if (!(level >= 1 && level <= MAX_LEVEL)) return;
  lodDirty.delete(lodKey(level, x, y, z));
  const old = lodStores[level].get(x, y, z);
  if (!old || !lodStores[level].delete(x, y, z)) return;
  if (!isAllAir(old)) lodNeighbours(level, x, y, z);
}

function lodNeighbours(level, x, y, z) {
  const st = lodStores[level];
  for (const [dx, dy, dz] of FACE_DIRS) {
    const n = st.get(x + dx, y + dy, z + dz);
    if (n && borderHasBlocks(n, -dx, -dy, -dz)) lodDirty.set(lodKey(level, n.x, n.y, n.z), n);
  }
}

function onDrop(m) {
  const key = sectionKey(m.x, m.y, m.z);
  pendingBlocks.delete(key);
  dirty.delete(key);
  if (!store.delete(m.x, m.y, m.z)) return;
  dirtyNeighbours(m.x, m.y, m.z); // their faces towards it reappear: it reads as air
}

function onBlock(m) {
  if (!(m.block >= 0 && m.block < blocks.count)) return; // unknown id: nothing sane to draw
  const sx = sectionOf(m.bx), sy = sectionOf(m.by), sz = sectionOf(m.bz);
  const e = store.get(sx, sy, sz);
  if (!e) {
    const key = sectionKey(sx, sy, sz);
    const list = pendingBlocks.get(key) ?? [];
    if (list.length < MAX_PENDING_PER_SECTION) list.push(m);
    pendingBlocks.set(key, list);
    return;
  }
  if (m.revision <= e.revision) return; // already in the held copy
  applyBlock(m);
}

function applyBlock(m) {
  const e = store.setBlock(m.bx, m.by, m.bz, m.block);
  if (!e) return;
  e.revision = m.revision;
  self.postMessage({ type: "block", bx: m.bx, by: m.by, bz: m.bz, block: m.block });
  // Re-mesh the section and every neighbour the cell touches, diagonals
  // included: culling needs the face neighbours, ambient occlusion the rest.
  const lx = m.bx & 15, ly = m.by & 15, lz = m.bz & 15;
  const rx = lx === 0 ? [-1, 0] : lx === 15 ? [0, 1] : [0];
  const ry = ly === 0 ? [-1, 0] : ly === 15 ? [0, 1] : [0];
  const rz = lz === 0 ? [-1, 0] : lz === 15 ? [0, 1] : [0];
  for (const dx of rx) for (const dy of ry) for (const dz of rz) {
    if (store.get(e.x + dx, e.y + dy, e.z + dz)) dirty.add(sectionKey(e.x + dx, e.y + dy, e.z + dz));
  }
}

function schedule() {
  if (scheduled || (dirty.size === 0 && lodDirty.size === 0)) return;
  scheduled = true;
  setTimeout(flush, 0);
}

// flush meshes dirty sections nearest the player first, in slices of a few
// milliseconds so new messages (drops, updates, a moved focus) are seen in
// between.
function flush() {
  scheduled = false;
  const order = [...dirty].map((k) => store.sections.get(k)).filter(Boolean);
  order.sort((a, b) => dist2(a) - dist2(b));
  const deadline = performance.now() + 8;
  for (const e of order) {
    dirty.delete(sectionKey(e.x, e.y, e.z));
    meshEntry(e);
    if (performance.now() > deadline) break;
  }
  // Entries dropped meanwhile were filtered out above; forget their keys.
  for (const k of dirty) if (!store.sections.has(k)) dirty.delete(k);
  // LOD sections after every level-0 one, nearest on screen first (the
  // distance in units of the section's own size).
  if (dirty.size === 0 && lodDirty.size > 0 && performance.now() <= deadline) {
    const lods = [...lodDirty.values()];
    lods.sort((a, b) => lodDist2(a) - lodDist2(b));
    for (const e of lods) {
      lodDirty.delete(lodKey(e.level, e.x, e.y, e.z));
      if (lodStores[e.level].get(e.x, e.y, e.z) !== e) continue; // replaced or forgotten meanwhile
      meshLOD(e);
      if (performance.now() > deadline) break;
    }
  }
  schedule();
}

function lodDist2(e) {
  const s = 2 ** e.level;
  const dx = e.x + 0.5 - (focus.x + 0.5) / s, dy = e.y + 0.5 - (focus.y + 0.5) / s, dz = e.z + 0.5 - (focus.z + 0.5) / s;
  return dx * dx + dy * dy + dz * dz;
}

function meshLOD(e) {
  const t0 = performance.now();
  const base = { type: "lodmesh", level: e.level, x: e.x, y: e.y, z: e.z, epoch: e.epoch };
  if (isAllAir(e)) {
    self.postMessage({ ...base, opaque: null, translucent: null, ms: 0 });
    return;
  }
  const st = lodStores[e.level];
  gatherPadded((dx, dy, dz) => st.get(e.x + dx, e.y + dy, e.z + dz), e.y <= LOD_Y_RANGES[e.level][0], pad, look.belowWorld);
  for (const [dx, dz] of SIDES) if (!st.get(e.x + dx, e.y, e.z + dz)) skirtPadded(pad, dx, dz, SKIRT_CELLS);
  const m = meshPaddedGreedy(pad, e, look);
  const transfer = [];
  const layer = (l) => {
    if (l.faces === 0) return null;
    transfer.push(l.positions.buffer, l.colors.buffer, l.indices.buffer);
    return l;
  };
  const opaque = layer(m.opaque);
  const translucent = layer(m.translucent);
  self.postMessage({ ...base, opaque, translucent, ms: performance.now() - t0 }, transfer);
}

function dist2(e) {
  const dx = e.x - focus.x, dy = e.y - focus.y, dz = e.z - focus.z;
  return dx * dx + dy * dy + dz * dz;
}

function meshEntry(e) {
  const t0 = performance.now();
  if (isAllAir(e)) {
    // All air: nothing to draw; tell the main thread so it frees any old mesh.
    self.postMessage({ type: "mesh", x: e.x, y: e.y, z: e.z, epoch: e.epoch, opaque: null, translucent: null, ms: 0 });
    return;
  }
  gatherPadded((dx, dy, dz) => store.get(e.x + dx, e.y + dy, e.z + dz), e.y <= minSectionY, pad, look.belowWorld);
  const m = meshPadded(pad, e, look);
  const transfer = [];
  const layer = (l) => {
    if (l.faces === 0) return null;
    transfer.push(l.positions.buffer, l.colors.buffer, l.indices.buffer);
    return l;
  };
  const opaque = layer(m.opaque);
  const translucent = layer(m.translucent);
  self.postMessage(
    { type: "mesh", x: e.x, y: e.y, z: e.z, epoch: e.epoch, opaque, translucent, ms: performance.now() - t0 },
    transfer,
  );
}
