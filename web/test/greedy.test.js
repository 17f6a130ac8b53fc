// Greedy mesher (LOD sections): it must draw exactly the faces the
// per-face mesher draws — every visible cell face covered once, none
// more, each corner the same colour but for the per-cell jitter a merged
// quad gives up — and far fewer triangles where the ground is flat.
import { test } from "node:test";
import assert from "node:assert/strict";

import { BLOCK } from "../src/blocks.gen.js";
import { VOLUME, cellIndex } from "../src/section.js";
import { gatherPadded, meshPadded, skirtPadded } from "../src/mesher.js";
import { meshPaddedGreedy } from "../src/greedy.js";

const dense = (fill = 0) => ({ uniform: null, cells: new Uint16Array(VOLUME).fill(fill) });
const uniform = (b) => ({ uniform: b, cells: null });

// mulberry32: a seeded generator, so a failure names its seed.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// unitFaces lists a layer's quads as the unit cell faces they cover:
// "dir:x,y,z" (dir the outward normal, "+x" … "-z"; x, y, z the cell) →
// the colour at each of the face's four corners, keyed "x,y,z" of the
// corner, interpolated from the quad's corners. A unit face covered
// twice fails.
function unitFaces(layer) {
  const out = new Map();
  const P = layer.positions, C = layer.colors;
  for (let q = 0; q < layer.faces; q++) {
    const p = [0, 1, 2, 3].map((c) => [P[q * 12 + 3 * c], P[q * 12 + 3 * c + 1], P[q * 12 + 3 * c + 2]]);
    const col = [0, 1, 2, 3].map((c) => [C[q * 12 + 3 * c], C[q * 12 + 3 * c + 1], C[q * 12 + 3 * c + 2]]);
    const du = p[1].map((v, i) => v - p[0][i]);
    const dv = p[3].map((v, i) => v - p[0][i]);
    // Corners run counter-clockwise seen from outside: du × dv points out.
    const n = [du[1] * dv[2] - du[2] * dv[1], du[2] * dv[0] - du[0] * dv[2], du[0] * dv[1] - du[1] * dv[0]];
    const an = n.findIndex((v) => v !== 0);
    assert.ok(an >= 0, `quad ${q} is degenerate`);
    const sign = n[an] > 0 ? 1 : -1;
    const au = du.findIndex((v) => v !== 0), av = dv.findIndex((v) => v !== 0);
    const w = du[au], h = dv[av];
    for (let i = 0; i < Math.abs(w); i++)
      for (let j = 0; j < Math.abs(h); j++) {
        const cellPos = [0, 0, 0];
        cellPos[an] = p[0][an] - (sign > 0 ? 1 : 0);
        cellPos[au] = Math.min(p[0][au], p[0][au] + w) + i;
        cellPos[av] = Math.min(p[0][av], p[0][av] + h) + j;
        const key = `${sign > 0 ? "+" : "-"}${"xyz"[an]}:${cellPos.join(",")}`;
        assert.ok(!out.has(key), `face ${key} covered twice`);
        const corners = new Map();
        for (const [ci, cj] of [[0, 0], [1, 0], [1, 1], [0, 1]]) {
          const pos = [0, 0, 0];
          pos[an] = p[0][an];
          pos[au] = cellPos[au] + ci;
          pos[av] = cellPos[av] + cj;
          const t = (pos[au] - p[0][au]) / w, s = (pos[av] - p[0][av]) / h;
          const c = [0, 1, 2].map((k) => (1 - t) * (1 - s) * col[0][k] + t * (1 - s) * col[1][k] + t * s * col[2][k] + (1 - t) * s * col[3][k]);
          corners.set(pos.join(","), c);
        }
        out.set(key, corners);
      }
  }
  return out;
}

// sameFaces asserts that greedy covers exactly the per-face mesher's
// faces, corner colours equal within the jitter (0.94..1.0 per cell
// against 0.97 merged: ±3.2 %, where occlusion steps are 16 % or more).
function sameFaces(plain, greedy, what) {
  for (const layer of ["opaque", "translucent"]) {
    const a = unitFaces(plain[layer]), b = unitFaces(greedy[layer]);
    assert.equal(b.size, a.size, `${what}: ${layer} unit faces`);
    for (const [key, corners] of a) {
      const g = b.get(key);
      assert.ok(g, `${what}: ${layer} face ${key} is missing`);
      for (const [pos, c] of corners) {
        const gc = g.get(pos);
        assert.ok(gc, `${what}: ${layer} face ${key} lacks corner ${pos}`);
        for (let k = 0; k < 3; k++) {
          const tol = 0.035 * Math.max(c[k], gc[k]) + 1.5;
          assert.ok(Math.abs(c[k] - gc[k]) <= tol, `${what}: ${layer} face ${key} corner ${pos}: ${gc} against ${c}`);
        }
      }
    }
  }
}

