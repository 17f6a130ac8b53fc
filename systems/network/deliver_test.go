package network

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"
	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// deliverWorld is the smallest App the deliver system runs in: residency
// over testkit.Surface (deterministic), persistence in a temporary
// directory, and the network fed by a QueueSource. No gameplay: the
// tests place clients directly and watch what they are sent.
type deliverWorld struct {
	t       *testing.T
	app     *ecs.App
	src     *QueueSource
	clients *Clients
	nextID  uint64
}

func newDeliverWorld(t *testing.T, opts ...ecs.Option) *deliverWorld {
	t.Helper()
	src := &QueueSource{}
	app := ecs.NewApp(append([]ecs.Option{ecs.WithLogger(zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))}, opts...)...)
	app.AddPlugins(
		residency.New(residency.Config{Generator: resources.GeneratorFunc(testkit.Surface), Deterministic: true}),
		persist.New(persist.Config{DataDir: t.TempDir(), Seed: 1, GeneratorVersion: 1}),
		New(Config{Source: src, Spawn: components.Position{X: 0.5, Y: 64, Z: 0.5}, MaxViewDistance: 2, Deterministic: true}),
	)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	return &deliverWorld{t: t, app: app, src: src, clients: ecs.Resource[Clients](app), nextID: 1}
}

func (w *deliverWorld) step(n int) {
	for range n {
		w.app.Step()
	}
}

// join connects a client of view distance 2 on conn (admitted next tick).
func (w *deliverWorld) join(name string, conn components.Conn) uint64 {
	id := w.nextID
	w.nextID++
	w.src.Push(InEvent{Kind: wire.Connected, ID: id, Conn: conn, Name: name, ViewDistance: 2})
	return id
}

// component returns client id's component of type T (valid until the
// next step).
func component[T any](w *deliverWorld, id uint64) *T {
	w.t.Helper()
	e, ok := w.clients.Entity(id)
	if !ok {
		w.t.Fatalf("client %d has no entity", id)
	}
	m := generic.NewMap1[T](w.app.World())
	return m.Get(e)
}

// chunkConn is a testkit.FakeConn that also keeps the chunk frames it was
// sent, raw (Drop and Drops included), and whose chunk queue can be made
// full.
type chunkConn struct {
	*testkit.FakeConn
	mu        sync.Mutex
	full      bool
	refuseAir bool // refuse AirSections frames only
	chunks    []*protocol.ChunkMessage
}

func newChunkConn(features []string) *chunkConn {
	return &chunkConn{FakeConn: &testkit.FakeConn{Features: features}}
}

func (c *chunkConn) SendEncoded(e wire.Encoded) bool {
	if e.IsChunk() {
		c.mu.Lock()
		full := c.full
		c.mu.Unlock()
		if full {
			return false
		}
		payload, err := frame.ReadFrame(bytes.NewReader(e.Bytes()), frame.ChunkCap)
		if err != nil {
			panic(err)
		}
		m, err := frame.DecodeChunk(payload)
		if err != nil {
			panic(err)
		}
		c.mu.Lock()
		refuse := c.refuseAir && m.GetAir() != nil
		c.mu.Unlock()
		if refuse {
			return false
		}
		c.keep(m)
	}
	return c.FakeConn.SendEncoded(e)
}

func (c *chunkConn) SendChunk(m *protocol.ChunkMessage) bool {
	c.mu.Lock()
	full := c.full
	c.mu.Unlock()
	if full {
		return false
	}
	c.keep(proto.Clone(m).(*protocol.ChunkMessage))
	return c.FakeConn.SendChunk(m)
}

func (c *chunkConn) keep(m *protocol.ChunkMessage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.chunks = append(c.chunks, m)
}

func (c *chunkConn) setFull(full bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.full = full
}

// takeChunks returns and forgets the chunk frames received so far.
func (c *chunkConn) takeChunks() []*protocol.ChunkMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.chunks
	c.chunks = nil
	return out
}

