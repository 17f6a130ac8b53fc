// The page's entity set (src/entities.js): EntitySpawns, PlayerState
// datagrams and EntityDespawns as the decoder hands them over (real wire
// bytes through src/protocol.js), stale ticks, unknown ids, the legacy
// mode for servers without "entities", and colours by kind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";
import { Color, ColorManagement } from "three";

import { DatagramSchema, ServerMessageSchema } from "../src/gen/strata_pb.js";
import { EntitySet, FEATURE_ENTITIES, KIND_PLAYER, PLAYER_BOX, entityColor, fnv1a, hslToHex, kindColor, playerColor } from "../src/entities.js";
import { FEATURES, FEATURE_PREDICTED_STATES, decodeDatagram, decodeServer } from "../src/protocol.js";

const SELF = 7n;
const CRITTER = 1n << 62n | 1n;

// wire encodes a ServerMessage and decodes it as the session does, so the
// set is fed exactly the shapes the page gets (BigInt ids, camelCase).
function wire(kind, value) {
  const bytes = toBinary(ServerMessageSchema, create(ServerMessageSchema, { kind: { case: kind, value } }));
  const m = decodeServer(bytes);
  assert.equal(m.kind.case, kind);
  return m.kind.value;
}

function spawns(...entities) {
  return wire("entitySpawns", { entities });
}

function despawns(...entityIds) {
  return wire("entityDespawns", { entityIds });
}

function state(entityId, tick, x, y = 64, z = 0, yaw = 0) {
  const bytes = toBinary(DatagramSchema, create(DatagramSchema, {
    kind: { case: "playerState", value: { entityId, tick, position: { x, y, z }, yaw, velocity: { x: 1, y: 0, z: 0 } } },
  }));
  return decodeDatagram(bytes).kind.value;
}

const critter = (over = {}) => ({
  entityId: CRITTER,
  kind: "strata:critter",
  position: { x: 10.5, y: 70, z: -3.5 },
  yaw: 90,
  width: 0.9,
  height: 0.7,
  attributes: [{ key: "strata:variant", value: -3n }],
  tick: 100n,
  ...over,
});

const alice = (over = {}) => ({
  entityId: 12n,
  kind: KIND_PLAYER,
  position: { x: 1, y: 65, z: 2 },
  width: 0.6,
  height: 1.8,
  name: "alice",
  tick: 100n,
  ...over,
});

function granted() {
  const set = new EntitySet();
  set.reset(SELF, true);
  return set;
}

test("the page asks for entities", () => {
  assert.ok(FEATURES.includes(FEATURE_ENTITIES));
  assert.equal(FEATURE_ENTITIES, "entities");
});

test("spawn: kind, box, name, attributes and position as sent, shown where it is", () => {
  const set = granted();
  const out = set.spawn(spawns(critter(), alice()));
  assert.equal(out.length, 2);
  assert.equal(set.size, 2);
  const c = set.get(CRITTER);
  assert.equal(c.kind, "strata:critter");
  assert.equal(c.name, "");
  assert.ok(Math.abs(c.width - 0.9) < 1e-6 && Math.abs(c.height - 0.7) < 1e-6, `box ${c.width} × ${c.height}`);
  assert.deepEqual(c.target, { x: 10.5, y: 70, z: -3.5 });
  assert.deepEqual(c.shown, c.target);
  assert.notEqual(c.shown, c.target, "shown is its own copy, smoothed apart from the target");
  assert.equal(c.yaw, 90);
  assert.equal(c.tick, 100n);
  assert.equal(c.attributes.get("strata:variant"), -3n);
  assert.equal(set.get(12n).name, "alice");
  assert.equal(set.stats.spawns, 2);
});

test("spawn: a bad box falls back or is clamped; our own entity is not held", () => {
  const set = granted();
  set.spawn(spawns(
    critter({ width: 0, height: Number.NaN }),
    alice({ entityId: 13n, width: 1000, height: -1 }),
    alice({ entityId: SELF, name: "me" }),
  ));
  assert.deepEqual([set.get(CRITTER).width, set.get(CRITTER).height], [PLAYER_BOX.width, PLAYER_BOX.height]);
  assert.deepEqual([set.get(13n).width, set.get(13n).height], [64, PLAYER_BOX.height]);
  assert.equal(set.get(SELF), undefined);
  assert.equal(set.size, 2);
});

