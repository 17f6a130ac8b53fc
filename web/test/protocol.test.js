// Framing and protobuf encoding against the worked example of
// docs/protocol.md §10, byte for byte: if the JS client and the spec agree
// on these, they agree with the Go implementation the spec describes.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  CHUNK_CAP,
  CONTROL_CAP,
  FrameDecoder,
  FrameError,
  encodeFrame,
  encodeVarint,
} from "../src/frame.js";
import {
  airPositions,
  Binding,
  FEATURE_AIR_SECTIONS,
  FEATURES,
  clientFrame,
  decodeChunk,
  decodeDatagram,
  decodeServer,
  dropPositions,
  encodeDatagram,
  errorName,
  FEATURE_COMPACT_STATES,
  MAX_CHANNEL_LENGTH,
  refusalText,
  stateOf,
  statesOf,
  FEATURE_STATE_BATCHES,
  validChannel,
} from "../src/protocol.js";
import { blocksFromWelcome } from "../src/blocks.js";
import { rulesFromLimits } from "../src/physics.js";

const hex = (s) => Uint8Array.from(s.replace(/[\s|]+/g, "").match(/../g).map((b) => parseInt(b, 16)));
const toHex = (b) => Buffer.from(b).toString("hex");

// Splits a frame into its payload with a fresh decoder: also checks the
// prefix says exactly the payload's length.
function onlyPayload(frame, cap = CONTROL_CAP) {
  const d = new FrameDecoder(cap);
  d.push(frame);
  const p = d.next();
  assert.ok(p, "one whole frame");
  assert.equal(d.buffered, 0);
  return p;
}

test("varint prefix: shortest form", () => {
  assert.deepEqual([...encodeVarint(0)], [0]);
  assert.deepEqual([...encodeVarint(127)], [127]);
  assert.deepEqual([...encodeVarint(128)], [0x80, 1]);
  assert.deepEqual([...encodeVarint(300)], [0xac, 2]);
  assert.deepEqual([...encodeVarint(CHUNK_CAP)], [0x80, 0x80, 0x40]);
});

// The worked example's login is the shared test vector's
// (testdata/identity/login_vector.json): its key, nonce and signature.
const VECTOR_KEY = hex("03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8");

test("Hello encodes exactly as the spec's example", () => {
  const frame = clientFrame("hello", { protocolVersion: 2, name: "steve", features: ["datagram-input"], viewDistance: 8, publicKey: VECTOR_KEY });
  assert.equal(
    toHex(frame),
    toHex(hex(`3f | 0a 3d 08 02 12 05 73 74 65 76 65 1a 0e 64 61 74 61 67 72 61 6d 2d 69 6e 70 75
     74 20 08 2a 20 03 a1 07 bf f3 ce 10 be 1d 70 dd 18 e7 4b c0 99 67 e4 d6 30 9b
     a5 0d 5f 1d dc 86 64 12 55 31 b8`)),
  );
});

test("Challenge decodes and Proof encodes as the spec's examples", () => {
  const m = decodeServer(onlyPayload(hex(`26 | 7a 24 0a 20 a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa ab ac ad ae af b0 b1 b2 b3 b4 b5
     b6 b7 b8 b9 ba bb bc bd be bf 10 02`)));
  assert.equal(m.kind.case, "challenge");
  assert.equal(toHex(m.kind.value.nonce), "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf");
  assert.equal(m.kind.value.binding, Binding.SERVER_CERT);
  const sig = hex("bcb6a5b94de02984c04611245cc1dcc37b5bc70802747f54fb9c9e02226081fb7f332ffe9b8d7348f95fc6d57881a24f6d4d6b2827031b24fb03c1ade904060a");
  assert.equal(
    toHex(clientFrame("proof", { signature: sig })),
    toHex(hex(`44 | 52 42 0a 40 bc b6 a5 b9 4d e0 29 84 c0 46 11 24 5c c1 dc c3 7b 5b c7 08 02 74
     7f 54 fb 9c 9e 02 22 60 81 fb 7f 33 2f fe 9b 8d 73 48 f9 5f c6 d5 78 81 a2 4f
     6d 4d 6b 28 27 03 1b 24 fb 03 c1 ad e9 04 06 0a`)),
  );
});

