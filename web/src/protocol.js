// Message encoding for the Strata wire protocol (docs/protocol.md): thin
// helpers over the code protoc-gen-es generated from net/protocol/strata.proto
// (src/gen/strata_pb.js), so the rest of the client never touches schemas.
//
// Envelopes are chosen by stream, never sniffed: ClientMessage/ServerMessage
// on the control stream, ChunkMessage on the chunk stream, Datagram in
// datagrams. uint64 fields (entity ids, ticks, revisions) are BigInts.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  ActionResult,
  Binding,
  ChunkMessageSchema,
  ClientMessageSchema,
  DatagramSchema,
  ErrorCode,
  ServerMessageSchema,
} from "./gen/strata_pb.js";
import { CONTROL_CAP, DATAGRAM_CAP, encodeFrame, FrameError } from "./frame.js";

/** The protocol version this client speaks (Hello.protocol_version). */
export const PROTOCOL_VERSION = 2;
/** The only section encoding this client decodes (Welcome.section_format). */
export const SECTION_FORMAT = 1;
/** Feature batched-drops: the server may send Drops, many sections in one frame. */
export const FEATURE_BATCHED_DROPS = "batched-drops";
/**
 * Feature entities: EntitySpawns and EntityDespawns of every replicated
 * entity in view, with PlayerStates only for those (src/entities.js).
 */
export const FEATURE_ENTITIES = "entities";
/**
 * Feature deflate-chunks: the chunk stream's bytes are one raw DEFLATE
 * stream (RFC 1951), sync-flushed after every batch (docs/protocol.md
 * §5.6); the session inflates it with DecompressionStream("deflate-raw").
 */
export const FEATURE_DEFLATE_CHUNKS = "deflate-chunks";
/**
 * Feature air-sections: the server may send AirSections, many sections of
 * uniform air at revision 0 in one frame, each meaning what a Chunk of it
 * would (most of a view above the ground is such sections).
 */
export const FEATURE_AIR_SECTIONS = "air-sections";
/**
 * Feature column-lists, beside batched-drops and air-sections: a Drops or
 * an AirSections may give its sections by column, a word of bits for a
 * column's Ys (dropPositions, airPositions).
 */
export const FEATURE_COLUMN_LISTS = "column-lists";
/**
 * Feature compact-states, beside entities: the server sends a CompactState
 * (fixed point, about 35 bytes) wherever it would send a PlayerState
 * datagram (about 60); stateOf reads either.
 */
export const FEATURE_COMPACT_STATES = "compact-states";
/**
 * Feature state-batches, beside entities and compact-states: the server
 * puts a tick's CompactStates in one datagram (Datagram.compact_states),
 * or as few as fit, instead of a datagram each; statesOf reads them all.
 */
export const FEATURE_STATE_BATCHES = "state-batches";
/**
 * Feature predicted-states, beside entities: the page extrapolates each
 * entity from its last state (position + velocity · time since the
 * state's tick, src/entities.js), and the server sends a state only when
 * that would stray more than 0.05 block, turn more than 0.5°, or at least
 * once a second (docs/protocol.md §9.9).
 */
export const FEATURE_PREDICTED_STATES = "predicted-states";
/**
 * Feature lod: the server sends the level-of-detail pyramid beyond the
 * subscription (LODSection, LODUnload on the chunk stream; docs/protocol.md
 * §5.6 "Levels of detail"), out to Subscribe.lod_levels levels.
 */
export const FEATURE_LOD = "lod";
/** The LOD levels a LODSection or LODUnload may name (level 0 is the Chunk). */
export const MAX_LOD_LEVEL = 7;
/** A CompactState's units a block, a degree and a block per second. */
export const COMPACT_POSITION_SCALE = 1024;
export const COMPACT_ANGLE_SCALE = 16;
export const COMPACT_VELOCITY_SCALE = 256;
/**
 * Features requested in Hello; the server grants a subset. "player-states"
 * stays: a server without "entities" still sends nearby players with it.
 * "deflate-chunks" is added by helloFeatures() where the browser can
 * inflate it.
 */
export const FEATURES = [
  "player-states",
  FEATURE_BATCHED_DROPS,
  FEATURE_COLUMN_LISTS,
  FEATURE_ENTITIES,
  FEATURE_COMPACT_STATES,
  FEATURE_STATE_BATCHES,
  FEATURE_PREDICTED_STATES,
  FEATURE_AIR_SECTIONS,
  FEATURE_LOD,
];

/**
 * canInflateRaw tells whether this JavaScript runtime has a
 * DecompressionStream that takes "deflate-raw" (Chromium 103+, Firefox
 * 113+, Safari 16.4+, Node 18+).
 */
export function canInflateRaw() {
  if (typeof DecompressionStream !== "function") return false;
  try {
    new DecompressionStream("deflate-raw");
    return true;
  } catch {
    return false;
  }
}

