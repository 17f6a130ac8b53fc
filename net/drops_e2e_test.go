package transport_test

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// TestBatchedDropsEndToEnd: a client that asked for batched-drops is
// granted it, and a Drops frame reaches its user exactly as one Drop per
// section would; one that did not ask is not granted it.
func TestBatchedDropsEndToEnd(t *testing.T) {
	held := make([]chunk.Pos, 0, 40)
	for x := int32(-20); x < 20; x++ {
		held = append(held, chunk.Pos{X: x, Y: -1, Z: -x})
	}
	dropped := append(slices.Clone(held[:10]), held[30:]...)
	stone := chunk.Uniform(chunk.Stone)
	data := chunk.Encode(&stone)
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		h.onEvent = func(h *harness, ev transport.Event) {
			if ev.Kind != wire.Message || ev.Msg.GetSubscribe() == nil {
				return
			}
			for i, p := range held {
				ev.Client.SendChunk(protocol.NewChunk(p, uint64(i+1), data))
			}
			if !ev.Client.HasFeature(protocol.FeatureBatchedDrops) {
				for _, p := range dropped {
					ev.Client.SendChunk(protocol.NewDrop(p))
				}
				return
			}
			for _, e := range wire.EncodeDrops(dropped) {
				ev.Client.SendEncoded(e)
			}
		}
	})

	for _, batched := range []bool{true, false} {
		var mu sync.Mutex
		var got []chunk.Pos
		name := "plain"
		if batched {
			name = "batched"
		}
		c := h.mustDial(name, func(o *client.Options) {
			if batched {
				o.Features = []string{protocol.FeatureBatchedDrops}
			}
			o.Handlers.OnDrop = func(p chunk.Pos) {
				mu.Lock()
				got = append(got, p)
				mu.Unlock()
			}
		})
		if c.HasFeature(protocol.FeatureBatchedDrops) != batched {
			t.Fatalf("%s: feature granted %v, features %v", name, !batched, c.Welcome().GetFeatures())
		}
		if err := c.Subscribe(2); err != nil {
			t.Fatal(err)
		}
		waitFor(t, name+" drops", func() bool { return c.Stats().Drops == uint64(len(dropped)) })
		mu.Lock()
		if !slices.Equal(got, dropped) {
			t.Errorf("%s: OnDrop saw %v, want %v", name, got, dropped)
		}
		mu.Unlock()
		if st := c.Stats(); st.Sections != len(held)-len(dropped) || st.Chunks != uint64(len(held)) {
			t.Errorf("%s: stats %+v", name, st)
		}
		for _, p := range dropped {
			if _, ok := c.Section(p); ok {
				t.Errorf("%s: dropped section %v still held", name, p)
			}
		}
		if _, ok := c.Section(held[10]); !ok {
			t.Errorf("%s: kept section %v missing", name, held[10])
		}
		c.Close()
	}
}

// TestBadDropsClosesClient: a Drops or AirSections whose coords are not
// whole triples, or whose columns are not pairs with a mask each, is a
// broken server; the client closes with
// INVALID_MESSAGE rather than guessing which sections were meant.
func TestBadDropsClosesClient(t *testing.T) {
	for _, tt := range []struct {
		name    string
		feature string
		msg     *protocol.ChunkMessage
		says    string
	}{
		{"drops", protocol.FeatureBatchedDrops, &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Drops{Drops: &protocol.Drops{Coords: []int32{1, 2, 3, 4}}}}, "multiple of 3"},
		{"air", protocol.FeatureAirSections, &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Air{Air: &protocol.AirSections{Coords: []int32{1, 2, 3, 4, 5}}}}, "multiple of 3"},
		{"drops' columns", protocol.FeatureBatchedDrops, &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Drops{Drops: &protocol.Drops{Columns: []int32{1, 2, 3}, Masks: []uint32{1}}}}, "pairs"},
		{"air's masks", protocol.FeatureAirSections, &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Air{Air: &protocol.AirSections{Columns: []int32{1, 2}}}}, "pairs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, func(h *harness, cfg *transport.Config) {
				h.onEvent = func(h *harness, ev transport.Event) {
					if ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil {
						ev.Client.SendChunk(tt.msg)
					}
				}
			})
			var applied atomic.Int32
			c := h.mustDial("victim", func(o *client.Options) {
				o.Features = []string{tt.feature}
				o.Handlers.OnDrop = func(chunk.Pos) { applied.Add(1) }
				o.Handlers.OnChunk = func(chunk.Pos, uint64, []byte) { applied.Add(1) }
			})
			if err := c.Subscribe(2); err != nil {
				t.Fatal(err)
			}
			select {
			case <-c.Done():
			case <-time.After(5 * time.Second):
				t.Fatal("client still open after a bad message")
			}
			if err := c.Err(); err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("client error = %v", err)
			}
			ev := h.Wait("Disconnected", 5*time.Second, disconnectOf("victim"))
			if ev.Code != protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE {
				t.Errorf("server saw the close as %v (%v)", ev.Code, ev.Err)
			}
			if n := applied.Load(); n != 0 {
				t.Errorf("%d sections applied from a bad message", n)
			}
		})
	}
}