test("Subscribe, Ping, BreakBlock encode as the spec's examples", () => {
  assert.equal(toHex(clientFrame("subscribe", { viewDistance: 10 })), "044202080a");
  assert.equal(toHex(clientFrame("ping", { nonce: 1n, time: 1000n })), "073205080110e807");
  assert.equal(
    toHex(clientFrame("breakBlock", { pos: { x: 3, y: 70, z: -2 }, requestId: 1 })),
    toHex(hex("0d | 1a 0b 0a 07 08 06 10 8c 01 18 03 10 01")),
  );
});

test("Welcome decodes from the spec's example", () => {
  const frame = hex(`9f 02 | 0a 9c 02 08 02 10 e9 07 1a 1b 09 00 00 00 00 00 00 e0 3f 11 00 00 00 00 00 00 54 40
        19 00 00 00 00 00 00 e0 3f 30 2a 38 01 42 09 08 07 10 26 18 fc ff ff 7f 4a a2 01 08 10
        10 80 80 04 18 80 80 40 20 cc 08 28 14 30 80 02 38 c8 01 40 90 03 48 04 50 02 68 b0
        ea 01 71 f8 53 e3 a5 9b 44 11 40 79 a6 9b c4 20 b0 72 16 40 81 01 9a 99 99 99 99 99
        35 40 89 01 00 00 00 00 00 00 24 40 91 01 9a 99 99 99 99 99 53 40 99 01 00 00 00 00
        00 00 f4 3f a1 01 9a 99 99 99 99 99 a9 3f a8 01 01 b1 01 33 33 33 33 33 33 e3 3f b9
        01 cd cc cc cc cc cc fc 3f c1 01 ec 51 b8 1e 85 eb f9 3f c9 01 00 00 00 00 00 00 18
        40 d1 01 00 00 00 00 00 00 34 40 d8 01 14 e0 01 14 e8 01 03 52 0e 64 61 74 61 67 72
        61 6d 2d 69 6e 70 75 74 58 08 60 d2 09 68 01 72 10 12 0a 73 74 72 61 74 61 3a 61 69
        72 20 01 38 01 72 1b 08 01 12 0c 73 74 72 61 74 61 3a 73 74 6f 6e 65 18 01 28 ff fe
        fd 03 40 01 48 01`);
  const m = decodeServer(onlyPayload(frame));
  assert.equal(m.kind.case, "welcome");
  const w = m.kind.value;
  assert.equal(w.protocolVersion, 2);
  assert.equal(w.entityId, 1001n);
  assert.deepEqual([w.spawn.x, w.spawn.y, w.spawn.z], [0.5, 80, 0.5]);
  assert.equal(w.seed, 42n);
  assert.deepEqual([w.bounds.minSectionY, w.bounds.maxSectionY, w.bounds.borderSections], [-4, 19, 134217726]);
  assert.equal(w.limits.maxViewDistance, 16);
  assert.equal(w.limits.controlFrameCap, CONTROL_CAP);
  assert.equal(w.limits.chunkFrameCap, CHUNK_CAP);
  assert.equal(w.limits.tickRate, 20);
  assert.deepEqual(w.features, ["datagram-input"]);
  assert.equal(w.viewDistance, 8);
  assert.equal(w.tick, 1234n);
  assert.equal(w.sectionFormat, 1);
  // The rules: the client moves by these.
  const r = rulesFromLimits(w.limits);
  assert.deepEqual(
    [r.walkSpeed, r.sprintSpeed, r.flySpeed, r.riseSpeed, r.fallSpeed, r.speedTolerance, r.moveSlack, r.allowFlight],
    [4.317, 5.612, 21.6, 10, 78.4, 1.25, 0.05, true],
  );
  assert.deepEqual([r.playerWidth, r.playerHeight, r.eyeHeight, r.reach, r.actionRate, r.actionBurst], [0.6, 1.8, 1.62, 6, 20, 20]);
  assert.deepEqual([w.limits.inputBankTicks, w.limits.inputClockSlack], [20, 3]);
  // The registry, cut to two blocks in the example.
  const b = blocksFromWelcome(w);
  assert.equal(b.fromServer, true);
  assert.equal(b.count, 2);
  assert.deepEqual({ ...b.get(0) }, { id: 0, name: "strata:air", short: "air", solid: false, transparent: true, liquid: false, replaceable: true, placeable: false, breakable: false, color: 0 });
  assert.deepEqual({ ...b.get(1) }, { id: 1, name: "strata:stone", short: "stone", solid: true, transparent: false, liquid: false, replaceable: false, placeable: true, breakable: true, color: 0x7f7f7f });
});

