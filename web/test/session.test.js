// The WebTransport session against an in-process fake of the browser's
// WebTransport API (WHATWG streams, as in browsers): the v2 handshake
// (Hello with the key, Challenge, a Proof that verifies, Welcome), the
// chunk stream, datagrams, Reject, closes and framing errors, exactly as
// docs/protocol.md §3 orders them. No network and no browser needed.
import { test } from "node:test";
import zlib from "node:zlib";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";

import { ChunkMessageSchema, ClientMessageSchema, DatagramSchema, ServerMessageSchema } from "../src/gen/strata_pb.js";
import { CONTROL_CAP, FrameDecoder, encodeFrame, encodeVarint } from "../src/frame.js";
import { Binding, ErrorCode, FEATURES, helloFeatures } from "../src/protocol.js";
import { loadIdentity, loginTranscript } from "../src/identity.js";
import { Session, SessionError, addPluginHandler, explainError } from "../src/session.js";

// pipe returns a readable the other side feeds through its controller.
function pipe() {
  let ctl;
  const readable = new ReadableStream({ start: (c) => (ctl = c) });
  return { readable, ctl };
}

// FakeWebTransport plays the browser's side; `server` is what the test
// drives: it reads client frames and writes server frames.
class FakeWebTransport {
  static last = null;
  constructor(url, opts) {
    this.url = url;
    this.opts = opts;
    FakeWebTransport.last = this;
    this.uni = pipe();
    this.bidi = pipe();
    this.incomingUnidirectionalStreams = this.uni.readable;
    this.incomingBidirectionalStreams = this.bidi.readable;
    this.dgIn = pipe();
    this.datagrams = { readable: this.dgIn.readable, writable: new WritableStream() };
    this.closed = new Promise((res) => (this.resolveClosed = res));
    this.ready = FakeWebTransport.refuse ? Promise.reject(new Error("Opening handshake failed.")) : Promise.resolve();
    this.ready.catch(() => {});
    this.clientFrames = new FrameDecoder(CONTROL_CAP);
    this.fromClient = [];
    this.toClient = pipe();
    this.closeInfo = null;
    this.waiters = [];
  }

  // client resolves once the client has sent n control messages: the
  // Proof comes after an asynchronous signature, so no fixed wait fits.
  client(n) {
    return new Promise((resolve) => {
      const done = () => this.fromClient.length >= n && (resolve(this.fromClient.slice()), true);
      if (!done()) this.waiters.push(done);
    });
  }

  async createBidirectionalStream() {
    const self = this;
    return {
      readable: this.toClient.readable,
      writable: new WritableStream({
        write(chunk) {
          self.writes = (self.writes ?? 0) + 1;
          self.clientFrames.push(chunk);
          for (let p; (p = self.clientFrames.next()); ) self.fromClient.push(fromBinary(ClientMessageSchema, p));
          self.waiters = self.waiters.filter((done) => !done());
        },
      }),
    };
  }

  close(info) {
    this.closeInfo = info;
    this.resolveClosed(info);
  }

  // --- the server side ---
  sendControl(kind, value) {
    this.toClient.ctl.enqueue(encodeFrame(toBinary(ServerMessageSchema, create(ServerMessageSchema, { kind: { case: kind, value } })), CONTROL_CAP));
  }
  openChunkStream() {
    const s = pipe();
    this.uni.ctl.enqueue(s.readable);
    return s.ctl;
  }
  serverClose(closeCode, reason) {
    this.resolveClosed({ closeCode, reason });
  }
}
globalThis.WebTransport = FakeWebTransport;
globalThis.window = { isSecureContext: true };

const HASH = new Uint8Array(32).fill(7);
const NONCE = Uint8Array.from({ length: 32 }, (_, i) => i * 3);
const tick = () => new Promise((r) => setTimeout(r, 5));
// until waits for cond, up to 2 s: node's inflater works off the event loop.
async function until(cond, ms = 2000) {
  for (const end = Date.now() + ms; !cond() && Date.now() < end; ) await tick();
}
// A key kept nowhere: the store is identity.test.js's business.
const ID = await loadIdentity({ indexedDB: null });

