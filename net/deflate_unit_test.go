package transport

import (
	"bufio"
	"bytes"
	"compress/flate"
	"crypto/tls"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// testFrames returns n frames of a few hundred bytes, somewhat
// compressible, each distinct.
func testFrames(n int, seed uint64) [][]byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([][]byte, n)
	for i := range out {
		payload := fmt.Appendf(nil, "frame %d of seed %d:", i, seed)
		for n := 150 + rng.IntN(300); len(payload) < n; {
			payload = append(payload, byte('a'+rng.IntN(4)))
		}
		out[i] = frame.AppendFrame(nil, payload)
	}
	return out
}

// TestDeflateSinkFlushes: every batch of the sink is decodable, by the
// standard library's decoder, as soon as its flush returned, before
// anything more is written; two clients compressing in turn with the
// pool's compressors each get a stream of their own; a batch over
// deflateSegment is cut into flushed segments.
func TestDeflateSinkFlushes(t *testing.T) {
	type client struct {
		pw     *io.PipeWriter
		sink   *deflateSink
		frames chan []byte // decoded frames
	}
	newClient := func() *client {
		pr, pw := io.Pipe()
		c := &client{pw: pw, frames: make(chan []byte, 1024)}
		var err error
		if c.sink, err = newDeflateSink(pw, DefaultDeflateLevel); err != nil {
			t.Fatal(err)
		}
		go func() {
			defer close(c.frames)
			br := bufio.NewReader(flate.NewReader(pr))
			for {
				b, err := frame.ReadFrame(br, frame.ChunkCap)
				if err != nil {
					if err != io.EOF && err != io.ErrClosedPipe {
						c.frames <- []byte("error: " + err.Error())
					}
					return
				}
				c.frames <- frame.AppendFrame(nil, b)
			}
		}()
		return c
	}
	a, b := newClient(), newClient()
	defer a.pw.Close()
	defer b.pw.Close()
	batch := func(c *client, frames [][]byte) {
		t.Helper()
		for _, f := range frames {
			if err := c.sink.frame(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.sink.flush(); err != nil {
			t.Fatal(err)
		}
		for i, want := range frames {
			select {
			case got := <-c.frames:
				if !bytes.Equal(got, want) {
					t.Fatalf("frame %d decoded as %q, want %q", i, got[:min(len(got), 40)], want[:min(len(want), 40)])
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("frame %d of %d not decodable after the flush", i, len(frames))
			}
		}
	}
	for round := range 5 {
		batch(a, testFrames(1+round*10, uint64(round)))
		batch(b, testFrames(3, uint64(100+round)))
		batch(a, testFrames(1, uint64(200+round)))
	}
	// A batch over a segment: written in several flushed segments.
	big := testFrames(600, 9) // ~180 KiB
	total := 0
	for _, f := range big {
		total += len(f)
	}
	var w countWriter
	d, _ := newDeflateSink(&w, DefaultDeflateLevel)
	writes := 0
	d.out = writerFunc(func(p []byte) (int, error) { writes++; return w.Write(p) })
	for _, f := range big {
		if err := d.frame(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.flush(); err != nil {
		t.Fatal(err)
	}
	if writes < total/deflateSegment || writes < 2 {
		t.Errorf("a %d-frame batch was written in %d writes, want one per %d-byte segment", len(big), writes, deflateSegment)
	}
	batch(a, big)
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestDeflateLevelChecked(t *testing.T) {
	for _, l := range []int{-2, 0, 10} {
		if _, err := newDeflateSink(io.Discard, l); err == nil {
			t.Errorf("level %d accepted", l)
		}
	}
	if _, err := (Config{TLS: &tls.Config{}, DeflateLevel: 10}).withDefaults(); err == nil {
		t.Error("Config.DeflateLevel 10 accepted")
	}
	cfg, err := Config{TLS: &tls.Config{}}.withDefaults()
	if err != nil || cfg.DeflateLevel != DefaultDeflateLevel || !slices.Contains(cfg.Features, protocol.FeatureDeflateChunks) {
		t.Errorf("defaults: level %d, features %v, %v", cfg.DeflateLevel, cfg.Features, err)
	}
}

// TestDeflateWorkedExample holds docs/protocol.md §10 to the bytes: the
// example Chunk alone in a batch, as the server compresses it, and what
// the standard library's inflater makes of them.
func TestDeflateWorkedExample(t *testing.T) {
	chunkFrame := []byte{0x0f, 0x0a, 0x0d, 0x0a, 0x04, 0x10, 0x08, 0x18, 0x01, 0x10, 0x01, 0x1a, 0x03, 0x01, 0x00, 0x01}
	want := append(append([]byte{0x00, 0x10, 0x00, 0xef, 0xff}, chunkFrame...), 0x00, 0x00, 0x00, 0xff, 0xff)
	var out bytes.Buffer
	d, err := newDeflateSink(&out, DefaultDeflateLevel)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.frame(chunkFrame); err != nil {
		t.Fatal(err)
	}
	if err := d.flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("compressed as % x, docs/protocol.md §10 says % x", out.Bytes(), want)
	}
	got := make([]byte, len(chunkFrame))
	if _, err := io.ReadFull(flate.NewReader(bytes.NewReader(want)), got); err != nil || !bytes.Equal(got, chunkFrame) {
		t.Errorf("the example inflates to % x (%v)", got, err)
	}
}