test("Reject, BlockUpdate, ActionAck, Pong decode", () => {
  let m = decodeServer(onlyPayload(hex("0d | 12 0b 08 02 12 03 76 32 3f 18 01 20 01")));
  assert.equal(m.kind.case, "reject");
  assert.equal(errorName(m.kind.value.code), "UNSUPPORTED_VERSION");
  assert.equal(m.kind.value.reason, "v2?");
  m = decodeServer(onlyPayload(hex("0d | 2a 0b 0a 07 08 06 10 8c 01 18 03 18 02")));
  assert.equal(m.kind.case, "blockUpdate");
  assert.deepEqual({ ...m.kind.value.pos, $typeName: undefined }, { x: 3, y: 70, z: -2, $typeName: undefined });
  assert.equal(m.kind.value.block, 0);
  assert.equal(m.kind.value.revision, 2n);
  m = decodeServer(onlyPayload(hex("08 | 1a 06 08 01 10 01 20 02")));
  assert.equal(m.kind.case, "actionAck");
  assert.equal(m.kind.value.requestId, 1);
  assert.equal(m.kind.value.accepted, true);
  m = decodeServer(onlyPayload(hex("10 | 42 0e 08 01 10 e8 07 18 80 80 f9 c0 c1 c4 82 03")));
  assert.equal(m.kind.case, "pong");
  assert.equal(m.kind.value.receiverTime, 1700000000000000n);
});

test("Chunk and Drop decode from the chunk stream example", () => {
  const d = new FrameDecoder(CHUNK_CAP);
  // Both frames arrive split at awkward places.
  const bytes = hex("0f | 0a 0d 0a 04 10 08 18 01 10 01 1a 03 01 00 01   08 | 12 06 0a 04 10 08 18 01");
  d.push(bytes.subarray(0, 1));
  assert.equal(d.next(), null);
  d.push(bytes.subarray(1, 9));
  assert.equal(d.next(), null);
  d.push(bytes.subarray(9));
  const c = decodeChunk(d.next());
  assert.equal(c.kind.case, "chunk");
  assert.deepEqual([c.kind.value.pos.x, c.kind.value.pos.y, c.kind.value.pos.z], [0, 4, -1]);
  assert.equal(c.kind.value.revision, 1n);
  assert.deepEqual([...c.kind.value.data], [1, 0, 1]);
  const drop = decodeChunk(d.next());
  assert.equal(drop.kind.case, "drop");
  assert.equal(drop.kind.value.pos.z, -1);
  assert.equal(d.next(), null);
});

test("Drops (feature batched-drops) decodes from the spec's example", async () => {
  const { create, toBinary } = await import("@bufbuild/protobuf");
  const { ChunkMessageSchema } = await import("../src/gen/strata_pb.js");
  const bytes = hex("0a | 1a 08 0a 06 00 08 01 01 00 04");
  const d = new FrameDecoder(CHUNK_CAP);
  d.push(bytes);
  const payload = d.next();
  const m = decodeChunk(payload);
  assert.equal(m.kind.case, "drops");
  assert.deepEqual(m.kind.value.coords, [0, 4, -1, -1, 0, 2]);
  assert.deepEqual(dropPositions(m.kind.value), [
    { x: 0, y: 4, z: -1 },
    { x: -1, y: 0, z: 2 },
  ]);
  // The generated encoder writes the same bytes (packed zig-zag varints).
  const again = toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "drops", value: { coords: [0, 4, -1, -1, 0, 2] } } }));
  assert.equal(toHex(again), toHex(payload));
  assert.ok(FEATURES.includes("batched-drops"), "the client asks for the feature");
});