// verifyProof checks a Proof's signature the way the server does: the
// transcript bound to the pinned certificate hash, the Challenge's nonce,
// the Hello's name and key.
async function verifyProof(hello, proof, hash = HASH, nonce = NONCE) {
  const data = loginTranscript(Binding.SERVER_CERT, hash, nonce, hello.name, hello.publicKey);
  const key = await crypto.subtle.importKey("raw", hello.publicKey, { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, proof.signature, data);
}

// login connects s as name and plays the server's side of the handshake
// up to the Challenge; finish() then checks the Proof and sends the
// Welcome (or whatever the test wants instead).
async function login(s, name = "a", viewDistance = 1) {
  const connecting = s.connect({ name, viewDistance, identity: ID });
  connecting.catch(() => {}); // the test awaits it later, maybe to see it fail
  const wt = FakeWebTransport.last; // made synchronously by connect
  await wt.client(1);
  wt.sendControl("challenge", { nonce: NONCE, binding: Binding.SERVER_CERT });
  await Promise.race([wt.client(2), connecting.then(() => {}, () => {})]);
  return { connecting, wt };
}

// connected is login plus a verified Proof and a Welcome.
async function connected(s, welcome = { protocolVersion: 2 }) {
  const { connecting, wt } = await login(s);
  const [hello, proof] = wt.fromClient.map((m) => m.kind.value);
  assert.equal(await verifyProof(hello, proof), true, "the Proof verifies");
  wt.sendControl("welcome", welcome);
  await connecting;
  return wt;
}

function newSession(opts) {
  const got = { control: [], chunk: [], datagrams: [], closed: [] };
  const s = new Session(
    { url: "https://127.0.0.1:4433/wt", certHashes: [HASH] },
    {
      onServerMessage: (m) => got.control.push(m),
      onChunkMessage: (m) => got.chunk.push(m),
      onDatagram: (m) => got.datagrams.push(m),
      onClose: (e) => got.closed.push(e),
    },
    opts,
  );
  return { s, got };
}

test("handshake, chunk stream, datagrams, server close", async () => {
  const { s, got } = newSession();
  const connecting = s.connect({ name: "web_1", viewDistance: 6, identity: ID });
  await tick();
  const wt = FakeWebTransport.last;
  assert.deepEqual(wt.opts.serverCertificateHashes, [{ algorithm: "sha-256", value: HASH }]);
  assert.equal(wt.fromClient.length, 1, "Hello, and nothing before the answer");
  const hello = wt.fromClient[0].kind;
  assert.equal(hello.case, "hello");
  assert.equal(hello.value.protocolVersion, 2);
  assert.equal(hello.value.name, "web_1");
  assert.equal(hello.value.viewDistance, 6);
  assert.deepEqual(hello.value.features, ["player-states", "batched-drops", "column-lists", "entities", "compact-states", "state-batches", "predicted-states", "air-sections", "lod", "deflate-chunks"], "deflate-chunks: node has DecompressionStream");
  assert.deepEqual([...hello.value.publicKey], [...ID.publicKey], "the key's public half");
  assert.equal(hello.value.token.length, 0, "no token unless one is given");

  // Challenge → Proof: the transcript of this connection, signed.
  wt.sendControl("challenge", { nonce: NONCE, binding: Binding.SERVER_CERT });
  await wt.client(2);
  await tick();
  assert.equal(wt.fromClient.length, 2, "one Proof, and nothing else before the Welcome");
  const proof = wt.fromClient[1].kind;
  assert.equal(proof.case, "proof");
  assert.equal(proof.value.signature.length, 64);
  assert.equal(await verifyProof(hello.value, proof.value), true, "signed over SERVER_CERT, the pinned hash, the nonce, the name and the key");
  assert.equal(await verifyProof(hello.value, proof.value, HASH, new Uint8Array(32)), false, "bound to this nonce");
  assert.equal(await verifyProof(hello.value, proof.value, new Uint8Array(32).fill(8)), false, "bound to this certificate");

  wt.sendControl("welcome", { protocolVersion: 2, entityId: 42n, viewDistance: 6, sectionFormat: 1 });
  const welcome = await connecting;
  assert.equal(welcome.entityId, 42n);

  // The chunk stream, its bytes split across reads at odd places.
  const chunkCtl = wt.openChunkStream();
  const frame = (kind, value) => encodeFrame(toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: kind, value } })), 1 << 20);
  const bytes = new Uint8Array([...frame("chunk", { pos: { x: 1, y: 2, z: -3 }, revision: 4n, data: Uint8Array.of(1, 0, 1) }), ...frame("drop", { pos: { x: 1, y: 2, z: -3 } }), ...frame("drops", { coords: [1, 2, -3, -4, 5, 6] })]);
  chunkCtl.enqueue(bytes.subarray(0, 3));
  chunkCtl.enqueue(bytes.subarray(3, 17));
  chunkCtl.enqueue(bytes.subarray(17));
  wt.dgIn.ctl.enqueue(toBinary(DatagramSchema, create(DatagramSchema, { kind: { case: "playerState", value: { entityId: 7n, tick: 3n } } })));
  wt.dgIn.ctl.enqueue(Uint8Array.of(0xff, 0xff)); // undecodable: dropped, not fatal
  wt.sendControl("blockUpdate", { pos: { x: 1, y: 2, z: 3 }, block: 0, revision: 5n });
  await tick();
  assert.deepEqual(got.chunk.map((m) => m.kind.case), ["chunk", "drop", "drops"]);
  assert.deepEqual(got.chunk[2].kind.value.coords, [1, 2, -3, -4, 5, 6]);
  assert.deepEqual([...got.chunk[0].kind.value.data], [1, 0, 1]);
  // Not granted: the plain path, bytes read as frames.
  assert.equal(s.deflateChunks, false);
  assert.equal(s.stats.chunkWireBytes, bytes.length);
  assert.equal(s.stats.chunkBytes, bytes.length);
  assert.equal(s.stats.chunkFrames, 3);
  assert.equal(got.datagrams.length, 1);
  assert.equal(s.stats.badDatagrams, 1);
  assert.equal(got.control[0].kind.case, "blockUpdate");

  // Client sends go out framed, in order; sendAll writes several at once.
  await tick();
  const writes = wt.writes ?? 0;
  s.send("input", { inputTick: 1n, position: { x: 1, y: 2, z: 3 } });
  s.send("subscribe", { viewDistance: 9 });
  assert.equal(s.sendAll([["input", { inputTick: 2n }], ["input", { inputTick: 3n }], ["input", { inputTick: 4n }]]), true);
  assert.equal(s.sendAll([]), true);
  await tick();
  assert.deepEqual(wt.fromClient.slice(2).map((m) => m.kind.case), ["input", "subscribe", "input", "input", "input"]);
  assert.deepEqual(wt.fromClient.slice(4).map((m) => m.kind.value.inputTick), [2n, 3n, 4n]);
  assert.equal(wt.writes - writes, 3, "two sends and one sendAll");

  wt.serverClose(15, "server stopping");
  await tick();
  assert.equal(got.closed.length, 1);
  assert.equal(got.closed[0].code, "SHUTDOWN");
  assert.match(got.closed[0].message, /server stopping/);
});

