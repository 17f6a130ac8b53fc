// The login key and transcript (src/identity.js): the transcript byte for
// byte against the Go implementation's vector (testdata/identity/
// login_vector.json, written by net/protocol's tests) and the spec's
// layout, the vector's signature verified with WebCrypto, and the key
// store over a stand-in for IndexedDB (the real one is exercised by
// server/browser_test.go in Chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { Binding } from "../src/protocol.js";
import { IdentityError, LOGIN_CONTEXT, forgetIdentity, loadIdentity, loginTranscript, toHex } from "../src/identity.js";

const fromHex = (s) => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
const subtle = globalThis.crypto.subtle;

// verify checks an Ed25519 signature by a raw public key with WebCrypto,
// as a browser would.
async function verify(pub, sig, data) {
  const key = await subtle.importKey("raw", pub, { name: "Ed25519" }, false, ["verify"]);
  return subtle.verify({ name: "Ed25519" }, key, sig, data);
}

function readVector() {
  const url = new URL("../../testdata/identity/login_vector.json", import.meta.url);
  return JSON.parse(readFileSync(url, "utf8"));
}

test("transcript of the shared login vector, and its signature verifies", async () => {
  const v = readVector();
  assert.equal(v.binding, Binding.SERVER_CERT, "the vector is a browser's login");
  const pub = fromHex(v.public_key_hex);
  const got = loginTranscript(v.binding, fromHex(v.binding_value_hex), fromHex(v.nonce_hex), v.name, pub);
  assert.equal(toHex(got), v.transcript_hex);
  assert.equal(await verify(pub, fromHex(v.signature_hex), got), true, "the Go signature verifies in WebCrypto");
  // One byte off anywhere and it does not.
  const other = loginTranscript(v.binding, fromHex(v.binding_value_hex), fromHex(v.nonce_hex), v.name + "x", pub);
  assert.equal(await verify(pub, fromHex(v.signature_hex), other), false);

  // Ed25519 signatures are deterministic: WebCrypto signing with the
  // vector's key (its seed, as PKCS#8) gives Go's bytes exactly.
  const pkcs8 = new Uint8Array([...fromHex("302e020100300506032b657004220420"), ...fromHex(v.seed_hex)]);
  const priv = await subtle.importKey("pkcs8", pkcs8, { name: "Ed25519" }, false, ["sign"]);
  assert.equal(toHex(new Uint8Array(await subtle.sign({ name: "Ed25519" }, priv, got))), v.signature_hex);
});

test("transcript layout: context, binding, length-prefixed value, nonce and name, then the key", () => {
  const value = Uint8Array.from({ length: 32 }, (_, i) => i);
  const nonce = Uint8Array.from({ length: 32 }, (_, i) => 0xa0 + i);
  const pub = new Uint8Array(32).fill(0x55);
  const got = loginTranscript(Binding.SERVER_CERT, value, nonce, "alice", pub);
  const want = [
    ...new TextEncoder().encode("strata-login-v2"), 0,
    2,
    32, ...value,
    32, ...nonce,
    5, ...new TextEncoder().encode("alice"),
    ...pub,
  ];
  assert.deepEqual([...got], want);
  assert.equal(LOGIN_CONTEXT.length, 16);
  // Lengths are bytes of UTF-8, and each field is bounded by its prefix.
  assert.equal(loginTranscript(1, new Uint8Array(0), new Uint8Array(0), "é", pub).length, 16 + 1 + 1 + 1 + 1 + 2 + 32);
  assert.throws(() => loginTranscript(2, new Uint8Array(256), nonce, "a", pub), RangeError);
  assert.throws(() => loginTranscript(2, value, nonce, "a", new Uint8Array(31)), RangeError);
  assert.throws(() => loginTranscript(256, value, nonce, "a", pub), RangeError);
});

// ---- the key store -------------------------------------------------------

// FakeIndexedDB is the part of IndexedDB identity.js uses: open with an
// upgrade, one-store transactions that run one after another (as
// readwrite transactions on one store do), get/put/delete, values stored
// by structured clone. Callbacks fire asynchronously, as in browsers.
class FakeIndexedDB {
  constructor() {
    this.dbs = new Map();
    this.chain = Promise.resolve();
    this.opens = 0;
  }
  open(name, version) {
    this.opens++;
    const req = {};
    setTimeout(() => {
      let db = this.dbs.get(name);
      if (!db) this.dbs.set(name, (db = { version: 0, stores: new Map() }));
      req.result = new FakeDB(this, db);
      if (db.version < version) {
        db.version = version;
        req.onupgradeneeded?.();
      }
      req.onsuccess?.();
    }, 0);
    return req;
  }
}

