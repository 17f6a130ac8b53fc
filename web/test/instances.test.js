// The slots behind the renderer's instanced entity boxes (src/instances.js):
// packed slots, the last moved into a removed one's hole, doubling, and
// matrices and colours as three.js would compose them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Color, ColorManagement, Euler, Matrix4, Quaternion, Vector3 } from "three";

import { InstanceSlots } from "../src/instances.js";

// Every slot below count belongs to exactly the key that maps to it.
function assertPacked(s) {
  assert.equal(s.index.size, s.count);
  s.keys.forEach((k, i) => assert.equal(s.slot(k), i, `key ${k} at slot ${i}`));
}

test("add gives each key one slot, packed from 0", () => {
  const s = new InstanceSlots(4);
  assert.deepEqual(s.add(10n), { slot: 0, grew: false });
  assert.deepEqual(s.add(11n), { slot: 1, grew: false });
  assert.deepEqual(s.add(10n), { slot: 0, grew: false }, "a key already held keeps its slot");
  assert.equal(s.count, 2);
  assert.equal(s.slot(12n), -1);
  assertPacked(s);
});

test("remove moves the last slot, matrix and colour, into the hole", () => {
  const s = new InstanceSlots(8);
  for (let i = 0; i < 5; i++) {
    const { slot } = s.add(i);
    s.setBox(slot, i, 0, 0, 1, 1, 0);
    s.setColor(slot, 0x010101 * (i + 1));
  }
  assert.equal(s.remove(1), true);
  assert.equal(s.remove(1), false, "already gone");
  assert.equal(s.count, 4);
  assert.equal(s.slot(4), 1, "the last took the hole");
  assert.equal(s.box(1).position.x, 4);
  assert.equal(s.color(1), 0x050505);
  assert.equal(s.remove(4), true);
  assert.equal(s.remove(3), true, "removing the last slot moves nothing");
  assertPacked(s);
  assert.deepEqual(s.keys, [0, 2]);
  assert.equal(s.box(1).position.x, 2);
  s.clear();
  assert.equal(s.count, 0);
  assert.equal(s.slot(0), -1);
});

test("a full set doubles, keeping what its slots hold", () => {
  const s = new InstanceSlots(2);
  for (let i = 0; i < 2; i++) {
    s.setBox(s.add(i).slot, i, i, i, 1, 2, 0);
    s.setColor(i, 0xff0000 + i);
  }
  const { slot, grew } = s.add(2);
  assert.equal(grew, true);
  assert.equal(slot, 2);
  assert.equal(s.capacity, 4);
  assert.equal(s.matrices.length, 64);
  assert.equal(s.colors.length, 12);
  assert.deepEqual(s.box(1).position, { x: 1, y: 1, z: 1 });
  assert.equal(s.color(1), 0xff0001);
  for (let i = 3; i < 9; i++) s.add(i);
  assert.equal(s.capacity, 16);
  assertPacked(s);
});

test("setBox is three.js's compose of position, rotation.y and scale", () => {
  const s = new InstanceSlots();
  const cases = [
    [1.5, 64, -3.25, 0.6, 1.8, 0],
    [-100.5, 70, 22.75, 0.9, 0.9, (-200 * Math.PI) / 180],
    [0, 0, 0, 1.5, 1.2, 1.234],
  ];
  for (const [x, y, z, w, h, yaw] of cases) {
    s.setBox(0, x, y, z, w, h, yaw);
    const want = new Matrix4().compose(new Vector3(x, y, z), new Quaternion().setFromEuler(new Euler(0, yaw, 0)), new Vector3(w, h, w));
    const got = s.matrices.subarray(0, 16);
    want.elements.forEach((v, i) => assert.ok(Math.abs(got[i] - v) < 1e-5, `element ${i}: ${got[i]} vs ${v}`));
    const b = s.box(0);
    assert.ok(Math.abs(b.position.x - x) < 1e-5 && Math.abs(b.position.z - z) < 1e-5);
    assert.ok(Math.abs(b.size.x - w) < 1e-6 && Math.abs(b.size.y - h) < 1e-6 && Math.abs(b.size.z - w) < 1e-6);
  }
});

test("shift moves every origin, nothing else", () => {
  const s = new InstanceSlots();
  s.setBox(s.add("a").slot, 1, 2, 3, 1, 1, 0.5);
  s.setBox(s.add("b").slot, -1, -2, -3, 1, 1, 0);
  s.shift(256, 0, -256);
  assert.deepEqual(s.box(0).position, { x: 257, y: 2, z: -253 });
  assert.deepEqual(s.box(1).position, { x: 255, y: -2, z: -259 });
  assert.ok(Math.abs(s.box(0).size.x - 1) < 1e-6);
});

test("colours are three.js's setHex with colour management off, and read back exactly", () => {
  const was = ColorManagement.enabled;
  ColorManagement.enabled = false;
  try {
    const s = new InstanceSlots();
    for (const hex of [0x000000, 0xffffff, 0x7f3a19, 0x1e90ff, 0x808080]) {
      s.setColor(0, hex);
      const c = new Color().setHex(hex);
      assert.ok(Math.abs(s.colors[0] - c.r) < 1e-7 && Math.abs(s.colors[1] - c.g) < 1e-7 && Math.abs(s.colors[2] - c.b) < 1e-7);
      assert.equal(s.color(0), hex);
    }
  } finally {
    ColorManagement.enabled = was;
  }
});
