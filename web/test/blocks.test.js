// The block registry from Welcome.blocks (docs/protocol.md §9.7) and the
// rules from Welcome.limits (§9.5, §9.6): the client interprets ids, draws,
// collides and moves by what the server sent, and falls back to the
// built-in table only for a server that sends none.
import { test } from "node:test";
import assert from "node:assert/strict";

import { BLOCKS as GENERATED } from "../src/blocks.gen.js";
import { BlockRegistryError, blocksFromWelcome, builtinBlocks } from "../src/blocks.js";
import { BlockLook, gatherPadded, meshPadded } from "../src/mesher.js";
import { DEFAULT_RULES, Player, raycast, rulesFromLimits, solid } from "../src/physics.js";
import { SectionDecodeError, VOLUME, decodeSection } from "../src/section.js";
import { UNKNOWN } from "../src/voxels.js";

// A server's registry unlike the built-in one: block 1 is glass (solid,
// see-through), 2 is a fog you walk through, 3 a liquid, 4 cannot be placed.
const CUSTOM = [
  { id: 0, name: "strata:air", transparent: true, replaceable: true },
  { id: 1, name: "mod:glass", solid: true, transparent: true, placeable: true, breakable: true, color: 0xc0e0ff },
  { id: 2, name: "mod:fog", transparent: true, replaceable: true, placeable: true, breakable: true, color: 0xeeeeee },
  { id: 3, name: "mod:goo", liquid: true, transparent: true, replaceable: true, breakable: true, color: 0x00ff00 },
  { id: 4, name: "mod:core", solid: true, color: 0x101010 },
];

test("no registry in the Welcome: the built-in table, namespaced", () => {
  const b = blocksFromWelcome({ blocks: [] });
  assert.equal(b.fromServer, false);
  assert.equal(b.count, GENERATED.length);
  assert.equal(b.get(1).name, "strata:stone");
  assert.equal(b.name(1), "stone");
  assert.equal(b.id("strata:stone"), 1);
  assert.equal(b.id("stone"), 1);
  assert.equal(b.get(13).breakable, false, "bedrock");
  assert.equal(b.get(10).breakable, true, "lava can be broken, not placed");
  assert.equal(b.get(10).placeable, false);
  assert.deepEqual(builtinBlocks().placeable, b.placeable);
});

test("a server's registry replaces the built-in one", () => {
  const b = blocksFromWelcome({ blocks: CUSTOM });
  assert.equal(b.fromServer, true);
  assert.equal(b.count, 5);
  assert.equal(b.id("mod:glass"), 1);
  assert.equal(b.id("stone"), undefined);
  assert.equal(b.name(1), "mod:glass");
  assert.equal(b.name(0), "air");
  assert.deepEqual([...b.placeable], [1, 2]);
  assert.equal(b.solid(2), false);
  assert.equal(b.solid(9), true, "an id the registry lacks stops a player");
  assert.equal(b.replaceable(3), true);
});

test("a registry that leaves blocks ambiguous is refused", () => {
  const bad = [
    [{ id: 0, name: "strata:air" }, { id: 2, name: "strata:stone" }],
    [{ id: 0, name: "strata:air" }, { id: 1, name: "strata:air" }],
    [{ id: 0, name: "air" }],
    [{ id: 0, name: "Strata:Air" }],
  ];
  for (const blocks of bad) assert.throws(() => blocksFromWelcome({ blocks }), BlockRegistryError, JSON.stringify(blocks));
});

test("the section decoder takes the registry's size", () => {
  const five = Uint8Array.of(1, 0, 4); // uniform block 4
  assert.equal(decodeSection(five, 5).uniform, 4);
  assert.throws(() => decodeSection(five, 4), SectionDecodeError);
  const beyondBuiltin = Uint8Array.of(1, 0, GENERATED.length); // id 23
  assert.throws(() => decodeSection(beyondBuiltin), SectionDecodeError);
  assert.equal(decodeSection(beyondBuiltin, GENERATED.length + 1).uniform, GENERATED.length);
});

test("the mesher draws by the registry: glass shows what is behind it", () => {
  const look = new BlockLook(blocksFromWelcome({ blocks: CUSTOM }));
  const cells = new Uint16Array(VOLUME);
  cells.fill(1); // all glass
  const s = { uniform: null, cells };
  s.cells[0] = 4; // one core block in a corner, inside the glass
  const pad = gatherPadded((dx, dy, dz) => (dx || dy || dz ? undefined : s), false, undefined, look.belowWorld);
  const m = meshPadded(pad, undefined, look);
  // Built-in id 1 is stone: the core would be hidden. Glass is
  // see-through, so the core shows its six faces.
  const builtin = meshPadded(gatherPadded((dx, dy, dz) => (dx || dy || dz ? undefined : s), false), undefined);
  assert.ok(m.opaque.faces > builtin.opaque.faces, `${m.opaque.faces} faces with glass, ${builtin.opaque.faces} with stone`);
  assert.equal(look.belowWorld, 4, "the only opaque block fills the layer below the world");
});

test("rules from Welcome.limits; 0 means not stated", () => {
  assert.deepEqual(rulesFromLimits(undefined), DEFAULT_RULES);
  assert.deepEqual(rulesFromLimits({ maxViewDistance: 16 }), DEFAULT_RULES, "an older server states none");
  const r = rulesFromLimits({ sprintSpeed: 3, walkSpeed: 2, flySpeed: 8, reach: 4, eyeHeight: 1.5, allowFlight: false });
  assert.equal(r.sprintSpeed, 3);
  assert.equal(r.reach, 4);
  assert.equal(r.eyeHeight, 1.5);
  assert.equal(r.allowFlight, false);
  assert.equal(r.playerWidth, DEFAULT_RULES.playerWidth, "unstated fields keep the default");
});

test("the player moves and collides by the server's rules and registry", () => {
  const rules = rulesFromLimits({ sprintSpeed: 3, walkSpeed: 2, flySpeed: 8, reach: 4, eyeHeight: 1.5, playerHeight: 1.6, playerWidth: 0.6, allowFlight: true });
  const blocks = blocksFromWelcome({ blocks: CUSTOM });
  // Floor of core at y = 63; a wall of fog (walk-through) at x = 2.
  const world = (x, y, z) => (Math.abs(x) > 30 || Math.abs(z) > 30 ? UNKNOWN : y === 63 ? 4 : x === 2 ? 2 : 0);
  const p = new Player(rules, blocks);
  p.flying = false;
  p.pos = { x: 0.5, y: 64, z: 0.5 };
  p.yaw = 270; // towards +X
  for (let i = 0; i < 20; i++) p.step(0.05, { forward: 1, strafe: 0, up: 0, jump: false, sprint: false }, world);
  assert.ok(Math.abs(p.pos.x - 0.5 - 2) < 0.01, `walked 1 s at the server's walk speed through fog: x ${p.pos.x}`);
  assert.deepEqual(p.eye(), { x: p.pos.x, y: 65.5, z: 0.5 });
  assert.equal(solid(2, blocks), false);
  assert.equal(solid(1, blocks), true);
  // Goo is a liquid: rays pass through it.
  const goo = (x, y, z) => (y === 64 ? 3 : world(x, y, z));
  assert.equal(raycast({ x: 0.5, y: 66, z: 0.5 }, { x: 0, y: -1, z: 0 }, 6, goo, blocks).y, 63);
  assert.equal(raycast({ x: 0.5, y: 66, z: 0.5 }, { x: 0, y: -1, z: 0 }, 6, goo).block, 3, "built-in id 3 (dirt) is a target");
});