test("Drops and AirSections by column (feature column-lists) decode from the spec's example", async () => {
  const { create, toBinary } = await import("@bufbuild/protobuf");
  const { ChunkMessageSchema } = await import("../src/gen/strata_pb.js");
  // Written by the server's EncodeColumnDrops (docs/protocol.md §5.6).
  const bytes = hex("14 | 1a 12 12 06 09 0e 10 11 00 02 1a 06 10 03 80 80 80 04 20 07");
  const d = new FrameDecoder(CHUNK_CAP);
  d.push(bytes);
  const payload = d.next();
  const m = decodeChunk(payload);
  assert.equal(m.kind.case, "drops");
  assert.deepEqual(dropPositions(m.kind.value), [
    { x: -5, y: 0, z: 7 },
    { x: 3, y: -4, z: -2 },
    { x: 3, y: -3, z: -2 },
    { x: 3, y: 19, z: -1 },
  ]);
  const value = { columns: [-5, 7, 8, -9, 0, 1], masks: [16, 3, 1 << 23], baseY: -4 };
  const again = toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "drops", value } }));
  assert.equal(toHex(again), toHex(payload));
  // Triples first, then the columns' sections.
  assert.deepEqual(dropPositions({ coords: [1, 2, 3], columns: [0, 0], masks: [0x80000001], baseY: 10 }), [
    { x: 1, y: 2, z: 3 },
    { x: 0, y: 10, z: 0 },
    { x: 0, y: 41, z: 0 },
  ]);
  // An AirSections by column: the same bytes but for the case, 22.
  const air = new FrameDecoder(CHUNK_CAP);
  air.push(hex("14 | 22 12 12 06 09 0e 10 11 00 02 1a 06 10 03 80 80 80 04 20 07"));
  const a = decodeChunk(air.next());
  assert.equal(a.kind.case, "air");
  assert.deepEqual(airPositions(a.kind.value), dropPositions(m.kind.value));
  for (const bad of [{ columns: [1], masks: [] }, { columns: [1, 2], masks: [] }, { columns: [1, 2], masks: [1, 2] }, { columns: [1, 2], masks: [1], baseY: 2147483647 }]) {
    for (const kind of ["drops", "air"]) {
      const enc = toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: kind, value: bad } }));
      assert.throws(() => decodeChunk(enc), (e) => e instanceof FrameError && e.code === "INVALID_MESSAGE");
    }
    assert.throws(() => dropPositions({ coords: [], ...bad }), (e) => e.code === "INVALID_MESSAGE");
    assert.throws(() => airPositions({ coords: [], ...bad }), (e) => e.code === "INVALID_MESSAGE");
  }
  assert.ok(FEATURES.includes("column-lists"), "the client asks for the feature");
});

test("Drops: extremes, empty, and coords that are not whole triples", async () => {
  const { create, toBinary } = await import("@bufbuild/protobuf");
  const { ChunkMessageSchema } = await import("../src/gen/strata_pb.js");
  const enc = (coords) => toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "drops", value: { coords } } }));
  const big = [-2147483648, 2147483647, -134217726, 134217726, -4, 19];
  assert.deepEqual(dropPositions(decodeChunk(enc(big)).kind.value), [
    { x: -2147483648, y: 2147483647, z: -134217726 },
    { x: 134217726, y: -4, z: 19 },
  ]);
  const empty = decodeChunk(enc([]));
  assert.equal(empty.kind.case, "drops");
  assert.deepEqual(dropPositions(empty.kind.value), []);
  for (const coords of [[1], [1, 2], [1, 2, 3, 4]]) {
    assert.throws(() => decodeChunk(enc(coords)), (e) => e instanceof FrameError && e.code === "INVALID_MESSAGE" && /multiple of 3/.test(e.message));
    assert.throws(() => dropPositions({ coords }), (e) => e.code === "INVALID_MESSAGE");
  }
});