const PALETTE = [BLOCK.air, BLOCK.air, BLOCK.air, BLOCK.stone, BLOCK.dirt, BLOCK.grass, BLOCK.water, BLOCK.oak_leaves, BLOCK.ice, BLOCK.sand];

// noise: cells drawn from the palette, with a bias toward runs so that
// merges happen.
function noise(r) {
  const s = dense();
  let b = 0;
  for (let i = 0; i < VOLUME; i++) {
    if (r() < 0.3) b = PALETTE[Math.floor(r() * PALETTE.length)];
    s.cells[i] = b;
  }
  return s;
}

// terrain: a height field (stone, dirt, a grass top), sea to a level,
// trees as leaf cells: what LOD sections mostly hold.
function terrain(r, base) {
  const s = dense();
  const sea = Math.floor(r() * 16);
  const rough = r() * 4;
  const slope = r() - 0.5;
  for (let z = 0; z < 16; z++)
    for (let x = 0; x < 16; x++) {
      const h = Math.floor(base + slope * x + rough * Math.sin(x * 0.7 + z * 0.4 + r() * 0.5));
      for (let y = 0; y < 16; y++) {
        let b = BLOCK.air;
        if (y < h - 2) b = BLOCK.stone;
        else if (y < h) b = BLOCK.dirt;
        else if (y === h) b = h < sea ? BLOCK.sand : BLOCK.grass;
        else if (y < sea) b = BLOCK.water;
        else if (y === h + 1 && r() < 0.05) b = BLOCK.oak_leaves;
        s.cells[cellIndex(x, y, z)] = b;
      }
    }
  return s;
}

// randomPad gathers a random centre with random neighbours (some absent),
// maybe the world's bottom, and skirts toward absent side neighbours as
// the worker does for LOD sections.
function randomPad(r, make) {
  const around = new Map();
  for (let dy = -1; dy <= 1; dy++)
    for (let dz = -1; dz <= 1; dz++)
      for (let dx = -1; dx <= 1; dx++) {
        const centre = !dx && !dy && !dz;
        const roll = r();
        around.set(`${dx},${dy},${dz}`, centre || roll < 0.6 ? make() : roll < 0.75 ? uniform(roll < 0.7 ? BLOCK.air : BLOCK.stone) : undefined);
      }
  const pad = gatherPadded((dx, dy, dz) => around.get(`${dx},${dy},${dz}`), r() < 0.2);
  for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) if (!around.get(`${dx},0,${dz}`) && r() < 0.8) skirtPadded(pad, dx, dz, 3);
  return pad;
}

test("greedy meshing draws exactly the per-face mesher's faces: random and terrain-like LOD sections", () => {
  let plainFaces = 0, greedyFaces = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const r = rng(seed);
    const kind = seed % 3;
    const base = 2 + r() * 12;
    const make = kind === 0 ? () => noise(r) : () => terrain(r, base);
    const pad = randomPad(r, make);
    const origin = { x: seed, y: -seed, z: 3 };
    const plain = meshPadded(pad, origin);
    const greedy = meshPaddedGreedy(pad, origin);
    sameFaces(plain, greedy, `seed ${seed} (${kind === 0 ? "noise" : "terrain"})`);
    if (kind !== 0) {
      plainFaces += plain.opaque.faces + plain.translucent.faces;
      greedyFaces += greedy.opaque.faces + greedy.translucent.faces;
    }
    // The layers are well formed: four vertices and two triangles a quad.
    for (const l of [greedy.opaque, greedy.translucent]) {
      assert.equal(l.positions.length, l.faces * 12);
      assert.equal(l.colors.length, l.faces * 12);
      assert.equal(l.indices.length, l.faces * 6);
      for (const i of l.indices) assert.ok(i < l.faces * 4);
    }
  }
  assert.ok(greedyFaces < plainFaces * 0.7, `terrain: greedy ${greedyFaces} quads against ${plainFaces} faces`);
});