/**
 * helloFeatures is Hello.features: FEATURES, and deflate-chunks when the
 * runtime can inflate it (canInflate, canInflateRaw() by default).
 */
export function helloFeatures(canInflate = canInflateRaw()) {
  return canInflate ? [...FEATURES, FEATURE_DEFLATE_CHUNKS] : [...FEATURES];
}
/** Longest plugin channel name, in bytes (docs/protocol.md §5.8). */
export const MAX_CHANNEL_LENGTH = 64;
/** The server's default cap on a PluginMessage payload, in bytes (its MaxPluginPayload). */
export const MAX_PLUGIN_PAYLOAD = 16384;

const CHANNEL_RE = /^[a-z0-9_.\/-]+:[a-z0-9_.\/-]+$/;

/**
 * validChannel checks a plugin channel name: "namespace:name", exactly one
 * ':' between a non-empty namespace and name, both of a-z 0-9 _ - . /, at
 * most MAX_CHANNEL_LENGTH bytes — the rule of the server's ValidChannel.
 * @returns {string|null} why the name is not acceptable, or null
 */
export function validChannel(name) {
  if (typeof name !== "string" || name === "") return "channel is empty";
  if (name.length > MAX_CHANNEL_LENGTH) return `channel is ${name.length} bytes, the limit is ${MAX_CHANNEL_LENGTH}`;
  if (!CHANNEL_RE.test(name)) return `channel ${JSON.stringify(name)} is not namespace:name of a-z 0-9 _ - . /`;
  return null;
}

// Unknown fields are dropped like the Go decoder's DiscardUnknown: a newer
// server's additions are ignored rather than kept.
const readOpts = { readUnknownFields: false };

/**
 * clientFrame encodes one control-stream message as a frame.
 * @param {string} kind oneof case of ClientMessage ("hello", "input", ...)
 * @param {object} value its fields (camelCase), nested messages as plain objects
 */
export function clientFrame(kind, value) {
  const msg = create(ClientMessageSchema, { kind: { case: kind, value } });
  return encodeFrame(toBinary(ClientMessageSchema, msg), CONTROL_CAP);
}

/** decodeServer decodes a control-stream payload; kind.case is undefined for unknown cases. */
export function decodeServer(payload) {
  return malformedOnThrow("server control message", () => fromBinary(ServerMessageSchema, payload, readOpts));
}

// The chunk-stream messages that list sections as packed x, y, z triples
// and by column (docs/protocol.md §5.6), by oneof case, with their names
// for errors.
const PACKED = { drops: "Drops", air: "AirSections" };

/**
 * decodeChunk decodes a chunk-stream payload. A Drops or AirSections whose
 * coords are not whole x, y, z triples, or whose columns are not x, z
 * pairs with a mask each, breaks the protocol: FrameError
 * INVALID_MESSAGE.
 */
export function decodeChunk(payload) {
  const m = malformedOnThrow("chunk stream message", () => fromBinary(ChunkMessageSchema, payload, readOpts));
  const what = PACKED[m.kind.case];
  if (what) {
    checkTriples(what, m.kind.value);
    checkColumns(what, m.kind.value);
  }
  if (m.kind.case === "lod") {
    const v = m.kind.value;
    checkLevel("LODSection", v.level);
    if (!v.pos) throw new FrameError("INVALID_MESSAGE", "LODSection without pos");
  } else if (m.kind.case === "lodUnload") {
    checkLevel("LODUnload", m.kind.value.level);
    checkTriples("LODUnload", m.kind.value);
  }
  return m;
}

function checkLevel(what, level) {
  if (!(level >= 1 && level <= MAX_LOD_LEVEL)) {
    throw new FrameError("INVALID_MESSAGE", `${what} level ${level} is outside 1..${MAX_LOD_LEVEL}`);
  }
}

/**
 * dropPositions lists the sections a Drops (feature batched-drops) forgets,
 * in the server's order, as {x, y, z}: its coords are packed x, y, z
 * triples, then (feature column-lists) its columns give, for each column,
 * x and z less the previous column's and a mask whose bit i is the
 * section at y = baseY + i, from the bottom up (docs/protocol.md §5.6).
 * Throws FrameError INVALID_MESSAGE if the coords are not whole triples or
 * the columns not x, z pairs with a mask each.
 */
export function dropPositions(drops) {
  return positions(PACKED.drops, drops);
}

/**
 * airPositions lists the sections an AirSections (feature air-sections)
 * gives as uniform air at revision 0, in the server's order, as {x, y, z}.
 * Its coords and columns are packed as a Drops' are; the same FrameError
 * if they break the protocol.
 */
export function airPositions(air) {
  return positions(PACKED.air, air);
}

