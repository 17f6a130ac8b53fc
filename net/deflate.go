package transport

import (
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// DefaultDeflateLevel is the compression level of the chunk stream for
// clients granted protocol.FeatureDeflateChunks, when Config.DeflateLevel
// is zero. Chosen by measurement over the sections of real views
// (BenchmarkDeflateChunks; figures in docs/benchmarks.md): about 92 / 88
// bytes per section (whole views / a flight) for 3–4.4 µs of CPU, 5 %
// fewer bytes than level 1 for 1.1–1.4× its CPU; level 7 and above cost
// two to seven times as much for a few bytes more.
const DefaultDeflateLevel = 4

// deflateSegment bounds the frames compressed between two flushes: a batch
// larger than this (a client whose queue backed up) is flushed every
// deflateSegment bytes, which costs a few bytes per 64 KiB and bounds the
// compressed bytes held at once.
const deflateSegment = coalesceMax

// deflateSink compresses a stream's frames into one raw DEFLATE stream
// (RFC 1951) with a sync flush (an empty stored block) after every batch,
// so the client can decode every frame written so far as soon as it has
// the bytes.
//
// The compressor is not the client's: each batch is compressed by one
// taken from a pool shared by every client of every server, starting
// afresh (no references into earlier batches — the stream stays one valid
// DEFLATE stream, the decoder keeps its 32 KiB window across flushes
// whether the encoder uses it or not). A compressor holds about 1 MiB;
// keeping one per client for the window it would offer earns 1–2.5 % of
// the bytes at levels 1–4 and the batch sizes the server writes (a tick's
// sections, which are neighbours of each other), measured in
// docs/benchmarks.md. So a client holds nothing between batches, and the
// compressors in use are as many as the batches being compressed at once
// (at most about one per core). The compressed batch is written to the stream after the
// compressor is back in the pool, so a client that does not read holds
// only its output buffer, never a compressor.
type deflateSink struct {
	out     io.Writer
	level   int
	w       *flate.Writer // while a segment is being compressed
	buf     *outBuf
	pending int // bytes of frames in the current segment
}

// outBuf collects a segment's compressed bytes.
type outBuf struct{ b []byte }

func (o *outBuf) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

// The pools: compressors per level (1..9), and output buffers.
var (
	deflaters [10]sync.Pool
	outBufs   = sync.Pool{New: func() any { return &outBuf{b: make([]byte, 0, deflateSegment/2)} }}
)

func newDeflateSink(out io.Writer, level int) (*deflateSink, error) {
	if level < flate.BestSpeed || level > flate.BestCompression {
		return nil, fmt.Errorf("transport: deflate level %d is outside %d..%d", level, flate.BestSpeed, flate.BestCompression)
	}
	return &deflateSink{out: out, level: level}, nil
}

func (d *deflateSink) frame(f []byte) error {
	if d.w == nil {
		d.buf = outBufs.Get().(*outBuf)
		d.buf.b = d.buf.b[:0]
		if w, ok := deflaters[d.level].Get().(*flate.Writer); ok {
			w.Reset(d.buf)
			d.w = w
		} else {
			w, err := flate.NewWriter(d.buf, d.level)
			if err != nil {
				return err
			}
			d.w = w
		}
	}
	if _, err := d.w.Write(f); err != nil {
		return err
	}
	d.pending += len(f)
	if d.pending >= deflateSegment {
		return d.flush()
	}
	return nil
}

func (d *deflateSink) flush() error {
	if d.w == nil {
		return nil
	}
	err := d.w.Flush()
	// Back to the pool as it is: frame resets it before its next use (a
	// reset at levels 7-9 clears 640 KiB of hash tables, so only once).
	// Until then it points at this buffer, which it will never write to.
	deflaters[d.level].Put(d.w)
	d.w, d.pending = nil, 0
	if err == nil {
		_, err = d.out.Write(d.buf.b)
	}
	if cap(d.buf.b) <= 4*deflateSegment { // an odd huge one is not kept
		outBufs.Put(d.buf)
	}
	d.buf = nil
	return err
}
