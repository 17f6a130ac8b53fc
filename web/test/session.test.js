// The WebTransport session against an in-process fake of the browser's
// WebTransport API (WHATWG streams, as in browsers): the v2 handshake
// (Hello with the key, Challenge, a Proof that verifies, Welcome), the
// chunk stream, datagrams, Reject, closes and framing errors, exactly as
// docs/protocol.md §3 orders them. No network and no browser needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";

import { ChunkMessageSchema, ClientMessageSchema, DatagramSchema, ServerMessageSchema } from "../src/gen/strata_pb.js";
import { CONTROL_CAP, FrameDecoder, encodeFrame, encodeVarint } from "../src/frame.js";
import { Binding } from "../src/protocol.js";
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
  assert.deepEqual(hello.value.features, ["player-states", "batched-drops", "entities"]);
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
