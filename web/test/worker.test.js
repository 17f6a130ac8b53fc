// The mesh worker's bookkeeping, run in node with a stand-in `self`:
// which sections get (re)meshed when a section arrives, a neighbour
// arrives, a block changes, or a section is dropped; and revision order
// between the chunk stream and BlockUpdates on the control stream.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

import { BLOCK } from "../src/blocks.gen.js";
import { builtinBlocks } from "../src/blocks.js";
import { VOLUME } from "../src/section.js";
import { encodeRuns } from "../src/demo.js";

const posted = [];
globalThis.self = { postMessage: (m) => posted.push(m) };
await import("../src/worker.js");
const send = (m) => self.onmessage({ data: m });
// settle waits until the worker has gone quiet: it meshes in time slices.
const settle = async () => {
  for (let n = -1; n !== posted.length; ) {
    n = posted.length;
    await new Promise((r) => setTimeout(r, 30));
  }
};

const uniform = (b) => Uint8Array.of(1, 0, b);
const meshes = () => posted.filter((m) => m.type === "mesh").map((m) => `${m.x},${m.y},${m.z}`).sort();
let epoch = 0;
const chunk = (x, y, z, data, revision = 1n) => send({ type: "chunk", x, y, z, revision, data, epoch: ++epoch });

beforeEach(async () => {
  send({ type: "reset" });
  send({ type: "init", minSectionY: -4 });
  await settle();
  posted.length = 0;
});

test("a section is decoded, mirrored to the main thread and meshed", async () => {
  chunk(0, 0, 0, uniform(BLOCK.stone));
  await settle();
  const s = posted.find((m) => m.type === "section");
  assert.equal(s.uniform, BLOCK.stone);
  const m = posted.find((m) => m.type === "mesh");
  assert.equal(m.opaque.faces, 6 * 256);
});

test("a neighbour's arrival re-meshes a section whose touching layer has blocks", async () => {
  chunk(0, 0, 0, uniform(BLOCK.stone));
  chunk(5, 0, 0, uniform(BLOCK.stone));
  await settle();
  posted.length = 0;
  chunk(1, 0, 0, uniform(BLOCK.stone));
  await settle();
  assert.deepEqual(meshes(), ["0,0,0", "1,0,0"], "the new section and its stone neighbour");
  const old = posted.find((m) => m.type === "mesh" && m.x === 0);
  assert.equal(old.opaque.faces, 5 * 256, "the shared face is culled now");
});

test("an air neighbour next to an air border re-meshes nothing else", async () => {
  chunk(0, 0, 0, uniform(BLOCK.air));
  await settle();
  posted.length = 0;
  chunk(1, 0, 0, uniform(BLOCK.stone));
  await settle();
  assert.deepEqual(meshes(), ["1,0,0"]);
});

test("a block change re-meshes the section and the neighbours it touches", async () => {
  for (const [x, y, z] of [[0, 0, 0], [-1, 0, 0], [0, -1, 0], [-1, -1, 0], [1, 0, 0]]) chunk(x, y, z, uniform(BLOCK.stone));
  await settle();
  posted.length = 0;
  // Block (0,0,5) is on the -X and -Y faces of section (0,0,0).
  send({ type: "block", bx: 0, by: 0, bz: 5, block: BLOCK.air, revision: 2n });
  await settle();
  assert.deepEqual(posted.filter((m) => m.type === "block").length, 1);
  assert.deepEqual(meshes(), ["-1,-1,0", "-1,0,0", "0,-1,0", "0,0,0"]);
  posted.length = 0;
  send({ type: "block", bx: 8, by: 8, bz: 8, block: BLOCK.air, revision: 3n });
  await settle();
  assert.deepEqual(meshes(), ["0,0,0"], "an inner cell touches no neighbour");
});

test("stale block updates and stale chunks are ignored", async () => {
  chunk(0, 0, 0, uniform(BLOCK.stone), 5n);
  await settle();
  posted.length = 0;
  send({ type: "block", bx: 1, by: 1, bz: 1, block: BLOCK.air, revision: 5n });
  chunk(0, 0, 0, uniform(BLOCK.dirt), 4n);
  await settle();
  assert.deepEqual(posted, []);
});

test("a BlockUpdate that overtakes its Chunk is applied when the Chunk arrives", async () => {
  send({ type: "block", bx: 1, by: 1, bz: 1, block: BLOCK.air, revision: 3n });
  send({ type: "block", bx: 2, by: 1, bz: 1, block: BLOCK.air, revision: 1n }); // older than the chunk: skipped
  chunk(0, 0, 0, uniform(BLOCK.stone), 2n);
  await settle();
  const blocks = posted.filter((m) => m.type === "block");
  assert.deepEqual(blocks.map((b) => b.bx), [1]);
  const m = posted.find((m) => m.type === "mesh");
  assert.equal(m.opaque.faces, 6 * 256 + 6, "the hole's six inner faces");
});