// TestDropsBatchedOnlyForClientsThatAsk moves three clients the same
// way: one granted batched-drops, one column-lists as well, one granted
// nothing. All forget the same sections; the first gets them as a Drops
// of triples, the second as a Drops of columns, the third as one Drop per
// section in position order.
func TestDropsBatchedOnlyForClientsThatAsk(t *testing.T) {
	w := newDeliverWorld(t)
	features := map[string][]string{
		"batched": {protocol.FeatureBatchedDrops},
		"columns": {protocol.FeatureBatchedDrops, protocol.FeatureColumnLists},
		"single":  {},
	}
	names := []string{"batched", "columns", "single"}
	conns, ids := map[string]*chunkConn{}, map[string]uint64{}
	for _, n := range names {
		conns[n] = newChunkConn(features[n])
		ids[n] = w.join(n, conns[n])
	}
	w.step(3)
	held := component[components.Delivery](w, ids["single"]).Held.Len()
	for _, n := range names {
		if h := component[components.Delivery](w, ids[n]).Held.Len(); held == 0 || h != held {
			t.Fatalf("%s held %d sections after joining, single %d", n, h, held)
		}
		*component[components.Position](w, ids[n]) = components.Position{X: 40.5, Y: 64, Z: 0.5} // 2.5 sections east
		conns[n].takeChunks()
	}
	w.step(2)

	type drops struct {
		ps                    []chunk.Pos
		kinds                 map[string]int
		triples, columns, raw int // in Drops: coords, column pairs; bytes of all the frames
	}
	dropped := func(c *chunkConn) (d drops) {
		d.kinds = map[string]int{}
		for _, m := range c.takeChunks() {
			switch k := m.Kind.(type) {
			case *protocol.ChunkMessage_Drop:
				d.kinds["drop"]++
				d.ps = append(d.ps, k.Drop.GetPos().Chunk())
			case *protocol.ChunkMessage_Drops:
				d.kinds["drops"]++
				d.triples += len(k.Drops.GetCoords()) / 3
				d.columns += len(k.Drops.GetColumns()) / 2
				more, err := k.Drops.Positions()
				if err != nil {
					t.Fatal(err)
				}
				d.ps = append(d.ps, more...)
			default:
				continue
			}
			enc, err := wire.EncodeChunk(m)
			if err != nil {
				t.Fatal(err)
			}
			d.raw += enc.Len()
		}
		return d
	}
	b, c, s := dropped(conns["batched"]), dropped(conns["columns"]), dropped(conns["single"])
	if len(b.ps) == 0 || b.kinds["drop"] != 0 || b.kinds["drops"] != 1 || b.triples != len(b.ps) || b.columns != 0 {
		t.Fatalf("batched client: %v, %d triples, %d columns for %d sections", b.kinds, b.triples, b.columns, len(b.ps))
	}
	if c.kinds["drop"] != 0 || c.kinds["drops"] != 1 || c.triples != 0 || c.columns == 0 || c.columns >= len(c.ps) || c.raw >= b.raw {
		t.Fatalf("columns client: %v, %d triples, %d columns for %d sections, %d bytes against %d by triples", c.kinds, c.triples, c.columns, len(c.ps), c.raw, b.raw)
	}
	if s.kinds["drops"] != 0 || s.kinds["drop"] != len(s.ps) || !slices.IsSortedFunc(s.ps, chunk.ComparePos) {
		t.Fatalf("single client: %v for %d sections (sorted %v)", s.kinds, len(s.ps), slices.IsSortedFunc(s.ps, chunk.ComparePos))
	}
	for _, d := range []drops{b, c} {
		if !slices.Equal(d.ps, s.ps) {
			t.Fatalf("the clients dropped different sections, or in another order: %v and %v", d.ps, s.ps)
		}
	}
	for _, p := range s.ps {
		for _, n := range names {
			if conns[n].Holds(p) || component[components.Delivery](w, ids[n]).Held.Has(p) {
				t.Fatalf("%v still held by %s after its drop", p, n)
			}
		}
	}
	for _, n := range names {
		if h := component[components.Delivery](w, ids[n]).Held.Len(); h != component[components.Delivery](w, ids["single"]).Held.Len() {
			t.Fatalf("%s held %d after moving, single %d", n, h, component[components.Delivery](w, ids["single"]).Held.Len())
		}
	}
}