function positions(what, msg) {
  checkTriples(what, msg);
  checkColumns(what, msg);
  const c = msg.coords ?? [];
  const out = new Array(c.length / 3);
  for (let i = 0; i < out.length; i++) out[i] = { x: c[3 * i], y: c[3 * i + 1], z: c[3 * i + 2] };
  const cols = msg.columns ?? [];
  const masks = msg.masks ?? [];
  const base = msg.baseY ?? 0;
  let x = 0;
  let z = 0;
  for (let i = 0; i < masks.length; i++) {
    x = (x + cols[2 * i]) | 0;
    z = (z + cols[2 * i + 1]) | 0;
    for (let m = masks[i] >>> 0, y = base; m !== 0; m >>>= 1, y++) {
      if (m & 1) out.push({ x, y, z });
    }
  }
  return out;
}

function checkColumns(what, msg) {
  const c = msg.columns?.length ?? 0;
  const m = msg.masks?.length ?? 0;
  if (c % 2 !== 0 || m !== c / 2) {
    throw new FrameError("INVALID_MESSAGE", `${what} has ${c} column coords and ${m} masks, not x, z pairs with a mask each`);
  }
  if (m > 0 && (msg.baseY ?? 0) > 2147483647 - 31) {
    throw new FrameError("INVALID_MESSAGE", `${what} base_y ${msg.baseY} puts sections past the largest y`);
  }
}

function checkTriples(what, msg) {
  const n = msg.coords?.length ?? 0;
  if (n % 3 !== 0) throw new FrameError("INVALID_MESSAGE", `${what} has ${n} coords, not a multiple of 3 (x, y, z triples)`);
}

/** decodeDatagram decodes one datagram (no length prefix). */
export function decodeDatagram(payload) {
  if (payload.length > DATAGRAM_CAP) {
    throw new FrameError("FRAME_TOO_LARGE", `datagram of ${payload.length} bytes exceeds ${DATAGRAM_CAP}`);
  }
  return malformedOnThrow("datagram", () => fromBinary(DatagramSchema, payload, readOpts));
}

/**
 * stateOf returns the PlayerState a datagram carries: a PlayerState as it
 * came, a CompactState (feature compact-states) divided back by its scales
 * into the fields of one; null for any other datagram.
 */
export function stateOf(datagram) {
  switch (datagram.kind.case) {
    case "playerState":
      return datagram.kind.value;
    case "compactState":
      return fromCompact(datagram.kind.value);
  }
  return null;
}

/**
 * statesOf returns the PlayerStates a datagram carries, as stateOf reads
 * them: each of a CompactStates batch (feature state-batches), or the one
 * of any other state datagram; none for a datagram of another kind.
 */
export function statesOf(datagram) {
  if (datagram.kind.case === "compactStates") return datagram.kind.value.states.map(fromCompact);
  const s = stateOf(datagram);
  return s ? [s] : [];
}

/** fromCompact divides a CompactState back by its scales into a PlayerState's fields. */
function fromCompact(c) {
  const at = (v) => Number(v) / COMPACT_POSITION_SCALE;
  return {
    entityId: c.entityId,
    position: { x: at(c.x), y: at(c.y), z: at(c.z) },
    yaw: c.yaw / COMPACT_ANGLE_SCALE,
    pitch: c.pitch / COMPACT_ANGLE_SCALE,
    tick: c.tick,
    velocity: { x: c.vx / COMPACT_VELOCITY_SCALE, y: c.vy / COMPACT_VELOCITY_SCALE, z: c.vz / COMPACT_VELOCITY_SCALE },
  };
}

/** encodeDatagram encodes a Datagram envelope (no prefix). */
export function encodeDatagram(kind, value) {
  return toBinary(DatagramSchema, create(DatagramSchema, { kind: { case: kind, value } }));
}

function malformedOnThrow(what, fn) {
  try {
    return fn();
  } catch (err) {
    throw new FrameError("MALFORMED", `${what}: ${err.message}`);
  }
}

/** errorName names an ErrorCode (also a WebTransport close code); unknown ones read as INTERNAL, per spec. */
export function errorName(code) {
  return ErrorCode[code] ?? `INTERNAL (${code})`;
}

/** actionResultName names an ActionResult. */
export function actionResultName(code) {
  return ActionResult[code] ?? `UNKNOWN (${code})`;
}

/** Longest refusal reason shown, in characters: it is the server's text. */
const MAX_REASON_SHOWN = 160;

/**
 * refusalText describes a refused ActionAck for the player: the server's
 * reason when it gave one (a gameplay rule or a plugin's veto), with the
 * result's name, else the name alone.
 */
export function refusalText(ack) {
  const name = actionResultName(ack.result);
  let reason = (ack.reason ?? "").trim();
  if (reason.length > MAX_REASON_SHOWN) reason = `${reason.slice(0, MAX_REASON_SHOWN - 1)}…`;
  if (reason) return `${reason} (${name})`;
  return ack.result === ActionResult.VETOED ? `${name} by a plugin` : name;
}

export { ErrorCode, ActionResult, Binding };
