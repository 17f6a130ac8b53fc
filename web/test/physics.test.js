// Movement prediction and block targeting against a small voxel world.
import { test } from "node:test";
import assert from "node:assert/strict";

import { BLOCK } from "../src/blocks.gen.js";
import { Player, raycast, solid } from "../src/physics.js";
import { UNKNOWN } from "../src/voxels.js";

// A floor of stone at y = 63 everywhere in |x|,|z| < 32; unknown beyond.
const floor = (x, y, z) => (Math.abs(x) >= 32 || Math.abs(z) >= 32 ? UNKNOWN : y === 63 ? BLOCK.stone : BLOCK.air);
const idle = { forward: 0, strafe: 0, up: 0, jump: false, sprint: false };

test("unknown terrain is solid, water is not", () => {
  assert.equal(solid(UNKNOWN), true);
  assert.equal(solid(BLOCK.water), false);
  assert.equal(solid(BLOCK.stone), true);
});

test("walking: falls onto the floor and stands on it", () => {
  const p = new Player();
  p.flying = false;
  p.pos = { x: 0.5, y: 70, z: 0.5 };
  for (let i = 0; i < 100; i++) p.step(0.05, idle, floor);
  assert.ok(Math.abs(p.pos.y - 64) < 1e-6, `feet at ${p.pos.y}`);
  assert.equal(p.onGround, true);
});

test("walking forward at yaw 0 moves towards +Z at walking speed", () => {
  const p = new Player();
  p.flying = false;
  p.pos = { x: 0.5, y: 64, z: 0.5 };
  for (let i = 0; i < 20; i++) p.step(0.05, { ...idle, forward: 1 }, floor);
  assert.ok(Math.abs(p.pos.z - 0.5 - 4.317) < 0.01, `z ${p.pos.z}`);
  assert.ok(Math.abs(p.pos.x - 0.5) < 1e-9);
  p.yaw = 90; // towards −X
  for (let i = 0; i < 20; i++) p.step(0.05, { ...idle, forward: 1 }, floor);
  assert.ok(p.pos.x < -3.5, `x ${p.pos.x}`);
});

test("a wall stops the player; unknown terrain too", () => {
  const wall = (x, y, z) => (x === 3 && y >= 64 && y <= 65 ? BLOCK.stone : floor(x, y, z));
  const p = new Player();
  p.flying = false;
  p.pos = { x: 0.5, y: 64, z: 0.5 };
  p.yaw = 270; // towards +X
  for (let i = 0; i < 40; i++) p.step(0.05, { ...idle, forward: 1 }, wall);
  assert.ok(Math.abs(p.pos.x - (3 - 0.3)) < 1e-6, `stopped at the wall: x ${p.pos.x}`);
  p.flying = true;
  p.pos = { x: 30.5, y: 64, z: 0.5 };
  for (let i = 0; i < 40; i++) p.step(0.05, { ...idle, forward: 1 }, floor);
  assert.ok(p.pos.x <= 32 - 0.3 + 1e-6, `held at unknown terrain: x ${p.pos.x}`);
});

test("flying speed stays under the server's limit (21.6 b/s)", () => {
  const p = new Player();
  p.pos = { x: 0.5, y: 100, z: 0.5 };
  const open = () => BLOCK.air;
  for (let i = 0; i < 20; i++) p.step(0.05, { ...idle, forward: 1, strafe: 1, up: 1, sprint: true }, open);
  const d = Math.hypot(p.pos.x - 0.5, p.pos.y - 100, p.pos.z - 0.5);
  assert.ok(d <= 21.6 && d > 20, `moved ${d} in 1 s`);
});

test("raycast finds the block looked at and the face entered", () => {
  const hit = raycast({ x: 0.5, y: 65.62, z: 0.5 }, { x: 0, y: -1, z: 0 }, 6, floor);
  assert.deepEqual([hit.x, hit.y, hit.z, hit.block], [0, 63, 0, BLOCK.stone]);
  assert.deepEqual(hit.normal, [0, 1, 0]);
  const d = Math.SQRT1_2;
  const diag = raycast({ x: 0.5, y: 65.62, z: 0.5 }, { x: d, y: -d, z: 0 }, 6, floor);
  // 1.62 down to the floor's top is 1.62 across: x = 2.12.
  assert.deepEqual([diag.x, diag.y, diag.z], [2, 63, 0]);
  assert.deepEqual(diag.normal, [0, 1, 0]);
  assert.equal(raycast({ x: 0.5, y: 65.62, z: 0.5 }, { x: 0, y: 1, z: 0 }, 6, floor), null, "sky: nothing in reach");
  const water = (x, y, z) => (y === 64 ? BLOCK.water : floor(x, y, z));
  assert.equal(raycast({ x: 0.5, y: 66, z: 0.5 }, { x: 0, y: -1, z: 0 }, 6, water).y, 63, "looks through water");
});

test("overlapsBlock: placing into the player's own box is refused", () => {
  const p = new Player();
  p.pos = { x: 0.5, y: 64, z: 0.5 };
  assert.equal(p.overlapsBlock(0, 64, 0), true);
  assert.equal(p.overlapsBlock(0, 65, 0), true);
  assert.equal(p.overlapsBlock(0, 66, 0), false);
  assert.equal(p.overlapsBlock(1, 64, 0), false);
  assert.equal(p.overlapsBlock(0, 63, 0), false);
});