// sectionsIn lists the sections a client was sent in Chunks and
// AirSections, in the order it gets them, and counts the frames of each.
func sectionsIn(t *testing.T, ms []*protocol.ChunkMessage) (ps []chunk.Pos, chunks, airFrames int) {
	t.Helper()
	for _, m := range ms {
		switch k := m.Kind.(type) {
		case *protocol.ChunkMessage_Chunk:
			chunks++
			ps = append(ps, k.Chunk.GetPos().Chunk())
		case *protocol.ChunkMessage_Air:
			airFrames++
			more, err := k.Air.Positions()
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, more...)
		}
	}
	return ps, chunks, airFrames
}

// TestAirSectionsOnlyForClientsThatAsk joins two clients at one place, one
// granted air-sections: both are sent the same sections and hold the same
// revisions; the first gets the blank ones (uniform air at revision 0) in
// one AirSections frame a tick at most, the second as Chunks of uniform
// air.
func TestAirSectionsOnlyForClientsThatAsk(t *testing.T) {
	w := newDeliverWorld(t)
	// A first client keeps the sections resident while one of them is
	// edited to stone and back: uniform air at revision 2, not blank, so
	// sent to both others as a Chunk.
	w.join("first", newChunkConn([]string{}))
	store := ecs.Resource[resources.ChunkStore](w.app)
	edited := chunk.PosOfBlock(8, 90, 8)
	for range 10 {
		if store.Has(edited) {
			break
		}
		w.step(1)
	}
	if changed, _ := store.SetBlock(8, 90, 8, chunk.Stone); !changed {
		t.Fatalf("no section at %v to edit", edited)
	}
	store.SetBlock(8, 90, 8, chunk.Air)
	ac := newChunkConn([]string{protocol.FeatureBatchedDrops, protocol.FeatureAirSections})
	lc := newChunkConn([]string{protocol.FeatureBatchedDrops, protocol.FeatureAirSections, protocol.FeatureColumnLists})
	cc := newChunkConn([]string{protocol.FeatureBatchedDrops})
	withAir, byColumn, without := w.join("air", ac), w.join("columns", lc), w.join("chunks", cc)
	w.step(6)
	ams, lms := ac.takeChunks(), lc.takeChunks()
	aps, achunks, airFrames := sectionsIn(t, ams)
	lps, lchunks, lairFrames := sectionsIn(t, lms)
	cms := cc.takeChunks()
	cps, _, _ := sectionsIn(t, cms)
	// Each turn's blank sections follow its Chunks: the same sections,
	// in another order.
	slices.SortFunc(aps, chunk.ComparePos)
	slices.SortFunc(lps, chunk.ComparePos)
	if sorted := slices.SortedFunc(slices.Values(cps), chunk.ComparePos); len(aps) == 0 || !slices.Equal(aps, sorted) || !slices.Equal(lps, sorted) {
		t.Fatalf("sent %d sections with air-sections, %d by column and %d without, or not the same", len(aps), len(lps), len(cps))
	}
	// By column: the same frames, smaller, with no triples.
	airBytes := func(ms []*protocol.ChunkMessage) (n, triples int) {
		for _, m := range ms {
			if a := m.GetAir(); a != nil {
				enc, err := wire.EncodeChunk(m)
				if err != nil {
					t.Fatal(err)
				}
				n, triples = n+enc.Len(), triples+len(a.GetCoords())/3
			}
		}
		return n, triples
	}
	ab, _ := airBytes(ams)
	if lb, triples := airBytes(lms); lchunks != achunks || lairFrames != airFrames || triples != 0 || lb >= ab {
		t.Fatalf("by column: %d Chunks, %d AirSections of %d bytes with %d triples; by position %d, %d of %d bytes", lchunks, lairFrames, lb, triples, achunks, airFrames, ab)
	}
	blank, sawEdited := 0, false
	for _, m := range cms {
		c := m.GetChunk()
		sec, err := chunk.Decode(c.GetData())
		if err != nil {
			t.Fatal(err)
		}
		if sec == chunk.Uniform(chunk.Air) && c.GetRevision() == 0 {
			blank++
		}
		if c.GetPos().Chunk() == edited {
			sawEdited = true
			if c.GetRevision() != 2 || sec != chunk.Uniform(chunk.Air) {
				t.Fatalf("edited section sent at revision %d", c.GetRevision())
			}
		}
	}
	if !sawEdited || blank == 0 || achunks != len(cps)-blank || airFrames == 0 || airFrames > 6 {
		t.Fatalf("%d blank of %d sections: %d sent as Chunks in %d AirSections frames", blank, len(cps), achunks, airFrames)
	}
	if d := ecs.Resource[DeliverySystem](w.app); d.SentAir != 2*uint64(blank) {
		t.Fatalf("SentAir %d, want the %d blank sections twice", d.SentAir, blank)
	}
	c := component[components.Delivery](w, without)
	for _, air := range []struct {
		id   uint64
		conn *chunkConn
	}{{withAir, ac}, {byColumn, lc}} {
		a := component[components.Delivery](w, air.id)
		if a.Pending.Len() != 0 || a.Held.Len() != c.Held.Len() {
			t.Fatalf("held %d (%d pending) and %d", a.Held.Len(), a.Pending.Len(), c.Held.Len())
		}
		c.Held.Each(func(p chunk.Pos, rev uint64) {
			if got, ok := a.Held.Get(p); !ok || got != rev || !air.conn.Holds(p) {
				t.Fatalf("%v: held at %d (%v, client %v), want %d", p, got, ok, air.conn.Holds(p), rev)
			}
		})
	}
}

