package transport_test

import (
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// deflateFixture is what the server sends in the deflate-chunks tests:
// sections of every encoding (uniform, runs, packed), in two batches, the
// second one answering a second Subscribe, then a batched Drops of some of
// them, its frame from a pool of the client's own, as the deliver system
// builds it.
type deflateFixture struct {
	pos     []chunk.Pos
	data    [][]byte
	dropped []chunk.Pos

	mu    sync.Mutex
	drops map[string][]wire.Encoded // by client name: the last Drops frames accepted
}

func newDeflateFixture() *deflateFixture {
	f := &deflateFixture{}
	rng := rand.New(rand.NewPCG(7, 8))
	blocks := []chunk.Block{chunk.Stone, chunk.Dirt, chunk.Grass, chunk.Water, chunk.Sand}
	for i := range 120 {
		p := chunk.Pos{X: int32(i%12 - 6), Y: int32(i / 12 % 6), Z: int32(i/72 - 1)}
		s := chunk.Uniform(chunk.Air)
		switch i % 3 {
		case 1: // layers: runs
			for y := range i % 16 {
				for x := range chunk.Size {
					for z := range chunk.Size {
						s.Set(x, y, z, blocks[y%len(blocks)])
					}
				}
			}
		case 2: // noise: packed
			for c := range chunk.Volume {
				if rng.IntN(3) == 0 {
					s.SetAt(c, blocks[rng.IntN(len(blocks))])
				}
			}
		}
		f.pos = append(f.pos, p)
		f.data = append(f.data, chunk.Encode(&s))
	}
	f.dropped = slices.Clone(f.pos[100:])
	return f
}

// send is the stand-in tick's answer to the n-th Subscribe of a client
// (n from 1): the first half of the sections, then the rest and the
// drops.
func (f *deflateFixture) send(c *transport.Client, n int) {
	half := len(f.pos) / 2
	lo, hi := 0, half
	if n > 1 {
		lo, hi = half, len(f.pos)
	}
	for i := lo; i < hi; i++ {
		c.SendChunk(protocol.NewChunk(f.pos[i], uint64(i+1), f.data[i]))
	}
	if n > 1 {
		var pool wire.FramePool
		var sent []wire.Encoded
		for _, e := range pool.AppendDrops(nil, f.dropped) {
			if c.SendEncoded(e) {
				sent = append(sent, e)
			}
		}
		f.mu.Lock()
		if f.drops == nil {
			f.drops = map[string][]wire.Encoded{}
		}
		f.drops[c.Name()] = sent
		f.mu.Unlock()
	}
}

// released reports whether the connection named gave back to their pool
// the Drops frames it accepted, having written them.
func (f *deflateFixture) released(name string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	sent := f.drops[name]
	for _, e := range sent {
		if !e.Released() {
			return false
		}
	}
	return len(sent) > 0
}

// check drives one client through the fixture: two Subscribes, then every
// section but the dropped ones held with the data and revision sent.
// compressed says whether the client must have been granted
// deflate-chunks.
func (f *deflateFixture) check(t *testing.T, c *client.Conn, compressed bool) {
	t.Helper()
	if got := c.HasFeature(protocol.FeatureDeflateChunks); got != compressed {
		t.Fatalf("deflate-chunks granted %v, want %v (features %v)", got, compressed, c.Welcome().GetFeatures())
	}
	if err := c.Subscribe(4); err != nil {
		t.Fatal(err)
	}
	half := len(f.pos) / 2
	waitFor(t, "the first batch", func() bool { return c.Stats().Chunks == uint64(half) })
	if err := c.Subscribe(5); err != nil {
		t.Fatal(err)
	}
	want := len(f.pos) - len(f.dropped)
	waitFor(t, "the second batch and the drops", func() bool {
		st := c.Stats()
		return st.Chunks == uint64(len(f.pos)) && st.Drops == uint64(len(f.dropped)) && st.Sections == want
	})
	for i, p := range f.pos[:want] {
		s, ok := c.Section(p)
		if !ok || s.Revision != uint64(i+1) || !bytes.Equal(s.Data, f.data[i]) || s.Decoded == nil {
			t.Fatalf("section %v: held %v, revision %d, data %x…, decoded %v; want revision %d, data %x…",
				p, ok, s.Revision, s.Data[:min(len(s.Data), 8)], s.Decoded != nil, i+1, f.data[i][:8])
		}
	}
	st := c.Stats()
	if st.ChunkStreamBytes == 0 || st.ChunkStreamBytes <= st.ChunkBytes {
		t.Errorf("chunk stream %d bytes, Chunk payload %d: the stream counts every frame with its prefix", st.ChunkStreamBytes, st.ChunkBytes)
	}
	if compressed {
		if st.ChunkWireBytes == 0 || st.ChunkWireBytes*10 > st.ChunkStreamBytes*9 {
			t.Errorf("compressed: %d bytes on the wire for %d decoded, want at least 10 %% fewer", st.ChunkWireBytes, st.ChunkStreamBytes)
		}
	} else if st.ChunkWireBytes != st.ChunkStreamBytes {
		t.Errorf("plain: %d bytes on the wire, %d decoded, want equal", st.ChunkWireBytes, st.ChunkStreamBytes)
	}
	if err := c.Err(); err != nil {
		t.Errorf("connection error %v", err)
	}
}

// subscribeCounter counts each client's Subscribes on the stand-in tick.
type subscribeCounter struct {
	mu sync.Mutex
	n  map[transport.ClientID]int
}

func (s *subscribeCounter) next(id transport.ClientID) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == nil {
		s.n = map[transport.ClientID]int{}
	}
	s.n[id]++
	return s.n[id]
}

