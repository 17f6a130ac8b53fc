// Stream framing (docs/protocol.md §4, net/frame): every message on a stream
// is an unsigned LEB128 varint length followed by that many bytes of one
// protobuf envelope. Each stream has a cap on the payload length, checked
// on the prefix before buffering the payload, so a bogus length costs
// nothing.

/** Per-stream payload caps, in bytes (net/frame ControlCap, ChunkCap, DatagramCap). */
export const CONTROL_CAP = 64 << 10;
export const CHUNK_CAP = 1 << 20;
export const DATAGRAM_CAP = 1100;
/** The longest accepted length prefix: a 64-bit varint. */
export const MAX_PREFIX_LEN = 10;

/** FrameError is fatal for the stream: the connection should be closed with code. */
export class FrameError extends Error {
  /** @param {"FRAME_TOO_LARGE"|"MALFORMED"|"INVALID_MESSAGE"} code */
  constructor(code, message) {
    super(message);
    this.name = "FrameError";
    this.code = code;
  }
}

/** encodeVarint returns the shortest LEB128 encoding of n (0 ≤ n < 2^53). */
export function encodeVarint(n) {
  const out = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return Uint8Array.from(out);
}

/**
 * encodeFrame prefixes payload with its length. A payload above cap is
 * refused before anything is sent: the server would close the connection.
 * @param {Uint8Array} payload
 * @param {number} cap
 */
export function encodeFrame(payload, cap) {
  if (payload.length > cap) {
    throw new FrameError("FRAME_TOO_LARGE", `frame of ${payload.length} bytes exceeds the cap of ${cap}`);
  }
  const prefix = encodeVarint(payload.length);
  const out = new Uint8Array(prefix.length + payload.length);
  out.set(prefix, 0);
  out.set(payload, prefix.length);
  return out;
}

/**
 * readPrefix parses a length prefix at buf[off..end). It returns
 * {length, size} or null when more bytes are needed. Lengths are kept as
 * doubles: anything past the cap is rejected anyway.
 */
export function readPrefix(buf, off, end) {
  let v = 0;
  let scale = 1;
  for (let i = 0; i < MAX_PREFIX_LEN; i++) {
    if (off + i >= end) return null;
    const b = buf[off + i];
    if (i === MAX_PREFIX_LEN - 1 && b > 1) throw new FrameError("MALFORMED", "frame length overflows 64 bits");
    v += (b & 0x7f) * scale;
    if (b < 0x80) return { length: v, size: i + 1 };
    scale *= 128;
  }
  throw new FrameError("MALFORMED", "frame length prefix longer than 10 bytes");
}

/**
 * FrameDecoder reassembles frames from the arbitrary chunks a stream
 * delivers. push() a chunk, then take frames with next() until it returns
 * null. Payloads are fresh copies, safe to keep or transfer.
 */
export class FrameDecoder {
  /** @param {number} cap payload cap of this stream */
  constructor(cap) {
    this.cap = cap;
    this.buf = new Uint8Array(4096);
    this.start = 0;
    this.end = 0;
  }

  /** push appends received bytes. @param {Uint8Array} chunk */
  push(chunk) {
    if (this.end + chunk.length > this.buf.length) {
      const live = this.end - this.start;
      if (live + chunk.length <= this.buf.length && this.start > 0) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        let size = this.buf.length;
        while (size < live + chunk.length) size *= 2;
        const grown = new Uint8Array(size);
        grown.set(this.buf.subarray(this.start, this.end), 0);
        this.buf = grown;
      }
      this.start = 0;
      this.end = live;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  /**
   * next returns the next complete payload, or null if more bytes are
   * needed. It throws FrameError on an over-cap or malformed prefix.
   * @returns {Uint8Array|null}
   */
  next() {
    const p = readPrefix(this.buf, this.start, this.end);
    if (p === null) return null;
    if (p.length > this.cap) {
      throw new FrameError("FRAME_TOO_LARGE", `frame length ${p.length} exceeds the cap of ${this.cap} bytes`);
    }
    const from = this.start + p.size;
    if (this.end - from < p.length) return null;
    const payload = this.buf.slice(from, from + p.length);
    this.start = from + p.length;
    if (this.start === this.end) this.start = this.end = 0;
    return payload;
  }

  /** buffered is the number of bytes received but not yet returned. */
  get buffered() {
    return this.end - this.start;
  }
}