test("AirSections (feature air-sections) decodes as field 4 of ChunkMessage, packed like Drops", async () => {
  const { create, toBinary } = await import("@bufbuild/protobuf");
  const { ChunkMessageSchema } = await import("../src/gen/strata_pb.js");
  // The Drops example above with the oneof's field 4 (air, LEN: tag 0x22)
  // in place of field 3: the same packed zig-zag coords.
  const bytes = hex("0a | 22 08 0a 06 00 08 01 01 00 04");
  const d = new FrameDecoder(CHUNK_CAP);
  d.push(bytes);
  const payload = d.next();
  const m = decodeChunk(payload);
  assert.equal(m.kind.case, "air");
  assert.deepEqual(m.kind.value.coords, [0, 4, -1, -1, 0, 2]);
  assert.deepEqual(airPositions(m.kind.value), [
    { x: 0, y: 4, z: -1 },
    { x: -1, y: 0, z: 2 },
  ]);
  const again = toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "air", value: { coords: [0, 4, -1, -1, 0, 2] } } }));
  assert.equal(toHex(again), toHex(payload));
  assert.equal(FEATURE_AIR_SECTIONS, "air-sections");
  assert.ok(FEATURES.includes("air-sections"), "the client asks for the feature");
});

test("AirSections: extremes, empty, and coords that are not whole triples", async () => {
  const { create, toBinary } = await import("@bufbuild/protobuf");
  const { ChunkMessageSchema } = await import("../src/gen/strata_pb.js");
  const enc = (coords) => toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "air", value: { coords } } }));
  const big = [-2147483648, 2147483647, -134217726, 134217726, -4, 19];
  assert.deepEqual(airPositions(decodeChunk(enc(big)).kind.value), [
    { x: -2147483648, y: 2147483647, z: -134217726 },
    { x: 134217726, y: -4, z: 19 },
  ]);
  const empty = decodeChunk(enc([]));
  assert.equal(empty.kind.case, "air");
  assert.deepEqual(airPositions(empty.kind.value), []);
  for (const coords of [[1], [1, 2], [1, 2, 3, 4], [1, 2, 3, 4, 5, 6, 7]]) {
    assert.throws(() => decodeChunk(enc(coords)), (e) => e instanceof FrameError && e.code === "INVALID_MESSAGE" && /^AirSections has \d+ coords, not a multiple of 3/.test(e.message));
    assert.throws(() => airPositions({ coords }), (e) => e.code === "INVALID_MESSAGE" && /AirSections/.test(e.message));
  }
});

test("PlayerState datagram decodes from the spec's example", () => {
  const m = decodeDatagram(
    hex("0a 27 08 ea 07 12 1b 09 00 00 00 00 00 00 f0 3f 11 00 00 00 00 00 00 00 40 19 00 00 00 00 00 00 08 40 1d 00 00 b4 42 28 05"),
  );
  assert.equal(m.kind.case, "playerState");
  const s = m.kind.value;
  assert.equal(s.entityId, 1002n);
  assert.deepEqual([s.position.x, s.position.y, s.position.z], [1, 2, 3]);
  assert.equal(s.yaw, 90);
  assert.equal(s.tick, 5n);
});

