import { test } from "node:test";
import assert from "node:assert/strict";
import { LODIndex, horizonBlocks } from "../src/lod.js";

test("a coarse LOD section is hidden only once all its children are meshed, and shows again when one goes", () => {
  const shown = [];
  const ix = new LODIndex((level, x, y, z, v) => shown.push(`${level}:${x},${y},${z}=${v}`));
  ix.setLevel0Range(-4, 19);
  // Level 1 (0, 9, 0) covers level-0 Ys 18..19 of columns x 0..1, z 0..1: 8 children.
  assert.equal(ix.meshed(1, 0, 9, 0), true, "drawn while no child is meshed");
  const kids = [];
  for (const y of [18, 19]) for (const x of [0, 1]) for (const z of [0, 1]) kids.push([x, y, z]);
  for (const [i, [x, y, z]] of kids.entries()) {
    ix.setLevel0(x, y, z, true);
    assert.equal(ix.visible(1, 0, 9, 0), i < kids.length - 1, `after ${i + 1} children`);
  }
  assert.deepEqual(shown, ["1:0,9,0=false"]);
  ix.setLevel0(1, 18, 0, false);
  assert.equal(ix.visible(1, 0, 9, 0), true, "a child forgotten: the parent shows again, no hole");
  // Level 3 (-1, 2, 0): level-2 children at Ys 4..5, and level 2 spans -1..4: only 4 of them exist.
  ix.meshed(3, -1, 2, 0);
  for (const x of [-2, -1]) for (const z of [0, 1]) ix.meshed(2, x, 4, z);
  assert.equal(ix.visible(3, -1, 2, 0), false, "children outside the finer level's Ys do not count");
  ix.remove(2, -2, 4, 1);
  assert.equal(ix.visible(3, -1, 2, 0), true);
  // A child that is itself hidden still covers its parent.
  assert.deepEqual(ix.counts()[3], { meshed: 1, drawn: 1 });
});

test("the horizon reaches view·2^levels sections", () => {
  assert.equal(horizonBlocks(8, 7), 16384);
  assert.equal(horizonBlocks(8, 0), 128);
});