// TestDeflateChunks: over pipes and over QUIC loopback, a client that
// asks for deflate-chunks (the Go client does by default) is granted it
// and gets the same sections, revisions and drops as one that does not
// (which gets plain frames), in fewer bytes, across several flushed
// batches of one DEFLATE stream; a server that does not offer the feature
// serves plain frames to a client that asks. The server counts both
// sizes, and the simulation never sees the feature (Client.Features).
func TestDeflateChunks(t *testing.T) {
	f := newDeflateFixture()
	// onSubscribe answers each Subscribe of one server's clients.
	onSubscribe := func() func(ev transport.Event) {
		var subs subscribeCounter
		return func(ev transport.Event) {
			if ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil {
				f.send(ev.Client, subs.next(ev.ID))
			}
		}
	}
	serverSide := func(t *testing.T, log *nettest.EventLog, srv *transport.Server, offered bool) {
		t.Helper()
		for _, name := range []string{"zip", "plain"} {
			c := log.Wait(name+" connected", time.Second, func(ev transport.Event) bool {
				return ev.Kind == wire.Connected && ev.Client.Name() == name
			}).Client
			granted := name == "zip" && offered
			if c.HasFeature(protocol.FeatureDeflateChunks) != granted || slices.Contains(c.Features(), protocol.FeatureDeflateChunks) {
				t.Errorf("%s: server-side HasFeature %v, Features %v; want %v and never listed for the simulation",
					name, c.HasFeature(protocol.FeatureDeflateChunks), c.Features(), granted)
			}
			if !slices.Contains(c.Features(), protocol.FeatureBatchedDrops) {
				t.Errorf("%s: Features %v lost batched-drops", name, c.Features())
			}
			waitFor(t, name+"'s writer releasing the pooled Drops", func() bool { return f.released(name) })
		}
		st := srv.Stats()
		if offered && st.ChunkWireBytes >= st.ChunkBytes || !offered && st.ChunkWireBytes != st.ChunkBytes || st.ChunkBytes == 0 {
			t.Errorf("server counted %d chunk bytes, %d on the wire (offered %v)", st.ChunkBytes, st.ChunkWireBytes, offered)
		}
	}
	opts := func(plain bool) client.Options {
		return client.Options{ViewDistance: 4, Features: []string{protocol.FeatureBatchedDrops}, PlainChunks: plain}
	}
	for _, offered := range []bool{true, false} {
		features := func(cfg *transport.Config) {
			if !offered {
				cfg.Features = []string{protocol.FeatureBatchedDrops}
			}
		}
		name := "offered"
		if !offered {
			name = "not offered"
		}
		t.Run("pipe/"+name, func(t *testing.T) {
			h := newMemHarness(t, features)
			h.onEvent = onSubscribe()
			zip, err := h.open("zip", opts(false))
			if err != nil {
				t.Fatal(err)
			}
			plain, err := h.open("plain", opts(true))
			if err != nil {
				t.Fatal(err)
			}
			f.check(t, zip, offered)
			f.check(t, plain, false)
			serverSide(t, h.EventLog, h.srv, offered)
		})
		t.Run("quic/"+name, func(t *testing.T) {
			h := newHarness(t, func(h *harness, cfg *transport.Config) {
				features(cfg)
				answer := onSubscribe()
				h.onEvent = func(_ *harness, ev transport.Event) { answer(ev) }
			})
			zip := h.mustDial("zip", func(o *client.Options) {
				o.ViewDistance, o.Features, o.PlainChunks = 4, opts(false).Features, false
			})
			plain := h.mustDial("plain", func(o *client.Options) {
				o.ViewDistance, o.Features, o.PlainChunks = 4, opts(true).Features, true
			})
			f.check(t, zip, offered)
			f.check(t, plain, false)
			serverSide(t, h.EventLog, h.srv, offered)
		})
	}
}