test("Reject ends the handshake with the code and reason", async () => {
  const { s } = newSession();
  const connecting = s.connect({ name: "web_1", viewDistance: 6, identity: ID });
  await tick();
  FakeWebTransport.last.sendControl("reject", { code: 2, reason: "v3?", minVersion: 2, maxVersion: 2 });
  await assert.rejects(connecting, (e) => e.code === "UNSUPPORTED_VERSION" && /v3\?/.test(e.message) && e.retry === false);
  const full = newSession();
  const c2 = full.s.connect({ name: "web_1", viewDistance: 6, identity: ID });
  await tick();
  FakeWebTransport.last.sendControl("reject", { code: 5, reason: "full" });
  await assert.rejects(c2, (e) => e.code === "SERVER_FULL" && e.retry === true);
});

test("refusals after the Proof: final ones stop the page, with the server's reason", async () => {
  // The identity refusals come after the Proof: the server has checked
  // the signature, then its authenticator and bans decide.
  const cases = [
    { code: 18, name: "NAME_BOUND", reason: "the name web_1 is bound to another key", retry: false, hud: /^the name web_1 is bound to another key\. This browser's key is not that one \(was this site's data cleared/ },
    { code: 19, name: "AUTH_FAILED", reason: "token expired", retry: false, hud: /login refused: token expired/ },
    { code: 6, name: "FORBIDDEN", reason: "banned: griefing (for 12h)", retry: false, hud: /not allowed on this server: banned: griefing \(for 12h\)/ },
    { code: 4, name: "NAME_TAKEN", reason: "playing", retry: true, hud: /"web_1" is playing already/ },
  ];
  for (const c of cases) {
    const { s } = newSession();
    const { connecting, wt } = await login(s, "web_1");
    assert.equal(wt.fromClient[1]?.kind.case, "proof", c.name);
    wt.sendControl("reject", { code: c.code, reason: c.reason });
    const err = await connecting.then(() => assert.fail(`${c.name} accepted`), (e) => e);
    assert.ok(err instanceof SessionError);
    assert.equal(err.code, c.name);
    assert.equal(err.retry, c.retry, `${c.name} retry`);
    assert.equal(err.reason, c.reason);
    assert.match(err.message, new RegExp(`rejected: ${c.name}: `));
    assert.match(explainError(err, "web_1"), c.hud);
    if (c.name === "NAME_BOUND") assert.match(explainError({ ...err, reason: "" }, "web_1"), /^the name "web_1" belongs to another key on this server: pick another name, or ask an operator to release it\. This browser's key/);
    assert.equal(wt.closeInfo.closeCode, 0, "a refusal is not the client's fault");
  }
});

test("a close overtaking the Reject is reported as the rejection", async () => {
  const { s } = newSession();
  const connecting = s.connect({ name: "web_1", viewDistance: 6, identity: ID });
  await tick();
  FakeWebTransport.last.serverClose(4, "name taken");
  await assert.rejects(connecting, (e) => e.code === "NAME_TAKEN");
  // Likewise after the Proof.
  const b = newSession();
  const { connecting: c2, wt } = await login(b.s, "web_1");
  wt.serverClose(19, "bad signature");
  await assert.rejects(c2, (e) => e.code === "AUTH_FAILED" && e.retry === false && e.reason === "bad signature");
});

test("REPLACED (the player logged in from another tab) ends the session for good", async () => {
  const { s, got } = newSession();
  await connected(s);
  FakeWebTransport.last.serverClose(20, "logged in again elsewhere");
  await tick();
  assert.equal(got.closed.length, 1);
  assert.equal(got.closed[0].code, "REPLACED");
  assert.equal(got.closed[0].retry, false, "reconnecting would evict the other tab, which would come back, and so on");
  assert.match(explainError(got.closed[0], "a"), /logged in again elsewhere \(another tab or window\)/);
});

test("a Challenge the page cannot answer closes with the reason", async () => {
  // The TLS exporter: no browser API exposes it.
  const { s } = newSession();
  const connecting = s.connect({ name: "a", viewDistance: 1, identity: ID });
  await tick();
  const wt = FakeWebTransport.last;
  wt.sendControl("challenge", { nonce: NONCE, binding: Binding.TLS_EXPORTER });
  await assert.rejects(connecting, (e) => e.code === "PROTOCOL_VIOLATION" && /TLS_EXPORTER/.test(e.message) && e.retry === false);
  assert.equal(wt.closeInfo.closeCode, 10, "PROTOCOL_VIOLATION, so the server learns why");
  assert.equal(wt.fromClient.length, 1, "no Proof");

  // A short nonce.
  const b = newSession();
  const c2 = b.s.connect({ name: "a", viewDistance: 1, identity: ID });
  await tick();
  FakeWebTransport.last.sendControl("challenge", { nonce: new Uint8Array(8), binding: Binding.SERVER_CERT });
  await assert.rejects(c2, (e) => e.code === "INVALID_MESSAGE" && /nonce is 8 bytes/.test(e.message));

  // A Welcome without a Challenge: a version-1 server.
  const c = newSession();
  const c3 = c.s.connect({ name: "a", viewDistance: 1, identity: ID });
  await tick();
  FakeWebTransport.last.sendControl("welcome", { protocolVersion: 1 });
  await assert.rejects(c3, (e) => e.code === "PROTOCOL_VIOLATION" && /welcome, not challenge/.test(e.message));
});

test("a CA-issued certificate: nothing pinned, the login signs loginCertHash", async () => {
  const CA = new Uint8Array(32).fill(9);
  const got = [];
  const s = new Session({ url: "https://play.example.org/wt", certHashes: [], loginCertHash: CA }, { onServerMessage() {}, onChunkMessage() {}, onDatagram() {}, onClose: (e) => got.push(e) });
  const { connecting, wt } = await login(s);
  assert.equal(wt.opts.serverCertificateHashes, undefined, "the browser verifies the certificate itself");
  const [hello, proof] = wt.fromClient.map((m) => m.kind.value);
  assert.equal(await verifyProof(hello, proof, CA), true);
  wt.sendControl("welcome", { protocolVersion: 2 });
  await connecting;
  s.close();

  // Given with pinned hashes too, it names the one to sign.
  const both = new Session({ url: "https://127.0.0.1:4433/wt", certHashes: [HASH], loginCertHash: CA }, { onServerMessage() {}, onChunkMessage() {}, onDatagram() {}, onClose() {} });
  const b = await login(both);
  const [h2, p2] = b.wt.fromClient.map((m) => m.kind.value);
  assert.equal(await verifyProof(h2, p2, CA), true);
  both.close();

  // Without either, the page cannot bind its login and says so.
  const none = new Session({ url: "https://play.example.org/wt", certHashes: [] }, { onServerMessage() {}, onChunkMessage() {}, onDatagram() {}, onClose() {} });
  const { connecting: c2 } = await login(none);
  await assert.rejects(c2, (e) => /names no certificate hash/.test(e.message));
});

test("a token goes out in the Hello", async () => {
  const { s } = newSession();
  s.connect({ name: "a", viewDistance: 1, identity: ID, token: Uint8Array.of(1, 2, 3) }).catch(() => {});
  await tick();
  assert.deepEqual([...FakeWebTransport.last.fromClient[0].kind.value.token], [1, 2, 3]);
  s.close();
});

test("transport failure and oversized frames", async () => {
  FakeWebTransport.refuse = true;
  const { s } = newSession();
  await assert.rejects(s.connect({ name: "a", viewDistance: 1, identity: ID }), (e) => e.code === "TRANSPORT" && /127\.0\.0\.1:4433/.test(e.message));
  FakeWebTransport.refuse = false;

  const b = newSession();
  const wt = await connected(b.s);
  // A control frame whose prefix claims more than 64 KiB: the client closes
  // with FRAME_TOO_LARGE as soon as it reads the prefix.
  wt.toClient.ctl.enqueue(encodeVarint(CONTROL_CAP + 1));
  await tick();
  assert.equal(b.got.closed[0].code, "FRAME_TOO_LARGE");
  assert.equal(wt.closeInfo.closeCode, 8);
});

test("a Drops that is not whole x, y, z triples closes with INVALID_MESSAGE", async () => {
  const { s, got } = newSession();
  const wt = await connected(s, { protocolVersion: 2, features: ["batched-drops"] });
  const chunkCtl = wt.openChunkStream();
  chunkCtl.enqueue(encodeFrame(toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "drops", value: { coords: [1, 2, 3, 4] } } })), 1 << 20));
  await tick();
  assert.deepEqual(got.chunk, [], "nothing of it is applied");
  assert.equal(got.closed[0].code, "INVALID_MESSAGE");
  assert.equal(wt.closeInfo.closeCode, 11);
});

