// The player's identity: an Ed25519 key pair made by WebCrypto and kept in
// this origin's IndexedDB, and the login transcript it signs in the v2
// handshake (docs/protocol.md §3.1, §3.2). The private key is created
// non-extractable: the page can sign with it but no script can read it, so
// it never leaves this browser profile. The server binds a player name to
// the public key the first time it sees the name (trust on first use), so
// losing the key (clearing the site's data) loses the name on that server
// until an operator releases it (docs/web.md, Identity).

/** The transcript's fixed prefix: domain separation from any other use of the key. */
export const LOGIN_CONTEXT = "strata-login-v2\0";
/** Length of an Ed25519 public key, in bytes. */
export const PUBLIC_KEY_LENGTH = 32;
/** Length of an Ed25519 signature, in bytes. */
export const SIGNATURE_LENGTH = 64;

const DB_NAME = "strata";
const DB_VERSION = 1;
const STORE = "identity";
const RECORD = "login-key";
const ED25519 = { name: "Ed25519" };

/** IdentityError is a key that cannot be made, loaded or used; message says why. */
export class IdentityError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "IdentityError";
  }
}

/**
 * loginTranscript builds the bytes a login signature covers, exactly as the
 * server's protocol.LoginTranscript:
 *   "strata-login-v2\0" || u8(binding) || u8(len(value)) || value ||
 *   u8(len(nonce)) || nonce || u8(len(name)) || name || pub
 * binding is a Binding enum value (BINDING_SERVER_CERT for a browser), value
 * the connection value it names (the SHA-256 of the server's certificate),
 * nonce the Challenge's, name the Hello's (UTF-8), pub the 32-byte public
 * key. Lengths over 255 bytes cannot be encoded and throw a RangeError.
 * @param {number} binding
 * @param {Uint8Array} value
 * @param {Uint8Array} nonce
 * @param {string} name
 * @param {Uint8Array} pub
 * @returns {Uint8Array}
 */