test("state: newer ticks move, older and equal ones are stale, unknown ids and our own are ignored", () => {
  const set = granted();
  set.spawn(spawns(critter()));
  const cases = [
    { name: "older than the spawn", s: state(CRITTER, 99n, 50), want: "stale", x: 10.5 },
    { name: "as old as the spawn", s: state(CRITTER, 100n, 50), want: "stale", x: 10.5 },
    { name: "newer", s: state(CRITTER, 103n, 12, 70, -3.5, 45), want: "moved", x: 12 },
    { name: "overtaken by the newer", s: state(CRITTER, 101n, 11), want: "stale", x: 12 },
    { name: "unknown id", s: state(99n, 200n, 0), want: "unknown", x: 12 },
    { name: "our own echo", s: state(SELF, 200n, 0), want: "self", x: 12 },
  ];
  for (const c of cases) {
    assert.equal(set.state(c.s), c.want, c.name);
    assert.equal(set.get(CRITTER).target.x, c.x, c.name);
  }
  const e = set.get(CRITTER);
  assert.equal(e.tick, 103n);
  assert.equal(e.yaw, 45);
  assert.deepEqual(e.velocity, { x: 1, y: 0, z: 0 });
  assert.equal(e.shown.x, 10.5, "a state moves the target; frames move what is shown");
  assert.equal(set.get(99n), undefined, "an unknown id is not drawn");
  assert.equal(set.size, 1);
  assert.deepEqual({ states: set.stats.states, stale: set.stats.stale, unknown: set.stats.unknown }, { states: 1, stale: 3, unknown: 1 });
});

test("spawn after a newer state keeps the newer move; a respawn updates the description", () => {
  const set = granted();
  set.spawn(spawns(alice()));
  set.state(state(12n, 120n, 5));
  set.spawn(spawns(alice({ tick: 110n, name: "alice2", width: 0.5 })));
  const e = set.get(12n);
  assert.equal(e.name, "alice2");
  assert.equal(e.width, 0.5);
  assert.equal(e.tick, 120n);
  assert.equal(e.target.x, 5);
  set.spawn(spawns(alice({ tick: 130n, position: { x: 8, y: 65, z: 2 } })));
  assert.equal(set.get(12n).target.x, 8, "a newer spawn moves it");
});

test("despawn: forgets the ids held, counts every one, later states ignored, respawn works", () => {
  const set = granted();
  set.spawn(spawns(critter(), alice()));
  assert.deepEqual(set.despawn(despawns(CRITTER, 555n)), [CRITTER], "only held ids are returned to undraw");
  assert.equal(set.stats.despawns, 2);
  assert.equal(set.get(CRITTER), undefined);
  assert.equal(set.state(state(CRITTER, 500n, 1)), "unknown", "a state trailing the despawn");
  assert.equal(set.size, 1);
  set.spawn(spawns(critter({ tick: 600n, position: { x: 0, y: 80, z: 0 } })));
  assert.deepEqual(set.get(CRITTER).shown, { x: 0, y: 80, z: 0 }, "a despawned id spawned again appears where it is");
});

test("legacy mode (no entities granted): the first state makes a player box named from the roster", () => {
  const set = new EntitySet();
  set.reset(SELF, false);
  const names = new Map([[12n, "bob"]]);
  assert.equal(set.state(state(12n, 5n, 3), (id) => names.get(id)), "created");
  const e = set.get(12n);
  assert.equal(e.kind, KIND_PLAYER);
  assert.equal(e.name, "bob");
  assert.deepEqual([e.width, e.height], [PLAYER_BOX.width, PLAYER_BOX.height]);
  assert.equal(set.state(state(12n, 4n, 9)), "stale");
  assert.equal(set.state(state(12n, 6n, 9)), "moved");
  assert.equal(set.state(state(SELF, 6n, 9)), "self");
  assert.ok(set.remove(12n), "a PlayerLeft removes it");
  assert.equal(set.size, 0);
});

test("reset forgets every entity and takes the new session's id and grant", () => {
  const set = granted();
  set.spawn(spawns(critter()));
  set.reset(8n, false);
  assert.equal(set.size, 0);
  assert.equal(set.self, 8n);
  assert.equal(set.granted, false);
});

test("step: the shown position closes on the target exponentially, as other players did", () => {
  const set = granted();
  set.spawn(spawns(critter({ position: { x: 0, y: 0, z: 0 } })));
  set.state(state(CRITTER, 101n, 10, 0, 0));
  set.step(1 / 12);
  const x1 = set.get(CRITTER).shown.x;
  assert.ok(Math.abs(x1 - 10 * (1 - Math.exp(-1))) < 1e-9, `after 1/12 s: ${x1}`);
  for (let i = 0; i < 60; i++) set.step(1 / 60);
  assert.ok(Math.abs(set.get(CRITTER).shown.x - 10) < 1e-3);
});

// moving is a PlayerState of id at tick with position p and velocity v.
function moving(entityId, tick, p, v) {
  const bytes = toBinary(DatagramSchema, create(DatagramSchema, {
    kind: { case: "playerState", value: { entityId, tick, position: p, velocity: v } },
  }));
  return decodeDatagram(bytes).kind.value;
}

function predicted() {
  const set = new EntitySet();
  set.reset(SELF, true, true, 20);
  return set;
}

// near: within float32 rounding of the velocity (4.3 is 4.300000190…).
const near = (a, b, what) => assert.ok(Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6 && Math.abs(a.z - b.z) < 1e-6, `${what}: ${JSON.stringify(a)}, want ${JSON.stringify(b)}`);

test("the page asks for predicted-states", () => {
  assert.ok(FEATURES.includes(FEATURE_PREDICTED_STATES));
  assert.equal(FEATURE_PREDICTED_STATES, "predicted-states");
});