test("a drop frees the section and re-meshes neighbours that saw it", async () => {
  chunk(0, 0, 0, uniform(BLOCK.stone));
  chunk(1, 0, 0, uniform(BLOCK.stone));
  await settle();
  posted.length = 0;
  send({ type: "drop", x: 1, y: 0, z: 0 });
  await settle();
  assert.deepEqual(meshes(), ["0,0,0"]);
  assert.equal(posted.find((m) => m.type === "mesh").opaque.faces, 6 * 256);
  posted.length = 0;
  send({ type: "block", bx: 17, by: 1, bz: 1, block: BLOCK.air, revision: 9n }); // held nowhere now
  await settle();
  assert.deepEqual(posted, []);
});

test("a batched drops message forgets each section like a drop", async () => {
  for (const [x, y, z] of [[0, 0, 0], [1, 0, 0], [-1, 0, 0], [0, 0, -2]]) chunk(x, y, z, uniform(BLOCK.stone));
  await settle();
  posted.length = 0;
  send({ type: "drops", coords: Int32Array.of(1, 0, 0, 0, 0, -2, 7, 7, 7) }); // (7,7,7) was never held
  await settle();
  assert.deepEqual(meshes(), ["0,0,0"], "only the neighbour that saw a dropped section");
  assert.equal(posted.find((m) => m.type === "mesh").opaque.faces, 5 * 256, "its face towards (-1,0,0) stays culled");
  posted.length = 0;
  send({ type: "block", bx: 17, by: 1, bz: 1, block: BLOCK.air, revision: 9n }); // in (1,0,0), held nowhere now
  send({ type: "block", bx: -15, by: 1, bz: 1, block: BLOCK.air, revision: 9n }); // in (-1,0,0), still held
  await settle();
  assert.deepEqual(posted.filter((m) => m.type === "block").map((m) => m.bx), [-15]);
});

test("an air message takes each position as a Chunk of uniform air at revision 0, answered in one message", async () => {
  chunk(0, 0, 0, uniform(BLOCK.stone), 1n);
  chunk(3, 0, 0, uniform(BLOCK.stone), 0n); // revision 0 like the air: replaced by it
  chunk(4, 0, 0, uniform(BLOCK.stone), 1n);
  await settle();
  posted.length = 0;
  send({ type: "air", coords: Int32Array.of(1, 0, 0, 0, 0, 0, 3, 0, 0), epochs: Float64Array.of(101, 102, 103) });
  await settle();
  const answers = posted.filter((m) => m.type === "air");
  assert.equal(answers.length, 1, "one answer for the batch");
  assert.deepEqual([...answers[0].coords], [1, 0, 0, 3, 0, 0], "(0,0,0) holds revision 1: the air is stale there");
  assert.deepEqual([...answers[0].epochs], [101, 103]);
  assert.deepEqual(posted.filter((m) => m.type === "section"), [], "no section of its own for an air one");
  // (1,0,0) was absent, which meshes as air: (0,0,0) keeps its mesh. The
  // stone (3,0,0) was, and (4,0,0) shows its face towards it again.
  assert.deepEqual(meshes(), ["4,0,0"]);
  assert.equal(posted.find((m) => m.type === "mesh").opaque.faces, 6 * 256);
  posted.length = 0;
  send({ type: "block", bx: 17, by: 1, bz: 1, block: BLOCK.stone, revision: 1n }); // in (1,0,0): held at revision 0
  send({ type: "block", bx: 1, by: 1, bz: 1, block: BLOCK.air, revision: 1n }); // in (0,0,0): not newer than it
  await settle();
  assert.deepEqual(posted.filter((m) => m.type === "block").map((m) => m.bx), [17]);
  assert.deepEqual(meshes(), ["1,0,0"]);
});

test("a BlockUpdate that overtook an air section is applied to it as to a Chunk of air", async () => {
  send({ type: "block", bx: 1, by: 1, bz: 1, block: BLOCK.stone, revision: 2n });
  send({ type: "block", bx: 2, by: 1, bz: 1, block: BLOCK.stone, revision: 0n }); // not newer than the air: skipped
  send({ type: "air", coords: Int32Array.of(0, 0, 0, 5, 0, 0), epochs: Float64Array.of(7, 8) });
  await settle();
  assert.deepEqual(posted.filter((m) => m.type === "block").map((m) => m.bx), [1]);
  const s = posted.find((m) => m.type === "section");
  assert.deepEqual([s.x, s.y, s.z, s.epoch, s.revision, s.uniform], [0, 0, 0, 7, 2n, null], "answered as a Chunk's section, at the update's revision");
  assert.equal(s.cells[1 + 16 + 256], BLOCK.stone);
  assert.equal(s.cells.filter((b) => b !== BLOCK.air).length, 1);
  assert.deepEqual(meshes(), ["0,0,0"]);
  assert.equal(posted.find((m) => m.type === "mesh").opaque.faces, 6, "the one stone block");
  const answer = posted.find((m) => m.type === "air");
  assert.deepEqual([...answer.coords], [5, 0, 0], "the untouched one stays in the batch");
});