// TestDeflateChunksOnTheWire reads the chunk stream by hand: a client
// that did not ask gets plain frames; one that asked gets a raw DEFLATE
// stream (no zlib or gzip header) that the standard library's decoder
// reads, each batch decodable as soon as it arrived, before the next one
// is sent.
func TestDeflateChunksOnTheWire(t *testing.T) {
	f := newDeflateFixture()
	for _, ask := range []bool{false, true} {
		name := "plain"
		if ask {
			name = "deflate"
		}
		t.Run(name, func(t *testing.T) {
			h := newMemHarness(t, nil)
			var subs subscribeCounter
			h.onEvent = func(ev transport.Event) {
				if ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil {
					f.send(ev.Client, subs.next(ev.ID))
				}
			}
			cli := h.pipe(transport.PipeConfig{})
			t.Cleanup(func() { _ = cli.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "") })
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			ctl, err := cli.OpenStream(ctx)
			if err != nil {
				t.Fatal(err)
			}
			_, value, _ := cli.Binding()
			hello := &protocol.Hello{Name: "raw", ViewDistance: 4}
			if ask {
				hello.Features = []string{protocol.FeatureDeflateChunks}
			}
			if _, err := nettest.Login(ctl, nettest.NewKey(t), hello, value); err != nil {
				t.Fatal(err)
			}
			m, err := nettest.ReadMessage(ctl)
			if err != nil || m.GetWelcome() == nil {
				t.Fatalf("Welcome: %v, %v", m, err)
			}
			if got := slices.Contains(m.GetWelcome().GetFeatures(), protocol.FeatureDeflateChunks); got != ask {
				t.Fatalf("granted %v", m.GetWelcome().GetFeatures())
			}
			subscribe := func() {
				t.Helper()
				if err := nettest.WriteMessage(ctl, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 4}}}); err != nil {
					t.Fatal(err)
				}
			}
			subscribe()
			st, err := cli.AcceptUniStream(ctx)
			if err != nil {
				t.Fatal(err)
			}
			_ = st.SetReadDeadline(time.Now().Add(5 * time.Second))
			var r io.Reader = st
			if ask {
				r = flate.NewReader(st) // compress/flate: any RFC 1951 decoder will do
			}
			br := bufio.NewReader(r)
			read := func(i int) {
				t.Helper()
				b, err := frame.ReadFrame(br, frame.ChunkCap)
				if err != nil {
					t.Fatalf("frame %d: %v", i, err)
				}
				m, err := frame.DecodeChunk(b)
				if err != nil {
					t.Fatalf("frame %d: %v", i, err)
				}
				if c := m.GetChunk(); c == nil || c.GetPos().Chunk() != f.pos[i] || !bytes.Equal(c.GetData(), f.data[i]) {
					t.Fatalf("frame %d is %v, want the Chunk of %v", i, m, f.pos[i])
				}
			}
			half := len(f.pos) / 2
			// The first batch decodes whole although nothing follows it yet:
			// the sync flush ended it.
			for i := range half {
				read(i)
			}
			subscribe()
			for i := half; i < len(f.pos); i++ {
				read(i)
			}
		})
	}
}