// TestAirSectionsWaitForQueueRoom: a client whose queue takes a turn's
// Chunks but not its AirSections holds only the Chunks' sections, the
// blank ones staying pending, until the AirSections goes out.
func TestAirSectionsWaitForQueueRoom(t *testing.T) {
	t.Run("positions", func(t *testing.T) { testAirSectionsWaitForQueueRoom(t, protocol.FeatureAirSections) })
	t.Run("columns", func(t *testing.T) {
		testAirSectionsWaitForQueueRoom(t, protocol.FeatureAirSections, protocol.FeatureColumnLists)
	})
}

func testAirSectionsWaitForQueueRoom(t *testing.T, features ...string) {
	w := newDeliverWorld(t)
	c := newChunkConn(features)
	c.refuseAir = true
	p := w.join("p", c)
	w.step(1)
	// In the ground's section: the nearest sections are ground and sky.
	*component[components.Position](w, p) = components.Position{X: 0.5, Y: 40, Z: 0.5}
	w.step(4)
	ps, chunks, airFrames := sectionsIn(t, c.takeChunks())
	d := component[components.Delivery](w, p)
	if chunks == 0 || airFrames != 0 || d.Held.Len() != len(ps) || d.Pending.Len() == 0 {
		t.Fatalf("with AirSections refused: %d Chunks, %d AirSections, %d held, %d pending", chunks, airFrames, d.Held.Len(), d.Pending.Len())
	}
	for _, q := range ps {
		if !d.Held.Has(q) {
			t.Fatalf("%v sent but not held", q)
		}
	}
	c.mu.Lock()
	c.refuseAir = false
	c.mu.Unlock()
	w.step(4)
	d = component[components.Delivery](w, p)
	if _, _, airFrames := sectionsIn(t, c.takeChunks()); airFrames == 0 || d.Pending.Len() != 0 {
		t.Fatalf("once there was room: %d AirSections, %d pending", airFrames, d.Pending.Len())
	}
	d.Held.Each(func(q chunk.Pos, _ uint64) {
		if !c.Holds(q) {
			t.Fatalf("%v recorded as held but never sent", q)
		}
	})
}

// TestDropsWaitForQueueRoom moves a client whose chunk queue is full: its
// Drops wait (nothing is forgotten that the client was not told of), and
// go out once there is room, after which it holds only its new view.
func TestDropsWaitForQueueRoom(t *testing.T) {
	for _, features := range [][]string{{protocol.FeatureBatchedDrops}, {protocol.FeatureBatchedDrops, protocol.FeatureColumnLists}, {}, {protocol.FeatureAirSections}} {
		w := newDeliverWorld(t)
		c := newChunkConn(features)
		p := w.join("p", c)
		w.step(3)
		before := component[components.Delivery](w, p).Held.Len()
		c.setFull(true)
		*component[components.Position](w, p) = components.Position{X: 40.5, Y: 64, Z: 0.5}
		w.step(2)
		d := component[components.Delivery](w, p)
		if v := component[components.View](w, p); *v == d.For || d.Held.Len() != before {
			t.Fatalf("features %v: with a full queue the view change went through (held %d, was %d)", features, d.Held.Len(), before)
		}
		c.setFull(false)
		w.step(2)
		d = component[components.Delivery](w, p)
		v := component[components.View](w, p)
		if *v != d.For {
			t.Fatalf("features %v: view change not applied once the queue had room", features)
		}
		d.Held.Each(func(q chunk.Pos, _ uint64) {
			if !v.Contains(q) {
				t.Fatalf("features %v: %v held outside the new view", features, q)
			}
			if !c.Holds(q) {
				t.Fatalf("features %v: %v recorded as held but the client dropped it or never got it", features, q)
			}
		})
	}
}