test("a single face is drawn as the per-face mesher draws it", () => {
  const s = dense();
  s.cells[cellIndex(5, 5, 5)] = BLOCK.stone;
  s.cells[cellIndex(6, 6, 5)] = BLOCK.dirt; // shadows some corners
  const pad = gatherPadded((dx, dy, dz) => (dx || dy || dz ? undefined : s), false);
  const plain = meshPadded(pad, { x: 1, y: 2, z: 3 });
  const greedy = meshPaddedGreedy(pad, { x: 1, y: 2, z: 3 });
  assert.equal(greedy.opaque.faces, plain.opaque.faces);
  // Same quads, maybe in another order: compare as sorted sets of vertex
  // (position, colour) quadruples and of triangles by position.
  const quads = (l) => {
    const out = [];
    for (let q = 0; q < l.faces; q++) {
      const vs = [];
      for (let c = 0; c < 4; c++) vs.push([...l.positions.slice(q * 12 + 3 * c, q * 12 + 3 * c + 3), ...l.colors.slice(q * 12 + 3 * c, q * 12 + 3 * c + 3)].join(","));
      const tris = [];
      for (let t = 0; t < 6; t++) {
        const v = l.indices[q * 6 + t];
        tris.push(Array.from(l.positions.slice(3 * v, 3 * v + 3)).join(","));
      }
      out.push(vs.join(" ") + " | " + tris.join(" "));
    }
    return out.sort();
  };
  assert.deepEqual(quads(greedy.opaque), quads(plain.opaque));
});

test("flat ground: one quad for the whole top, where the per-face mesher draws 256", () => {
  const s = dense(BLOCK.air);
  for (let y = 0; y < 8; y++) for (let z = 0; z < 16; z++) for (let x = 0; x < 16; x++) s.cells[cellIndex(x, y, z)] = y === 7 ? BLOCK.grass : BLOCK.stone;
  const nb = { "1,0,0": s, "-1,0,0": s, "0,0,1": s, "0,0,-1": s, "0,-1,0": uniform(BLOCK.stone), "0,1,0": uniform(BLOCK.air) };
  const pad = gatherPadded((dx, dy, dz) => (dx || dy || dz ? nb[`${dx},${dy},${dz}`] : s), false);
  const plain = meshPadded(pad);
  const greedy = meshPaddedGreedy(pad);
  assert.equal(plain.opaque.faces, 256);
  assert.equal(greedy.opaque.faces, 1);
  sameFaces(plain, greedy, "flat ground");
  // With skirts on two sides (finer rings there): 3 cells deep, each a
  // few quads (the lowest row is shadowed along its bottom edge).
  skirtPadded(pad, 1, 0, 3);
  skirtPadded(pad, 0, -1, 3);
  const skirtedPlain = meshPadded(pad);
  const skirted = meshPaddedGreedy(pad);
  sameFaces(skirtedPlain, skirted, "flat ground with skirts");
  assert.equal(skirtedPlain.opaque.faces, 256 + 2 * 16 * 3);
  assert.ok(skirted.opaque.faces <= 8, `${skirted.opaque.faces} quads`);
});

test("a sea: water tops merge into rectangles around an island, covering the same cells", () => {
  // Water up to y 9, stone below; water all round but above.
  const s = dense(BLOCK.stone);
  for (let y = 5; y < 16; y++) for (let z = 0; z < 16; z++) for (let x = 0; x < 16; x++) s.cells[cellIndex(x, y, z)] = y < 10 ? BLOCK.water : BLOCK.air;
  s.cells[cellIndex(7, 9, 3)] = BLOCK.stone; // an island
  const nb = { "1,0,0": s, "-1,0,0": s, "0,0,1": s, "0,0,-1": s, "0,-1,0": uniform(BLOCK.stone) };
  const pad = gatherPadded((dx, dy, dz) => (dx || dy || dz ? nb[`${dx},${dy},${dz}`] : s), false);
  const plain = meshPadded(pad);
  const greedy = meshPaddedGreedy(pad);
  assert.equal(plain.translucent.faces, 255, "one top face a water column");
  assert.equal(greedy.translucent.faces, 4, "four rectangles around the island");
  sameFaces(plain, greedy, "sea");
});