export function loginTranscript(binding, value, nonce, name, pub) {
  if (!Number.isInteger(binding) || binding < 0 || binding > 255) throw new RangeError(`login transcript: binding ${binding} is not a byte`);
  if (pub.length !== PUBLIC_KEY_LENGTH) throw new RangeError(`login transcript: public key is ${pub.length} bytes, not ${PUBLIC_KEY_LENGTH}`);
  const prefix = new TextEncoder().encode(LOGIN_CONTEXT);
  const nameBytes = new TextEncoder().encode(name);
  const parts = [prefix, Uint8Array.of(binding), short("binding value", value), short("nonce", nonce), short("name", nameBytes), pub];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// short is a field with its one-byte length in front.
function short(what, b) {
  if (b.length > 255) throw new RangeError(`login transcript: ${what} is ${b.length} bytes, at most 255 fit`);
  const out = new Uint8Array(1 + b.length);
  out[0] = b.length;
  out.set(b, 1);
  return out;
}

/** toHex writes bytes as lowercase hex. */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Identity is a loaded key pair: the raw public key, whether it is kept in
 * IndexedDB (false: a throwaway key for this page only, with the reason),
 * and sign.
 */
export class Identity {
  /**
   * @param {{privateKey: CryptoKey, publicKey: Uint8Array, stored: boolean, why?: string, subtle: SubtleCrypto}} k
   */
  constructor({ privateKey, publicKey, stored, why = "", subtle }) {
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    this.stored = stored;
    this.why = why;
    this.subtle = subtle;
  }

  /** publicHex is the public key in hex, as the server's logs and admin pages show it. */
  get publicHex() {
    return toHex(this.publicKey);
  }

  /**
   * sign returns the 64-byte Ed25519 signature of data.
   * @param {Uint8Array} data
   * @returns {Promise<Uint8Array>}
   */
  async sign(data) {
    let sig;
    try {
      sig = new Uint8Array(await this.subtle.sign(ED25519, this.privateKey, data));
    } catch (err) {
      throw new IdentityError(`cannot sign the login with this browser's key: ${err.message || err}`, { cause: err });
    }
    if (sig.length !== SIGNATURE_LENGTH) throw new IdentityError(`WebCrypto made a ${sig.length}-byte Ed25519 signature, not ${SIGNATURE_LENGTH}`);
    return sig;
  }
}

/**
 * loadIdentity returns this origin's key pair from IndexedDB, creating and
 * storing it the first time. Two tabs opening at once end up with the same
 * key: the new key is written only if none is there, inside one
 * transaction, and whichever was first is used by both. Without IndexedDB
 * (disabled storage, some private modes) it returns a throwaway key with
 * stored false and the reason: the page still plays, but the name it logs
 * in with is bound to a key nobody keeps. A browser without Ed25519 in
 * WebCrypto throws an IdentityError: it cannot log in at all.
 * @param {{indexedDB?: IDBFactory|null, subtle?: SubtleCrypto}} [env] for tests; defaults to the page's
 * @returns {Promise<Identity>}
 */
export async function loadIdentity(env = {}) {
  const subtle = env.subtle ?? globalThis.crypto?.subtle;
  if (!subtle) throw new IdentityError("this page has no WebCrypto (crypto.subtle needs a secure context): it cannot sign its login");
  const idb = "indexedDB" in env ? env.indexedDB : globalThis.indexedDB;
  const fresh = await generate(subtle);
  if (!idb) return identityOf(fresh, subtle, false, "IndexedDB is not available");
  let db;
  try {
    db = await openDB(idb);
  } catch (err) {
    return identityOf(fresh, subtle, false, `IndexedDB: ${err.message || err}`);
  }
  try {
    const kept = await getOrPut(db, fresh);
    return identityOf(kept, subtle, true);
  } catch (err) {
    return identityOf(fresh, subtle, false, `IndexedDB: ${err.message || err}`);
  } finally {
    db.close();
  }
}

/**
 * forgetIdentity deletes the stored key: the next loadIdentity makes a new
 * one, and every name the old one held is lost on every server. For tests
 * and the console; the page never calls it.
 * @param {{indexedDB?: IDBFactory}} [env]
 */
export async function forgetIdentity(env = {}) {
  const idb = env.indexedDB ?? globalThis.indexedDB;
  const db = await openDB(idb);
  try {
    await txDone(db, "readwrite", (store) => store.delete(RECORD));
  } finally {
    db.close();
  }
}

// generate makes a key pair: the private half non-extractable (the
// browser keeps it in IndexedDB as an opaque CryptoKey), the public half
// exported raw for the Hello.
async function generate(subtle) {
  let pair;
  try {
    pair = await subtle.generateKey(ED25519, false, ["sign", "verify"]);
  } catch (err) {
    throw new IdentityError(`this browser's WebCrypto has no Ed25519 (${err.message || err}): the login needs it (a current Chromium, Firefox or Safari has it)`, { cause: err });
  }
  const raw = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: raw };
}

function identityOf(rec, subtle, stored, why = "") {
  return new Identity({ privateKey: rec.privateKey, publicKey: rec.publicKey, stored, why, subtle });
}

// usable says whether a stored record is a key pair this code wrote. A
// record that is not (another version's, or damaged) is replaced: a key
// that cannot sign is worth nothing.
function usable(rec) {
  return (
    rec != null &&
    rec.privateKey?.type === "private" &&
    rec.privateKey.algorithm?.name === "Ed25519" &&
    rec.publicKey instanceof Uint8Array &&
    rec.publicKey.length === PUBLIC_KEY_LENGTH
  );
}

function openDB(idb) {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = idb.open(DB_NAME, DB_VERSION);
    } catch (err) {
      reject(err);
      return;
    }
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("cannot open the database"));
    req.onblocked = () => reject(new Error("the database is blocked by another tab"));
  });
}

// getOrPut reads the stored pair and writes fresh only when there is none
// (or none usable), in one readwrite transaction: IndexedDB runs such
// transactions on one store one after another, so concurrent tabs agree.
async function getOrPut(db, fresh) {
  let kept = null;
  await txDone(db, "readwrite", (store) => {
    const get = store.get(RECORD);
    get.onsuccess = () => {
      if (usable(get.result)) {
        kept = get.result;
        return;
      }
      store.put({ privateKey: fresh.privateKey, publicKey: fresh.publicKey }, RECORD);
      kept = fresh;
    };
  });
  return kept;
}

// txDone runs fn in a transaction on the store and resolves when it has
// committed.
function txDone(db, mode, fn) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"));
    fn(tx.objectStore(STORE));
  });
}
