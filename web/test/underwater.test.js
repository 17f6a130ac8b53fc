// The camera below the water's surface sees water: the renderer's state
// for the eye's medium (underwater.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { BLOCK } from "../src/blocks.gen.js";
import { builtinBlocks } from "../src/blocks.js";
import { SKY, WATER_FAR, WATER_FOG, mediumAt, viewFor } from "../src/underwater.js";
import { UNKNOWN } from "../src/voxels.js";

const blocks = builtinBlocks();

// A lake: stone to y = 55, water from 56 to 62 (its surface is the top of
// y = 62, at 63), air above; a pool of lava at x ≥ 100; unknown beyond
// |x| = 200.
function lake(x, y, z) {
  if (Math.abs(x) >= 200) return UNKNOWN;
  if (y <= 55) return BLOCK.stone;
  if (y <= 62) return x >= 100 ? BLOCK.lava : BLOCK.water;
  return BLOCK.air;
}

test("the eye below the surface is in water, above it in air", () => {
  assert.equal(mediumAt({ x: 0.5, y: 62.9, z: 0.5 }, lake, blocks), BLOCK.water);
  assert.equal(mediumAt({ x: 0.5, y: 57, z: -3.2 }, lake, blocks), BLOCK.water);
  assert.equal(mediumAt({ x: 0.5, y: 63.0, z: 0.5 }, lake, blocks), 0);
  assert.equal(mediumAt({ x: 0.5, y: 64.62, z: 0.5 }, lake, blocks), 0);
  // Inside stone (the near plane clips it) and in sections not held: air.
  assert.equal(mediumAt({ x: 0.5, y: 50, z: 0.5 }, lake, blocks), 0);
  assert.equal(mediumAt({ x: 250, y: 60, z: 0.5 }, lake, blocks), 0);
  // Negative coordinates floor, not truncate: -0.5 is block -1.
  assert.equal(mediumAt({ x: -0.5, y: 62.5, z: -0.5 }, lake, blocks), BLOCK.water);
  assert.equal(mediumAt({ x: 100.5, y: 60, z: 0 }, lake, blocks), BLOCK.lava);
});

test("in air the scene fogs into the sky at the view's edge", () => {
  const v = viewFor(0, blocks, 8);
  assert.equal(v.underwater, false);
  assert.equal(v.background, SKY);
  assert.equal(v.fog, SKY);
  assert.equal(v.far, 128);
  assert.ok(v.near < v.far);
  assert.deepEqual([...v.tint], [1, 1, 1]);
  assert.equal(v.waterDoubleSided, false);
});

test("under water: a short blue-green fog, a tint, and the surface from below", () => {
  const air = viewFor(0, blocks, 8);
  const v = viewFor(mediumAt({ x: 0.5, y: 60, z: 0.5 }, lake, blocks), blocks, 8);
  assert.equal(v.underwater, true);
  assert.equal(v.fog, WATER_FOG);
  assert.equal(v.background, WATER_FOG, "no sky through the water");
  assert.ok(v.far === WATER_FAR && v.far < air.far / 4, `sees ${v.far} blocks`);
  // Blue-green: blue and green both well above red, in fog and tint.
  const [r, g, b] = [(v.fog >> 16) & 255, (v.fog >> 8) & 255, v.fog & 255];
  assert.ok(g > 2 * r && b > 2 * r, `fog #${v.fog.toString(16)}`);
  assert.ok(v.tint[0] < v.tint[1] && v.tint[0] < v.tint[2] && v.tint[1] <= 1 && v.tint[2] <= 1, `tint ${v.tint}`);
  // The water's top faces are drawn facing up: from below they are back
  // faces, drawn only double-sided.
  assert.equal(v.waterDoubleSided, true);
  // The view distance does not reach under water.
  assert.deepEqual(viewFor(BLOCK.water, blocks, 16), v);
});

test("inside lava one sees almost nothing, in its colour", () => {
  const v = viewFor(BLOCK.lava, blocks, 8);
  assert.equal(v.underwater, true);
  assert.ok(v.far < 4);
  assert.notEqual(v.fog, WATER_FOG);
  assert.ok((v.fog >> 16) > (v.fog & 255), "reddish");
});