// TestViewShrinksWhileDropsWait: a client's view shrinks and moves while
// its chunk queue is full and sections of the old view are still pending.
// They stay the old view's (the pending set is of the view it was
// computed for) until the Drops go out; then the client holds exactly
// what it was sent, all in its new view.
func TestViewShrinksWhileDropsWait(t *testing.T) {
	w := newDeliverWorld(t)
	c := newChunkConn([]string{protocol.FeatureBatchedDrops})
	p := w.join("p", c)
	w.step(2)
	if d := component[components.Delivery](w, p); d.Pending.Len() == 0 || d.Held.Len() == 0 {
		t.Fatalf("held %d, pending %d after two ticks: the test needs a view half sent", d.Held.Len(), d.Pending.Len())
	}
	c.setFull(true)
	component[components.Follow](w, p).Radius = 1
	*component[components.Position](w, p) = components.Position{X: 40.5, Y: 64, Z: 0.5}
	w.step(2)
	c.setFull(false)
	w.step(4)
	d := component[components.Delivery](w, p)
	v := component[components.View](w, p)
	if *v != d.For || v.Radius != 1 || d.Pending.Len() != 0 {
		t.Fatalf("view %+v, delivered for %+v, %d pending: want the new view, all sent", *v, d.For, d.Pending.Len())
	}
	d.Held.Each(func(q chunk.Pos, _ uint64) {
		if !v.Contains(q) || !c.Holds(q) {
			t.Fatalf("%v held (in the new view: %v, by the client: %v)", q, v.Contains(q), c.Holds(q))
		}
	})
}

// TestParallelDeliveryDeterministic runs one script with one worker and
// with four, with enough clients for the loop over them to split: moving
// clients and edited sections (frames encoded in the loop and kept after
// it). Every client gets the same chunk frames in the same order, and the
// frames made in the loop are kept on the store. Under -race it also
// checks that a turn touches nothing shared.
func TestParallelDeliveryDeterministic(t *testing.T) {
	run := func(workers int) (map[uint64][]string, SectionFrames) {
		w := newDeliverWorld(t, ecs.WithWorkers(workers))
		store := ecs.Resource[resources.ChunkStore](w.app)
		conns := map[uint64]*chunkConn{}
		var ids []uint64
		for i := range 40 {
			features := []string{protocol.FeatureBatchedDrops}
			if i%2 == 0 {
				features = append(features, protocol.FeatureAirSections)
			}
			if i%3 == 0 {
				features = append(features, protocol.FeatureColumnLists)
			}
			c := newChunkConn(features)
			id := w.join(fmt.Sprintf("p%d", i), c)
			conns[id], ids = c, append(ids, id)
		}
		w.step(3)
		out := map[uint64][]string{}
		for tick := range 30 {
			for k, id := range ids {
				if (k+tick)%4 == 0 {
					x := 0.5 + float64((k*13+tick*7)%96) - 48
					*component[components.Position](w, id) = components.Position{X: x, Y: 64, Z: 0.5 + float64(k%5)*9}
				}
			}
			for k := range 8 {
				store.SetBlock(k*5-20, 70, tick%16-8, chunk.Stone)
			}
			w.step(1)
			for id, c := range conns {
				for _, m := range c.takeChunks() {
					out[id] = append(out[id], m.String())
				}
			}
		}
		return out, *ecs.Resource[SectionFrames](w.app)
	}
	one, oneFrames := run(1)
	four, fourFrames := run(4)
	total := 0
	for id, msgs := range one {
		total += len(msgs)
		if !slices.Equal(msgs, four[id]) {
			t.Fatalf("client %d: %d chunk frames with one worker, %d with four, or in another order", id, len(msgs), len(four[id]))
		}
	}
	if total < 2000 {
		t.Fatalf("only %d chunk frames: the script does not exercise delivery", total)
	}
	if oneFrames.Misses == 0 || oneFrames.Misses != fourFrames.Misses || oneFrames.Hits != fourFrames.Hits {
		t.Fatalf("frames made %d/%d, reused %d/%d, with one and four workers", oneFrames.Misses, fourFrames.Misses, oneFrames.Hits, fourFrames.Hits)
	}
}