test("CompactState datagram (feature compact-states) decodes from the spec's example and reads as the PlayerState", () => {
  assert.ok(FEATURES.includes(FEATURE_COMPACT_STATES));
  const m = decodeDatagram(hex("1a 11 08 ea 07 10 80 10 18 80 20 20 80 30 28 c0 16 38 05"));
  assert.equal(m.kind.case, "compactState");
  const s = stateOf(m);
  assert.equal(s.entityId, 1002n);
  assert.deepEqual([s.position.x, s.position.y, s.position.z], [1, 2, 3]);
  assert.equal(s.yaw, 90);
  assert.equal(s.pitch, 0);
  assert.equal(s.tick, 5n);
  assert.deepEqual(s.velocity, { x: 0, y: 0, z: 0 });
  // The same as the PlayerState example, which stateOf passes through.
  const full = decodeDatagram(
    hex("0a 27 08 ea 07 12 1b 09 00 00 00 00 00 00 f0 3f 11 00 00 00 00 00 00 00 40 19 00 00 00 00 00 00 08 40 1d 00 00 b4 42 28 05"),
  );
  assert.equal(stateOf(full), full.kind.value);
  // Negative fixed point, and what is not a state.
  const neg = stateOf({ kind: { case: "compactState", value: { entityId: 7n, x: -1536n, y: 65536n, z: 0n, yaw: -2872, pitch: 720, tick: 9n, vx: -1107, vy: 0, vz: 64 } } });
  assert.deepEqual([neg.position.x, neg.position.y, neg.position.z, neg.yaw, neg.pitch], [-1.5, 64, 0, -179.5, 45]);
  assert.deepEqual(neg.velocity, { x: -1107 / 256, y: 0, z: 0.25 });
  assert.equal(stateOf({ kind: { case: "input", value: {} } }), null);
});

test("CompactStates datagram (feature state-batches) decodes from the spec's example, each state as stateOf reads it", () => {
  assert.ok(FEATURES.includes(FEATURE_STATE_BATCHES));
  const m = decodeDatagram(
    hex("22 24 1a 11 08 ea 07 10 80 10 18 80 20 20 80 30 28 c0 16 38 05 1a 0f 08 eb 07 10 ff 17 18 80 80 08 38 05 40 80 11"),
  );
  assert.equal(m.kind.case, "compactStates");
  const [a, b, ...rest] = statesOf(m);
  assert.equal(rest.length, 0);
  // The first is the CompactState example, as a lone datagram reads.
  assert.deepEqual(a, stateOf(decodeDatagram(hex("1a 11 08 ea 07 10 80 10 18 80 20 20 80 30 28 c0 16 38 05"))));
  assert.equal(b.entityId, 1003n);
  assert.deepEqual([b.position.x, b.position.y, b.position.z], [-1.5, 64, 0]);
  assert.equal(b.tick, 5n);
  assert.deepEqual(b.velocity, { x: 4.25, y: 0, z: 0 });
  // A lone state is a list of one; what is not a state, none.
  assert.equal(statesOf(decodeDatagram(hex("1a 11 08 ea 07 10 80 10 18 80 20 20 80 30 28 c0 16 38 05"))).length, 1);
  assert.deepEqual(statesOf({ kind: { case: "input", value: {} } }), []);
});

test("Hello round-trips through the server-side envelope decoder shape", () => {
  // The client's own decoder for ClientMessage is not part of the client,
  // so round-trip via the generated schema directly.
  const frame = clientFrame("hello", { protocolVersion: 2, name: "web_1", features: ["player-states"], viewDistance: 12, publicKey: VECTOR_KEY });
  return import("@bufbuild/protobuf").then(async ({ fromBinary }) => {
    const { ClientMessageSchema } = await import("../src/gen/strata_pb.js");
    const m = fromBinary(ClientMessageSchema, onlyPayload(frame));
    assert.equal(m.kind.case, "hello");
    assert.equal(m.kind.value.name, "web_1");
    assert.deepEqual(m.kind.value.features, ["player-states"]);
    assert.equal(m.kind.value.viewDistance, 12);
    assert.deepEqual(m.kind.value.publicKey, VECTOR_KEY);
  });
});

test("Input datagram round-trips", () => {
  const b = encodeDatagram("input", { inputTick: 7n, position: { x: 1.5, y: 70, z: -3.25 }, yaw: 45, flying: true });
  const m = decodeDatagram(b);
  assert.equal(m.kind.case, "input");
  assert.equal(m.kind.value.inputTick, 7n);
  assert.equal(m.kind.value.position.z, -3.25);
  assert.equal(m.kind.value.flying, true);
});