test("predicted-states: step carries the target on at its velocity (docs/protocol.md §9.9's example), a new state resets it", () => {
  const set = predicted();
  set.spawn(spawns(alice({ tick: 990n, position: { x: 100, y: 64, z: -20 } })));
  // The state of tick 1000: at (100, 64, -20), walking at (4.3, 0, -1) blocks/s.
  set.state(moving(12n, 1000n, { x: 100, y: 64, z: -20 }, { x: 4.3, y: 0, z: -1 }));
  near(set.get(12n).target, { x: 100, y: 64, z: -20 }, "at its tick");
  // Drawn 3 ticks (0.15 s) later: 0.645 block on along x, 0.15 back along z.
  for (let i = 0; i < 3; i++) set.step(1 / 20);
  near(set.get(12n).target, { x: 100.645, y: 64, z: -20.15 }, "3 ticks on");
  assert.ok(Math.abs(set.clock - 1003) < 1e-9, `clock ${set.clock}`);
  // The shown position follows the moving target (smoothed), never past it.
  const shown = set.get(12n).shown.x;
  assert.ok(shown > 100 && shown < 100.645, `shown ${shown}`);
  // It stopped at tick 1003: the state puts the target back, and it stays.
  set.state(moving(12n, 1003n, { x: 100.6, y: 64, z: -20.1 }, { x: 0, y: 0, z: 0 }));
  near(set.get(12n).target, { x: 100.6, y: 64, z: -20.1 }, "the new state");
  for (let i = 0; i < 10; i++) set.step(1 / 20);
  near(set.get(12n).target, { x: 100.6, y: 64, z: -20.1 }, "stopped");
  assert.ok(Math.abs(set.get(12n).shown.x - 100.6) < 0.01);
});

test("predicted-states: a spawn or state older than the page's tick is carried forward to it", () => {
  const set = predicted();
  set.spawn(spawns(alice({ tick: 1010n })));
  // A critter's spawn carries the state of tick 1000 (the one the others
  // extrapolate): 10 ticks at 2 blocks/s, 1 block on, shown there at once.
  set.spawn(spawns(critter({ tick: 1000n, position: { x: 10, y: 70, z: 0 }, velocity: { x: 2, y: 0, z: 0 } })));
  near(set.get(CRITTER).target, { x: 11, y: 70, z: 0 }, "spawn");
  near(set.get(CRITTER).shown, { x: 11, y: 70, z: 0 }, "shown");
  // A state that arrives late (tick 1008, the page at 1010): 2 ticks on.
  set.state(moving(CRITTER, 1008n, { x: 12, y: 70, z: 0 }, { x: 0, y: 0, z: -4 }));
  near(set.get(CRITTER).target, { x: 12, y: 70, z: -0.4 }, "late state");
});

test("without predicted-states step does not move targets", () => {
  const set = granted();
  set.spawn(spawns(critter({ velocity: { x: 2, y: 0, z: 0 } })));
  for (let i = 0; i < 20; i++) set.step(1 / 20);
  near(set.get(CRITTER).target, { x: 10.5, y: 70, z: -3.5 }, "target");
});

test("kindColor: stable, distinct for distinct kinds, a valid sRGB colour", () => {
  const kinds = ["strata:critter", "strata:pig", "example:slime", "strata:item", "a:b", "über:ünicode"];
  const seen = new Set();
  for (const k of kinds) {
    const c = kindColor(k);
    assert.equal(c, kindColor(k), `${k} is stable`);
    assert.ok(Number.isInteger(c) && c >= 0 && c <= 0xffffff, `${k}: ${c}`);
    seen.add(c);
  }
  assert.equal(seen.size, kinds.length, "no two of these kinds share a colour");
  // Pinned, so the colour of a kind does not drift between releases.
  assert.equal(fnv1a(""), 0x811c9dc5);
  assert.equal(fnv1a("a"), 0xe40c292c);
  assert.equal(kindColor("strata:critter"), 0x91b946);
});

test("entityColor: players keep their colour by id (as three's setHSL made it), other kinds by kind", () => {
  const prev = ColorManagement.enabled;
  ColorManagement.enabled = false; // as the renderer runs
  try {
    for (const id of [1n, 2n, 12n, 359n, 360n, 123456789n]) {
      const hue = (Number(id % 360n) * 137.5) % 360;
      const want = new Color().setHSL(hue / 360, 0.6, 0.5).getHex();
      assert.equal(playerColor(id), want, `player ${id}`);
      assert.equal(entityColor({ id, kind: KIND_PLAYER }), want);
    }
    for (const [h, s, l] of [[0, 0, 0.3], [0.99, 1, 0.5], [0.5, 0.45, 0.6], [1.25, 0.2, 0.8]]) {
      assert.equal(hslToHex(h, s, l), new Color().setHSL(h, s, l).getHex(), `hsl ${h} ${s} ${l}`);
    }
  } finally {
    ColorManagement.enabled = prev;
  }
  assert.equal(entityColor({ id: 1n, kind: "strata:critter" }), kindColor("strata:critter"));
  assert.equal(entityColor({ id: 2n, kind: "strata:critter" }), entityColor({ id: 3n, kind: "strata:critter" }), "every critter looks alike");
});