// TestPooledInputsLiveOneTick: an input in a pooled message is read in
// the tick it is ingested in, and its message is not handed out again
// before that tick is over.
func TestPooledInputsLiveOneTick(t *testing.T) {
	w := newDeliverWorld(t)
	var pool wire.InputPool
	p := w.join("p", newChunkConn(nil))
	w.step(1)
	var seen []*protocol.Input
	Handle(w.app, "test", func(_ *ecs.Context, _ Sender, m *protocol.ClientMessage_Input) { seen = append(seen, m.Input) })
	m := pool.Get()
	m.Input().InputTick = 41
	w.src.Push(InEvent{Kind: wire.Message, ID: p, Msg: m.Msg(), Pooled: m})
	w.step(1)
	if len(seen) != 1 || seen[0] != m.Input() || seen[0].InputTick != 41 {
		t.Fatalf("inputs seen %v, want the pooled one", seen)
	}
	for range 100 {
		if got := pool.Get(); got == m {
			t.Fatal("the message was back in the pool during the tick after it arrived")
		}
	}
}

// TestBlankSectionsOfAnEnteredViewGoAtOnce serves one client turn by turn
// over a store filled by hand: ground to y = 4, air above, one section of
// air edited (revision 2) and one column not resident. Its first turn
// sends every blank section of the view in one AirSections, outside the
// per-tick budget, and no more Chunks than the budget; the rest stays
// pending and goes out in later turns, the column that turns resident
// later included, none twice.
func TestBlankSectionsOfAnEnteredViewGoAtOnce(t *testing.T) {
	for _, features := range [][]string{
		{protocol.FeatureAirSections},
		{protocol.FeatureAirSections, protocol.FeatureColumnLists},
	} {
		t.Run(fmt.Sprint(features), func(t *testing.T) {
			const ground, budget = 4, 8
			store := resources.NewChunkStore()
			missing := [2]int32{17, 14}
			edited := chunk.Pos{X: 15, Y: 8, Z: 16}
			fill := func(x, z int32) {
				for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
					p, sec, rev := chunk.Pos{X: x, Y: y, Z: z}, chunk.Uniform(chunk.Air), uint64(0)
					if y <= ground {
						sec = chunk.Uniform(chunk.Stone)
					}
					if p == edited {
						rev = 2
					}
					if err := store.Insert(p, sec, rev); err != nil {
						t.Fatal(err)
					}
				}
			}
			for x := int32(0); x < 30; x++ {
				for z := int32(0); z < 30; z++ {
					if [2]int32{x, z} != missing {
						fill(x, z)
					}
				}
			}
			s := newDeliver(DeliveryBudget{Sections: budget}.WithDefaults(), store, nil, nil, zerolog.Nop())
			v := components.View{Center: chunk.Pos{X: 15, Y: 6, Z: 15}, Radius: 4, Pad: 1}
			sh := s.shape(v.Radius, v.Pad)
			var inView, blank []chunk.Pos
			for _, o := range sh.offs {
				p := v.Center.Add(o.X, o.Y, o.Z)
				if !p.InWorld() {
					continue
				}
				inView = append(inView, p)
				if p.Y > ground && p != edited && [2]int32{p.X, p.Z} != missing {
					blank = append(blank, p)
				}
			}
			conn := newChunkConn(features)
			var d components.Delivery
			w := &deliverWorker{}
			w.mk = func(p chunk.Pos, rev uint64, sec *chunk.Section) []byte { return w.enc.Encode(p, rev, sec).Bytes() }
			turn := func() ([]chunk.Pos, int, int) {
				w.reader.Reset(store)
				s.serve(w, turn{conn, &d, v}, time.Now().Add(time.Hour))
				return sectionsIn(t, conn.takeChunks())
			}
			ps, chunks, airFrames := turn()
			if chunks != budget || airFrames != 1 || len(ps) != budget+len(blank) || len(d.Entered) != 0 {
				t.Fatalf("first turn: %d Chunks, %d AirSections, %d sections (want %d Chunks and the %d blank ones in one frame), %d columns left to sweep", chunks, airFrames, len(ps), budget, len(blank), len(d.Entered))
			}
			if air := ps[budget:]; !slices.Equal(slices.SortedFunc(slices.Values(air), chunk.ComparePos), slices.SortedFunc(slices.Values(blank), chunk.ComparePos)) {
				t.Fatalf("first turn's AirSections: %v, want %v", air, blank)
			}
			if d.Held.Len() != len(ps) || d.Pending.Len() != len(inView)-len(ps) {
				t.Fatalf("first turn: %d held, %d pending, of %d in view", d.Held.Len(), d.Pending.Len(), len(inView))
			}
			// The rest, nearest first once the missing column is resident.
			fill(missing[0], missing[1])
			var rest []chunk.Pos
			for range 100 {
				more, _, _ := turn()
				rest = append(rest, more...)
				if d.Pending.Len() == 0 {
					break
				}
			}
			if d.Pending.Len() != 0 || d.Held.Len() != len(inView) {
				t.Fatalf("%d pending, %d held of %d", d.Pending.Len(), d.Held.Len(), len(inView))
			}
			for _, p := range inView {
				if !d.Held.Has(p) || !conn.Holds(p) {
					t.Fatalf("%v never sent", p)
				}
			}
			if len(rest)+len(ps) != len(inView) {
				t.Fatalf("%d sections sent, %d in view: some twice", len(rest)+len(ps), len(inView))
			}
		})
	}
}