test("an AirSections that is not whole x, y, z triples closes with INVALID_MESSAGE", async () => {
  const { s, got } = newSession();
  const wt = await connected(s, { protocolVersion: 2, features: ["air-sections"] });
  const chunkCtl = wt.openChunkStream();
  const frame = (coords) => encodeFrame(toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: "air", value: { coords } } })), 1 << 20);
  chunkCtl.enqueue(new Uint8Array([...frame([1, 2, 3]), ...frame([1, 2, 3, 4])]));
  await tick();
  assert.deepEqual(got.chunk.map((m) => m.kind.value.coords), [[1, 2, 3]], "the whole one is, the broken one is not");
  assert.equal(got.closed[0].code, "INVALID_MESSAGE");
  assert.equal(wt.closeInfo.closeCode, 11);
});

test("a normal close by the client reports null", async () => {
  const { s, got } = newSession();
  await connected(s);
  s.close();
  assert.deepEqual(got.closed, [null]);
  assert.equal(FakeWebTransport.last.closeInfo.closeCode, 0);
  assert.equal(s.send("chat", { text: "late" }), false);
});

test("plugin channels: sendPlugin frames, onPlugin dispatch by channel", async () => {
  const { s, got } = newSession();
  const wt = await connected(s);

  // Sending: validated, framed as ClientMessage.plugin, in order with the rest.
  assert.throws(() => s.sendPlugin("Bad:Name", Uint8Array.of(1)), TypeError);
  assert.throws(() => s.sendPlugin("nocolon", Uint8Array.of(1)), TypeError);
  assert.equal(s.sendPlugin("myplugin:thing", Uint8Array.of(1, 2, 3)), true);
  assert.equal(s.sendPlugin("myplugin:text", "hé"), true);
  assert.equal(s.sendPlugin("myplugin:list", [9, 8]), true);
  await tick();
  const sent = wt.fromClient.slice(2); // after the Hello and the Proof
  assert.deepEqual(sent.map((m) => m.kind.case), ["plugin", "plugin", "plugin"]);
  assert.equal(sent[0].kind.value.channel, "myplugin:thing");
  assert.deepEqual([...sent[0].kind.value.payload], [1, 2, 3]);
  assert.deepEqual([...sent[1].kind.value.payload], [0x68, 0xc3, 0xa9]);
  assert.deepEqual([...sent[2].kind.value.payload], [9, 8]);
  assert.equal(s.stats.pluginOut, 3);

  // Receiving: each handler of the message's channel, in order; a handler
  // that throws does not stop the others or the session.
  const seen = [];
  assert.throws(() => s.onPlugin("NotValid", () => {}), TypeError);
  s.onPlugin("myplugin:thing", () => {
    throw new Error("handler bug");
  });
  s.onPlugin("myplugin:thing", (payload, channel) => seen.push(["a", channel, [...payload]]));
  const offB = s.onPlugin("myplugin:other", (payload, channel) => seen.push(["b", channel, [...payload]]));
  const warn = console.warn;
  console.warn = () => {};
  try {
    wt.sendControl("plugin", { channel: "myplugin:thing", payload: Uint8Array.of(4) });
    wt.sendControl("plugin", { channel: "myplugin:other", payload: Uint8Array.of(5) });
    wt.sendControl("plugin", { channel: "nobody:listens", payload: Uint8Array.of(6) });
    await tick();
    offB();
    wt.sendControl("plugin", { channel: "myplugin:other", payload: Uint8Array.of(7) });
    wt.sendControl("plugin", { channel: "myplugin:thing", payload: Uint8Array.of(8) });
    await tick();
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(seen, [
    ["a", "myplugin:thing", [4]],
    ["b", "myplugin:other", [5]],
    ["a", "myplugin:thing", [8]],
  ]);
  assert.equal(s.stats.pluginIn, 5);
  assert.equal(s.stats.pluginUnhandled, 2, "nobody:listens, and myplugin:other after its handler left");
  assert.equal(got.control.filter((m) => m.kind.case === "plugin").length, 5, "onServerMessage sees them too");
  assert.equal(got.closed.length, 0, "a throwing handler does not end the session");
  s.close();
  assert.equal(s.sendPlugin("myplugin:thing", Uint8Array.of(1)), false);
});

test("plugin handlers in a shared registry survive a new session", async () => {
  const plugins = new Map();
  const seen = [];
  const off = addPluginHandler(plugins, "myplugin:thing", (p) => seen.push(p[0]));
  for (const n of [1, 2]) {
    const { s } = newSession({ plugins });
    const wt = await connected(s);
    wt.sendControl("plugin", { channel: "myplugin:thing", payload: Uint8Array.of(n) });
    await tick();
    s.close();
  }
  assert.deepEqual(seen, [1, 2]);
  off();
  assert.equal(plugins.size, 0);
});

// --- deflate-chunks -------------------------------------------------------

const chunkFrame = (kind, value) => encodeFrame(toBinary(ChunkMessageSchema, create(ChunkMessageSchema, { kind: { case: kind, value } })), 1 << 20);

// sectionLike is a Chunk payload that compresses like section data: runs
// of a few values with some noise, different per section.
function sectionLike(i) {
  const data = new Uint8Array(300 + ((i * 37) % 200));
  let x = i * 2654435761;
  for (let j = 0; j < data.length; j++) {
    x = (x * 1103515245 + 12345) >>> 0;
    data[j] = j % 16 < 11 ? (i + (j >> 5)) & 7 : x >>> 24;
  }
  return data;
}

// deflateBatches compresses batches (arrays of frames) as the server
// does: one raw DEFLATE stream (node's zlib, one window for the whole
// stream), a sync flush after every batch, never finished. Returns the
// compressed bytes and the offset where each batch's flush ends.
async function deflateBatches(batches) {
  const d = zlib.createDeflateRaw({ level: 4 });
  const out = [];
  d.on("data", (c) => out.push(c));
  const ends = [];
  for (const b of batches) {
    for (const f of b) d.write(f);
    await new Promise((r) => d.flush(zlib.constants.Z_SYNC_FLUSH, r));
    ends.push(out.reduce((n, c) => n + c.length, 0));
  }
  d.close();
  const bytes = new Uint8Array(Buffer.concat(out));
  for (const e of ends) assert.deepEqual([...bytes.subarray(e - 4, e)], [0, 0, 0xff, 0xff], "every batch ends with a sync flush");
  return { bytes, ends };
}

// chunkBatches: three batches of Chunk frames, a Drop and a Drops; the
// third repeats sections of the first, so its back-references reach
// across flushes into the window.
function chunkBatches() {
  const chunk = (i) => chunkFrame("chunk", { pos: { x: i, y: -i, z: 2 * i }, revision: BigInt(i + 1), data: sectionLike(i) });
  return [
    Array.from({ length: 12 }, (_, i) => chunk(i)),
    [chunkFrame("drop", { pos: { x: 1, y: -1, z: 2 } }), ...Array.from({ length: 5 }, (_, i) => chunk(20 + i)), chunkFrame("drops", { coords: [1, 2, 3] })],
    [chunk(3), chunk(4), chunk(30)],
  ];
}

test("Hello asks for deflate-chunks only where the runtime can inflate", () => {
  assert.deepEqual(helloFeatures(true), [...FEATURES, "deflate-chunks"]);
  assert.deepEqual(helloFeatures(false), FEATURES);
  assert.ok(!FEATURES.includes("deflate-chunks"));
});

test("deflate-chunks: the stream is inflated as it arrives, split anywhere", async () => {
  const batches = chunkBatches();
  const { bytes, ends } = await deflateBatches(batches);
  const raw = batches.flat().reduce((n, f) => n + f.length, 0);
  // Cuts at awkward places: one byte at a time through the first block's
  // header, inside the first sync marker (00 00 | ff ff), one byte after
  // it, mid-block, and the second marker split 00 | 00 ff | ff.
  const cuts = [1, 2, 3, 7, ends[0] - 3, ends[0] - 1, ends[0] + 1, ends[0] + 50, ends[1] - 4, ends[1] - 3, ends[1] - 1, ends[1], ends[2]];
  for (const [a, b] of cuts.slice(0, -1).map((c, i) => [c, cuts[i + 1]])) assert.ok(a < b, "cuts in order");

  const { s, got } = newSession();
  const wt = await connected(s, { protocolVersion: 2, features: ["batched-drops", "deflate-chunks"] });
  assert.equal(s.deflateChunks, true);
  const chunkCtl = wt.openChunkStream();
  let at = 0;
  const feedTo = async (end) => {
    for (const c of cuts.filter((c) => c > at && c <= end)) {
      chunkCtl.enqueue(bytes.slice(at, c));
      at = c;
      await tick();
    }
  };
  // Each batch is whole as soon as its flush is in: nothing waits for a
  // block or the stream to end.
  const want = batches.map((_, k) => batches.slice(0, k + 1).flat().length);
  for (let k = 0; k < batches.length; k++) {
    await feedTo(ends[k]);
    await until(() => got.chunk.length >= want[k]);
    assert.equal(got.chunk.length, want[k], `batch ${k} delivered at its flush`);
  }
  assert.deepEqual(got.chunk.map((m) => m.kind.case).slice(12, 19), ["drop", "chunk", "chunk", "chunk", "chunk", "chunk", "drops"]);
  const c30 = got.chunk.at(-1).kind.value;
  assert.deepEqual(c30.pos, create(ChunkMessageSchema, { kind: { case: "chunk", value: { pos: { x: 30, y: -30, z: 60 } } } }).kind.value.pos);
  assert.deepEqual([...c30.data], [...sectionLike(30)], "section data survives the round trip");
  assert.deepEqual([...got.chunk[13].kind.value.data], [...sectionLike(20)]);
  assert.equal(s.stats.chunkWireBytes, bytes.length, "wire bytes: compressed");
  assert.equal(s.stats.chunkBytes, raw, "stream bytes: the frames, inflated");
  assert.equal(s.stats.chunkFrames, batches.flat().length);
  assert.ok(raw / bytes.length > 1.5, `compressed ${raw} → ${bytes.length}`);
  assert.deepEqual(got.closed, [], "the stream never ends; the session stays open");
  s.close();
});

test("deflate-chunks: one byte at a time", async () => {
  const batches = chunkBatches().slice(0, 2);
  const { bytes } = await deflateBatches(batches);
  const { s, got } = newSession();
  const wt = await connected(s, { protocolVersion: 2, features: ["deflate-chunks"] });
  const chunkCtl = wt.openChunkStream();
  for (let i = 0; i < bytes.length; i++) chunkCtl.enqueue(bytes.slice(i, i + 1));
  await until(() => got.chunk.length === batches.flat().length);
  assert.equal(got.chunk.length, batches.flat().length);
  assert.equal(s.stats.chunkWireBytes, bytes.length);
  s.close();
});

test("deflate-chunks: a stream that does not decompress closes with MALFORMED", async () => {
  const batches = chunkBatches();
  const { bytes, ends } = await deflateBatches(batches.slice(0, 1));
  const { s, got } = newSession();
  const wt = await connected(s, { protocolVersion: 2, features: ["deflate-chunks"] });
  const chunkCtl = wt.openChunkStream();
  chunkCtl.enqueue(bytes.slice(0, ends[0]));
  await until(() => got.chunk.length === batches[0].length);
  assert.equal(got.chunk.length, batches[0].length, "the good batch before the damage is delivered");
  // A block with the reserved type 11: not DEFLATE.
  chunkCtl.enqueue(Uint8Array.of(0x07, 0xff, 0xff, 0xff));
  await until(() => got.closed.length > 0);
  assert.equal(got.closed.length, 1);
  assert.equal(got.closed[0].code, "MALFORMED");
  assert.match(got.closed[0].message, /^deflate-chunks: the chunk stream does not decompress: /);
  assert.equal(wt.closeInfo.closeCode, ErrorCode.MALFORMED, "the server learns why");
  assert.equal(got.chunk.length, batches[0].length, "nothing after it");

  // gzip (RFC 1952: a header, 1f 8b…) is not raw DEFLATE: its first byte
  // reads as a block of the reserved type.
  const b = newSession();
  const wt2 = await connected(b.s, { protocolVersion: 2, features: ["deflate-chunks"] });
  wt2.openChunkStream().enqueue(new Uint8Array(zlib.gzipSync(chunkFrame("drop", { pos: { x: 1, y: 2, z: 3 } }))));
  await until(() => b.got.closed.length > 0);
  assert.equal(b.got.closed[0]?.code, "MALFORMED");
  assert.deepEqual(b.got.chunk, []);
});

test("deflate-chunks: the stream ending inside its DEFLATE data is MALFORMED; a reset is not", async () => {
  const { bytes, ends } = await deflateBatches(chunkBatches().slice(0, 1));
  const { s, got } = newSession();
  const wt = await connected(s, { protocolVersion: 2, features: ["deflate-chunks"] });
  const chunkCtl = wt.openChunkStream();
  chunkCtl.enqueue(bytes.slice(0, ends[0] - 10)); // mid-block
  chunkCtl.close();
  await until(() => got.closed.length > 0);
  assert.equal(got.closed[0]?.code, "MALFORMED");
  assert.match(got.closed[0].message, /ended inside its DEFLATE data/);
  assert.equal(wt.closeInfo.closeCode, ErrorCode.MALFORMED);

  // The stream failing under the inflater (a reset by the server) says so.
  const b = newSession();
  const wt2 = await connected(b.s, { protocolVersion: 2, features: ["deflate-chunks"] });
  const ctl2 = wt2.openChunkStream();
  ctl2.enqueue(bytes.slice(0, 5));
  const reset = Object.assign(new Error("stream reset"), { name: "WebTransportError", streamErrorCode: 15 });
  ctl2.error(reset);
  await until(() => b.got.closed.length > 0);
  assert.equal(b.got.closed[0]?.code, "SHUTDOWN", "the reset's code, not MALFORMED");
  assert.equal(wt2.closeInfo, null, "the page does not blame the server's bytes");
});

test("with lod granted a second server stream, the LOD stream, is read like the chunk stream; a third is refused", async () => {
  const cases = [
    { name: "lod granted", features: ["lod"], read: ["drop", "lod"] },
    { name: "lod not granted", features: [], read: ["drop"] },
  ];
  for (const c of cases) {
    const { s, got } = newSession();
    const wt = await connected(s, { protocolVersion: 2, features: c.features });
    const chunks = wt.openChunkStream();
    const lods = wt.openChunkStream();
    const third = wt.openChunkStream();
    // The LOD stream's frame first: the streams come in no set order.
    lods.enqueue(chunkFrame("lod", { pos: { x: 1, y: 0, z: -2 }, level: 3, revision: 1, data: new Uint8Array([0]) }));
    chunks.enqueue(chunkFrame("drop", { pos: { x: 1, y: 2, z: 3 } }));
    third.enqueue(chunkFrame("drop", { pos: { x: 9, y: 9, z: 9 } }));
    await tick();
    assert.deepEqual(got.chunk.map((m) => m.kind.case).sort(), c.read.slice().sort(), c.name);
    assert.deepEqual(got.closed, [], `${c.name}: the session stays open`);
    s.close();
  }
});
