// Mesher: face culling within a section and across section borders, with
// and without the neighbour present, and the shape of its output buffers.
import { test } from "node:test";
import assert from "node:assert/strict";

import { BLOCK } from "../src/blocks.gen.js";
import { VOLUME, cellIndex } from "../src/section.js";
import { borderHasBlocks, gatherPadded, meshPadded } from "../src/mesher.js";

const dense = (fill = 0) => ({ uniform: null, cells: new Uint16Array(VOLUME).fill(fill) });
const uniform = (b) => ({ uniform: b, cells: null });

// mesh meshes `centre` with the given face neighbours, keyed "dx,dy,dz".
function mesh(centre, neighbours = {}, bottom = false) {
  const pad = gatherPadded((dx, dy, dz) => (dx || dy || dz ? neighbours[`${dx},${dy},${dz}`] : centre), bottom);
  return meshPadded(pad);
}
const faces = (m) => m.opaque.faces + m.translucent.faces;
const allSides = (s) => ({ "1,0,0": s, "-1,0,0": s, "0,1,0": s, "0,-1,0": s, "0,0,1": s, "0,0,-1": s });

test("one block in air has six faces", () => {
  const s = dense();
  s.cells[cellIndex(5, 5, 5)] = BLOCK.stone;
  const m = mesh(s);
  assert.equal(m.opaque.faces, 6);
  assert.equal(m.opaque.positions.length, 6 * 4 * 3);
  assert.equal(m.opaque.colors.length, 6 * 4 * 3);
  assert.equal(m.opaque.indices.length, 6 * 6);
  assert.ok(m.opaque.indices instanceof Uint16Array);
  assert.equal(m.translucent.faces, 0);
});

test("two touching blocks hide their shared faces", () => {
  const s = dense();
  s.cells[cellIndex(5, 5, 5)] = BLOCK.stone;
  s.cells[cellIndex(6, 5, 5)] = BLOCK.dirt;
  assert.equal(faces(mesh(s)), 10);
});

test("a 2x2x2 cube has 24 faces; a 3x3x3 has 54", () => {
  for (const [n, want] of [[2, 24], [3, 54]]) {
    const s = dense();
    for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) for (let z = 0; z < n; z++) s.cells[cellIndex(4 + x, 4 + y, 4 + z)] = BLOCK.stone;
    assert.equal(faces(mesh(s)), want);
  }
});

test("full section: border faces drawn without neighbours, culled with them", () => {
  const stone = uniform(BLOCK.stone);
  assert.equal(faces(mesh(stone)), 6 * 256, "no neighbours: the loaded world's edge is closed");
  assert.equal(faces(mesh(stone, allSides(stone))), 0, "solid neighbours on every side");
  assert.equal(faces(mesh(stone, { "1,0,0": stone })), 5 * 256, "one neighbour");
  assert.equal(faces(mesh(stone, allSides(uniform(BLOCK.air)))), 6 * 256, "air neighbours");
});

test("a block on the border is culled only by a present neighbour", () => {
  const s = dense();
  s.cells[cellIndex(15, 3, 3)] = BLOCK.stone;
  assert.equal(faces(mesh(s)), 6);
  const n = dense();
  n.cells[cellIndex(0, 3, 3)] = BLOCK.stone;
  assert.equal(faces(mesh(s, { "1,0,0": n })), 5);
  // The neighbour's other cells are air: nothing else changes.
  n.cells[cellIndex(0, 3, 3)] = BLOCK.air;
  assert.equal(faces(mesh(s, { "1,0,0": n })), 6);
});

test("the world's bottom is solid", () => {
  const stone = uniform(BLOCK.stone);
  assert.equal(faces(mesh(stone, {}, true)), 5 * 256);
});

test("see-through blocks: water hides water, not stone", () => {
  const s = dense(BLOCK.water);
  let m = mesh(s, allSides(uniform(BLOCK.water)));
  assert.equal(faces(m), 0, "water inside water has no faces");
  s.cells[cellIndex(8, 8, 8)] = BLOCK.stone;
  m = mesh(s, allSides(uniform(BLOCK.water)));
  assert.equal(m.opaque.faces, 6, "stone under water is visible");
  assert.equal(m.translucent.faces, 0, "water against stone is hidden");
  // Water at the top of the section, open to the air above: one surface.
  const pool = dense(BLOCK.water);
  m = mesh(pool, { ...allSides(uniform(BLOCK.water)), "0,1,0": uniform(BLOCK.air) });
  assert.equal(m.translucent.faces, 256);
  // Leaves (see-through, opaque pass): a neighbour's face shows through.
  const l = dense();
  l.cells[cellIndex(4, 4, 4)] = BLOCK.oak_leaves;
  l.cells[cellIndex(5, 4, 4)] = BLOCK.stone;
  // Leaves: 5 (the face against stone is hidden); stone: all 6, its face
  // against the leaves shows through them.
  assert.equal(faces(mesh(l)), 11);
});

test("ambient occlusion darkens corners next to blocks", () => {
  const s = dense();
  s.cells[cellIndex(5, 5, 5)] = BLOCK.stone;
  const bright = mesh(s).opaque.colors.reduce((a, b) => a + b, 0);
  s.cells[cellIndex(6, 6, 5)] = BLOCK.stone; // above-right: shadows the top face's corners
  const m = mesh(s);
  assert.equal(m.opaque.faces, 12);
  // The lone block's first five faces are unchanged except where the new
  // block shadows them: its +X and top faces lose brightness at the shared edge.
  const first = m.opaque.colors.subarray(0, 6 * 12).reduce((a, b) => a + b, 0);
  assert.ok(first < bright, `occluded faces are darker: ${first} < ${bright}`);
});

test("output is a valid indexed mesh", () => {
  const s = dense();
  let seed = 7;
  for (let i = 0; i < VOLUME; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    s.cells[i] = (seed >>> 16) % 3 === 0 ? BLOCK.stone : BLOCK.air;
  }
  const m = mesh(s);
  const verts = m.opaque.positions.length / 3;
  for (const i of m.opaque.indices) assert.ok(i < verts);
  for (const p of m.opaque.positions) assert.ok(p >= 0 && p <= 16);
});

test("checkerboard of two see-through blocks needs 32-bit indices", () => {
  const s = dense();
  for (let y = 0; y < 16; y++) for (let z = 0; z < 16; z++) for (let x = 0; x < 16; x++)
    s.cells[cellIndex(x, y, z)] = (x + y + z) % 2 ? BLOCK.ice : BLOCK.oak_leaves;
  const m = mesh(s);
  assert.equal(m.opaque.faces, 4096 * 6);
  assert.ok(m.opaque.indices instanceof Uint32Array);
});

test("borderHasBlocks looks only at the touching layer", () => {
  const s = dense();
  assert.equal(borderHasBlocks(s, 1, 0, 0), false);
  s.cells[cellIndex(15, 0, 0)] = BLOCK.stone;
  assert.equal(borderHasBlocks(s, 1, 0, 0), true);
  assert.equal(borderHasBlocks(s, -1, 0, 0), false);
  assert.equal(borderHasBlocks(s, 0, -1, 0), true);
  assert.equal(borderHasBlocks(uniform(BLOCK.air), 0, 1, 0), false);
  assert.equal(borderHasBlocks(uniform(BLOCK.stone), 0, 1, 0), true);
});