// TestBlankSweepKeepsToOneFrame: a view whose blank sections outnumber
// one AirSections frame's positions (radius 16 over open sky) is swept
// a frame's worth a turn, by column, and the rest the next turn.
func TestBlankSweepKeepsToOneFrame(t *testing.T) {
	store := resources.NewChunkStore()
	for x := int32(0); x < 40; x++ {
		for z := int32(0); z < 40; z++ {
			for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
				if err := store.Insert(chunk.Pos{X: x, Y: y, Z: z}, chunk.Uniform(chunk.Air), 0); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	s := newDeliver(DeliveryBudget{}.WithDefaults(), store, nil, nil, zerolog.Nop())
	v := components.View{Center: chunk.Pos{X: 20, Y: 8, Z: 20}, Radius: 16, Pad: 1}
	sh := s.shape(v.Radius, v.Pad)
	inView := 0
	for _, o := range sh.offs {
		if v.Center.Add(o.X, o.Y, o.Z).InWorld() {
			inView++
		}
	}
	if inView <= wire.MaxDropsPerFrame {
		t.Fatalf("%d sections in view: not more than a frame holds", inView)
	}
	conn := newChunkConn([]string{protocol.FeatureAirSections, protocol.FeatureColumnLists})
	var d components.Delivery
	w := &deliverWorker{}
	w.mk = func(p chunk.Pos, rev uint64, sec *chunk.Section) []byte { return w.enc.Encode(p, rev, sec).Bytes() }
	turn := func() (int, int, int) {
		w.reader.Reset(store)
		s.serve(w, turn{conn, &d, v}, time.Now().Add(time.Hour))
		ms := conn.takeChunks()
		for _, m := range ms {
			if a := m.GetAir(); a != nil && len(a.GetCoords()) != 0 {
				t.Fatalf("an AirSections by position, %d coordinates", len(a.GetCoords()))
			}
		}
		ps, chunks, airFrames := sectionsIn(t, ms)
		return len(ps), chunks, airFrames
	}
	first, chunks, airFrames := turn()
	if chunks != 0 || airFrames != 1 || first > wire.MaxDropsPerFrame || len(d.Entered) == 0 {
		t.Fatalf("first turn: %d sections in %d Chunks and %d AirSections, %d columns left to sweep", first, chunks, airFrames, len(d.Entered))
	}
	second, chunks, airFrames := turn()
	if chunks != 0 || airFrames != 1 || first+second != inView || len(d.Entered) != 0 || d.Pending.Len() != 0 || d.Held.Len() != inView {
		t.Fatalf("second turn: %d sections in %d Chunks and %d AirSections (%d of %d in all), %d columns left, %d pending", second, chunks, airFrames, first+second, inView, len(d.Entered), d.Pending.Len())
	}
}