class FakeDB {
  constructor(factory, db) {
    this.factory = factory;
    this.db = db;
    this.objectStoreNames = { contains: (n) => db.stores.has(n) };
  }
  createObjectStore(n) {
    this.db.stores.set(n, new Map());
  }
  close() {}
  transaction(name, _mode) {
    const data = this.db.stores.get(name);
    if (!data) throw new Error(`NotFoundError: no store ${name}`);
    const tx = {};
    let pending = 0;
    let release;
    const prev = this.factory.chain;
    this.factory.chain = new Promise((r) => (release = r));
    const maybeDone = () =>
      setTimeout(() => {
        if (pending === 0) {
          tx.oncomplete?.();
          release();
        }
      }, 0);
    const request = (fn) => {
      const req = {};
      pending++;
      prev.then(() =>
        setTimeout(() => {
          req.result = fn();
          pending--;
          req.onsuccess?.();
          maybeDone();
        }, 0),
      );
      return req;
    };
    const store = {
      get: (k) => request(() => (data.has(k) ? structuredClone(data.get(k)) : undefined)),
      put: (v, k) => request(() => void data.set(k, structuredClone(v))),
      delete: (k) => request(() => void data.delete(k)),
    };
    tx.objectStore = () => store;
    prev.then(() => setTimeout(() => pending === 0 && maybeDone(), 0));
    return tx;
  }
}

test("key store: made once, the same key on every later load and in concurrent tabs", async () => {
  const idb = new FakeIndexedDB();
  const first = await loadIdentity({ indexedDB: idb });
  assert.equal(first.stored, true);
  assert.equal(first.publicKey.length, 32);
  assert.equal(first.privateKey.extractable, false, "the private key can sign, never be read");
  const again = await loadIdentity({ indexedDB: idb });
  assert.equal(again.publicHex, first.publicHex, "a reload finds the same key");

  // Its signatures are the key's: a login transcript signed by it verifies
  // with the public key the Hello carries.
  const data = loginTranscript(Binding.SERVER_CERT, new Uint8Array(32), new Uint8Array(32).fill(1), "web_1", again.publicKey);
  const sig = await again.sign(data);
  assert.equal(sig.length, 64);
  assert.equal(await verify(first.publicKey, sig, data), true);

  // Tabs opening at once on a fresh profile agree on one key.
  const fresh = new FakeIndexedDB();
  const tabs = await Promise.all([1, 2, 3].map(() => loadIdentity({ indexedDB: fresh })));
  assert.deepEqual(new Set(tabs.map((t) => t.publicHex)).size, 1, "one key for every tab");

  // Forgetting it (clearing the site's data does the same) makes a new one.
  await forgetIdentity({ indexedDB: idb });
  const next = await loadIdentity({ indexedDB: idb });
  assert.notEqual(next.publicHex, first.publicHex);
});

test("key store: a damaged record is replaced, storage failures give a throwaway key", async () => {
  const idb = new FakeIndexedDB();
  await loadIdentity({ indexedDB: idb });
  idb.dbs.get("strata").stores.get("identity").set("login-key", { privateKey: "garbage", publicKey: new Uint8Array(3) });
  const replaced = await loadIdentity({ indexedDB: idb });
  assert.equal(replaced.stored, true);
  assert.equal(await loadIdentity({ indexedDB: idb }).then((i) => i.publicHex), replaced.publicHex);

  const none = await loadIdentity({ indexedDB: null });
  assert.equal(none.stored, false);
  assert.match(none.why, /IndexedDB is not available/);
  const broken = { open: () => { throw new Error("SecurityError: storage disabled"); } };
  const b = await loadIdentity({ indexedDB: broken });
  assert.equal(b.stored, false);
  assert.match(b.why, /storage disabled/);
  assert.equal((await b.sign(new Uint8Array(1))).length, 64, "a throwaway key still signs");
});

test("no Ed25519 in WebCrypto: a clear IdentityError", async () => {
  const noEd = { generateKey: async () => { throw new Error("NotSupportedError: Unrecognized name"); } };
  await assert.rejects(loadIdentity({ indexedDB: null, subtle: noEd }), (e) => e instanceof IdentityError && /Ed25519/.test(e.message));
});