// brokenSession hands the client a chunk stream whose bytes are replaced:
// the server's stream is read and discarded, the client reads fake.
type brokenSession struct {
	*transport.PipeEnd
	fake func(real transport.ReceiveStream) io.Reader
}

func (s brokenSession) AcceptUniStream(ctx context.Context) (transport.ReceiveStream, error) {
	st, err := s.PipeEnd.AcceptUniStream(ctx)
	if err != nil {
		return nil, err
	}
	return fakeStream{ReceiveStream: st, r: s.fake(st)}, nil
}

type fakeStream struct {
	transport.ReceiveStream
	r io.Reader
}

func (s fakeStream) Read(p []byte) (int, error) { return s.r.Read(p) }

// TestDeflateChunksMalformed: a chunk stream granted deflate-chunks that
// does not decompress — corrupt, or ending inside the DEFLATE stream —
// closes that connection alone, with MALFORMED and an error saying so.
func TestDeflateChunksMalformed(t *testing.T) {
	stone := chunk.Uniform(chunk.Stone)
	data := chunk.Encode(&stone)
	cases := []struct {
		name string
		fake func(real transport.ReceiveStream) io.Reader
		want string
	}{
		// 0x06: a non-final block of the reserved type 3.
		{"corrupt", func(transport.ReceiveStream) io.Reader { return bytes.NewReader([]byte{0x06, 0xff, 0xff}) }, "corrupt input"},
		// The real stream's first bytes, then its end: inside a block.
		{"truncated", func(real transport.ReceiveStream) io.Reader {
			b := make([]byte, 3)
			if _, err := io.ReadFull(real, b); err != nil {
				return bytes.NewReader(nil)
			}
			return bytes.NewReader(b)
		}, "unexpected EOF"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			h := newMemHarness(t, nil)
			h.onEvent = func(ev transport.Event) {
				if ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil {
					ev.Client.SendChunk(protocol.NewChunk(chunk.Pos{X: 1}, 1, data))
				}
			}
			bystander, err := h.open("bystander", client.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			c, err := client.Open(ctx, brokenSession{PipeEnd: h.pipe(transport.PipeConfig{}), fake: tt.fake},
				client.Options{Name: "victim", Log: nettest.Logger(t)})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if !c.HasFeature(protocol.FeatureDeflateChunks) {
				t.Fatal("deflate-chunks not granted")
			}
			// A fake stream with its bytes already there may fail the
			// connection before this Subscribe goes out; either way it
			// must end with the decompression failure below.
			_ = c.Subscribe(2)
			select {
			case <-c.Done():
			case <-time.After(5 * time.Second):
				t.Fatal("the connection survived a chunk stream that does not decompress")
			}
			if err := c.Err(); err == nil || !strings.Contains(err.Error(), "does not decompress") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("client error %v, want the chunk stream's decompression failure (%s)", err, tt.want)
			}
			ev := h.Wait("victim disconnected", 3*time.Second, disconnectedAs("victim"))
			if ev.Code != protocol.ErrorCode_ERROR_CODE_MALFORMED || !ev.Remote {
				t.Errorf("server saw the victim leave with %v (remote %v), want the client's MALFORMED", ev.Code, ev.Remote)
			}
			if err := bystander.Subscribe(2); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the bystander's section", func() bool { return bystander.Stats().Chunks == 1 })
			if err := bystander.Err(); err != nil {
				t.Errorf("bystander: %v", err)
			}
		})
	}
}