test("an undecodable section is reported, not meshed", async () => {
  chunk(0, 0, 0, Uint8Array.of(2, 0, 1));
  await settle();
  assert.equal(posted.length, 1);
  assert.equal(posted[0].type, "error");
  assert.match(posted[0].message, /version/);
});

test("a runs-encoded section from the demo encoder meshes like its cells", async () => {
  const cells = new Uint16Array(VOLUME);
  cells.fill(BLOCK.dirt, 0, 256); // one layer at y = 0
  chunk(0, 0, 0, encodeRuns(cells));
  await settle();
  const m = posted.find((m) => m.type === "mesh");
  assert.equal(m.opaque.faces, 256 * 2 + 4 * 16);
});

test("the worker decodes and draws by the registry the init message carries", async () => {
  // A server's registry with a 24th block, beyond the built-in table, and
  // its id 1 see-through.
  const blocks = builtinBlocks().blocks.map((b) => ({ ...b }));
  blocks[1] = { ...blocks[1], name: "mod:glass", transparent: true };
  blocks.push({ ...blocks[1], id: blocks.length, name: "mod:brick", transparent: false, color: 0xaa4433 });
  send({ type: "init", minSectionY: -4, blocks });
  const brick = blocks.length - 1;
  chunk(0, 0, 0, uniform(brick));
  chunk(1, 0, 0, uniform(1));
  await settle();
  assert.equal(posted.filter((m) => m.type === "error").length, 0, "block 23 decodes: it is in this registry");
  const m = posted.find((m) => m.type === "mesh" && m.x === 0);
  assert.equal(m.opaque.faces, 6 * 256, "the brick's face towards the glass is drawn");
  posted.length = 0;
  send({ type: "init", minSectionY: -4 }); // back to the built-in table
  chunk(2, 0, 0, uniform(brick));
  await settle();
  assert.equal(posted.filter((m) => m.type === "error").length, 1, "block 23 is not in the built-in table");
});

test("a LOD section is meshed against its own level, with skirts towards neighbours not held, and forgotten on LODUnload", async () => {
  const lod = (x, y, z, data) => send({ type: "lod", level: 2, x, y, z, revision: 0n, data, epoch: ++epoch });
  const lodMeshes = () => posted.filter((m) => m.type === "lodmesh");
  // LOD meshes are greedy (greedy.js): count the cell faces their quads cover.
  const area = (l) => {
    let a = 0;
    for (let q = 0; q < l.faces; q++) {
      const p = (c, i) => l.positions[q * 12 + 3 * c + i];
      const du = [0, 1, 2].map((i) => p(1, i) - p(0, i)), dv = [0, 1, 2].map((i) => p(3, i) - p(0, i));
      a += Math.hypot(du[1] * dv[2] - du[2] * dv[1], du[2] * dv[0] - du[0] * dv[2], du[0] * dv[1] - du[1] * dv[0]);
    }
    return a;
  };
  lod(0, 0, 0, uniform(BLOCK.stone));
  await settle();
  let m = lodMeshes();
  assert.equal(m.length, 1);
  assert.equal(m[0].level, 2);
  // top and bottom (nothing held above or below), and on each side a
  // skirt of 3 cells below the top: 256 + 256 + 4·3·16
  assert.equal(area(m[0].opaque), 256 + 256 + 4 * 3 * 16);
  assert.ok(m[0].opaque.faces <= 2 + 4 * 4, `${m[0].opaque.faces} quads: top, bottom, a few a skirt (its lowest row and ends are shaded apart)`);
  assert.equal(posted.filter((p) => p.type === "mesh" || p.type === "section").length, 0, "level 0 is untouched");
  posted.length = 0;
  lod(1, 0, 0, uniform(BLOCK.stone));
  await settle();
  m = lodMeshes().find((p) => p.x === 0);
  assert.equal(area(m.opaque), 256 + 256 + 3 * 3 * 16, "the side towards the held neighbour is closed");
  posted.length = 0;
  send({ type: "lodunload", level: 2, coords: Int32Array.of(1, 0, 0) });
  await settle();
  m = lodMeshes();
  assert.equal(m.length, 1, "only the one left is re-meshed");
  assert.equal(area(m[0].opaque), 256 + 256 + 4 * 3 * 16);
  posted.length = 0;
  send({ type: "lod", level: 2, x: 3, y: 0, z: 0, revision: 0n, data: Uint8Array.of(9, 9), epoch: ++epoch });
  await settle();
  assert.equal(posted[0].type, "loderror", "a LOD section that does not decode is reported");
});