test("frame cap: refused on write, rejected on the prefix when reading", () => {
  assert.throws(() => encodeFrame(new Uint8Array(CONTROL_CAP + 1), CONTROL_CAP), (e) => e instanceof FrameError && e.code === "FRAME_TOO_LARGE");
  assert.equal(encodeFrame(new Uint8Array(CONTROL_CAP), CONTROL_CAP).length, CONTROL_CAP + 3);
  const d = new FrameDecoder(CONTROL_CAP);
  d.push(encodeVarint(CONTROL_CAP + 1)); // only the prefix: no payload needed to reject
  assert.throws(() => d.next(), (e) => e.code === "FRAME_TOO_LARGE");
  const ok = new FrameDecoder(CONTROL_CAP);
  ok.push(encodeVarint(CONTROL_CAP));
  assert.equal(ok.next(), null, "at the cap: waits for the payload");
});

test("frame prefix: padded accepted, over-long and overflowing rejected", () => {
  const d = new FrameDecoder(CONTROL_CAP);
  d.push(Uint8Array.of(0x83, 0x80, 0x00, 1, 2, 3)); // length 3, padded to 3 bytes
  assert.deepEqual([...d.next()], [1, 2, 3]);
  const long = new FrameDecoder(CONTROL_CAP);
  long.push(new Uint8Array(11).fill(0x80));
  assert.throws(() => long.next(), (e) => e.code === "MALFORMED");
  const over = new FrameDecoder(CONTROL_CAP);
  over.push(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02));
  assert.throws(() => over.next(), (e) => e.code === "MALFORMED");
});

test("frame decoder: many frames in one chunk, and one frame over many chunks", () => {
  const frames = [];
  for (let n = 0; n < 50; n++) frames.push(encodeFrame(Uint8Array.from({ length: n * 37 }, (_, i) => (i + n) & 255), CHUNK_CAP));
  const all = Buffer.concat(frames);
  for (const step of [1, 7, 300, all.length]) {
    const d = new FrameDecoder(CHUNK_CAP);
    const got = [];
    for (let i = 0; i < all.length; i += step) {
      d.push(all.subarray(i, i + step));
      for (let p; (p = d.next()); ) got.push(p);
    }
    assert.equal(got.length, 50, `step ${step}`);
    got.forEach((p, n) => assert.equal(p.length, n * 37));
  }
});

test("undecodable payloads are MALFORMED; empty ones are an envelope with no case", () => {
  assert.throws(() => decodeServer(Uint8Array.of(0x0a, 0x05, 0x01)), (e) => e.code === "MALFORMED");
  assert.equal(decodeServer(new Uint8Array(0)).kind.case, undefined);
  // A case from a later revision (field 99) is ignored, not an error.
  assert.equal(decodeChunk(Uint8Array.of(0x9a, 0x06, 0x00)).kind.case, undefined);
});

test("PluginMessage encodes and decodes as the spec's examples, both directions", async () => {
  const frame = clientFrame("plugin", { channel: "myplugin:thing", payload: Uint8Array.of(1, 2, 3) });
  assert.equal(toHex(frame), toHex(hex("17 | 4a 15 0a 0e 6d 79 70 6c 75 67 69 6e 3a 74 68 69 6e 67 12 03 01 02 03")));
  const { fromBinary } = await import("@bufbuild/protobuf");
  const { ClientMessageSchema } = await import("../src/gen/strata_pb.js");
  const back = fromBinary(ClientMessageSchema, onlyPayload(frame));
  assert.equal(back.kind.case, "plugin");
  assert.deepEqual([...back.kind.value.payload], [1, 2, 3]);

  const m = decodeServer(onlyPayload(hex("16 | 72 14 0a 0e 6d 79 70 6c 75 67 69 6e 3a 74 68 69 6e 67 12 02 6f 6b")));
  assert.equal(m.kind.case, "plugin");
  assert.equal(m.kind.value.channel, "myplugin:thing");
  assert.equal(new TextDecoder().decode(m.kind.value.payload), "ok");
});

test("UNKNOWN_CHANNEL Error and a VETOED ActionAck decode as the spec's examples", () => {
  let m = decodeServer(onlyPayload(hex("1e | 4a 1c 08 11 12 18 6e 6f 20 70 6c 75 67 69 6e 20 73 65 72 76 65 73 20 6f 74 68 65 72 3a 78")));
  assert.equal(m.kind.case, "error");
  assert.equal(errorName(m.kind.value.code), "UNKNOWN_CHANNEL");
  assert.equal(m.kind.value.fatal, false);
  assert.equal(m.kind.value.message, "no plugin serves other:x");
  m = decodeServer(onlyPayload(hex("1a | 1a 18 08 02 18 0c 2a 12 73 70 61 77 6e 20 69 73 20 70 72 6f 74 65 63 74 65 64")));
  assert.equal(m.kind.case, "actionAck");
  const ack = m.kind.value;
  assert.equal(ack.requestId, 2);
  assert.equal(ack.accepted, false);
  assert.equal(ack.reason, "spawn is protected");
  assert.equal(refusalText(ack), "spawn is protected (VETOED)");
});

test("refusalText: reason when given, the result's name otherwise", () => {
  assert.equal(refusalText({ result: 1, reason: "" }), "OUT_OF_REACH");
  assert.equal(refusalText({ result: 11 }), "DENIED");
  assert.equal(refusalText({ result: 12, reason: "" }), "VETOED by a plugin");
  assert.equal(refusalText({ result: 11, reason: "  no building at night " }), "no building at night (DENIED)");
  const long = refusalText({ result: 12, reason: "x".repeat(1000) });
  assert.ok(long.length < 200 && long.endsWith("… (VETOED)"), long);
});

test("validChannel: the server's channel name rule", () => {
  const ok = ["myplugin:thing", "a:b", "my_plugin-2.0:path/to/thing", "0:9", "ns:" + "n".repeat(MAX_CHANNEL_LENGTH - 3)];
  const bad = ["", "ns:" + "n".repeat(MAX_CHANNEL_LENGTH - 2), "thing", ":thing", "myplugin:", ":", "a:b:c", "MyPlugin:thing", "my plugin:thing", "myplugin:thing\n", "myplugin:th\u00efng", "myplugin:th\u0000ng", undefined, 7];
  for (const c of ok) assert.equal(validChannel(c), null, c);
  for (const c of bad) assert.equal(typeof validChannel(c), "string", JSON.stringify(c));
});

test("LOD frames decode as docs/protocol.md §5.6's worked examples, and broken ones are refused", async () => {
  const { FEATURE_LOD } = await import("../src/protocol.js");
  assert.ok(FEATURES.includes(FEATURE_LOD), "the client asks for the feature");
  const hex = (h) => Uint8Array.from(h.split(" "), (b) => parseInt(b, 16));
  const s = decodeChunk(hex("2a 11 0a 06 08 05 10 01 18 04 10 03 18 01 22 03 01 00 01"));
  assert.equal(s.kind.case, "lod");
  assert.deepEqual({ ...s.kind.value.pos }, { ...s.kind.value.pos, x: -3, y: -1, z: 2 });
  assert.equal(s.kind.value.level, 3);
  assert.equal(s.kind.value.revision, 1n);
  assert.deepEqual([...s.kind.value.data], [1, 0, 1]);
  const u = decodeChunk(hex("32 0a 08 02 12 06 0a 00 0b 0c 00 0b"));
  assert.equal(u.kind.case, "lodUnload");
  assert.equal(u.kind.value.level, 2);
  assert.deepEqual([...u.kind.value.coords], [5, 0, -6, 6, 0, -6]);
  // level 8, and a LODSection without pos; a LODUnload of 2 coords
  assert.throws(() => decodeChunk(hex("2a 0a 0a 06 08 05 10 01 18 04 10 08")), /INVALID_MESSAGE|outside/);
  assert.throws(() => decodeChunk(hex("2a 05 10 03 22 01 00")), /pos/);
  assert.throws(() => decodeChunk(hex("32 06 08 02 12 02 0a 00")), /multiple of 3/);
});
