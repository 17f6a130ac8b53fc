package transport_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// streamCounter is a client session that counts the server streams it
// accepted.
type streamCounter struct {
	*transport.PipeEnd
	accepted *atomic.Int32
}

func (s streamCounter) AcceptUniStream(ctx context.Context) (transport.ReceiveStream, error) {
	st, err := s.PipeEnd.AcceptUniStream(ctx)
	if err == nil {
		s.accepted.Add(1)
	}
	return st, err
}

// TestLODStream: a client granted "lod" gets a second server stream, the
// LOD stream (docs/protocol.md §5.6), on which its LOD frames come, and
// still its level-0 sections; a client without the feature gets only the
// chunk stream. Both streams are compressed when deflate-chunks is
// granted (the Go client asks for it).
func TestLODStream(t *testing.T) {
	tests := []struct {
		name    string
		lod     bool
		streams int32
	}{
		{"with lod", true, 2},
		{"without lod", false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newMemHarness(t, nil)
			pos := chunk.Pos{X: 1, Y: 2, Z: -3}
			stone := chunk.Uniform(chunk.Stone)
			h.onConnected = func(c *transport.Client) {
				if c.HasFeature(protocol.FeatureLOD) {
					e, err := wire.EncodeLODSection(pos, 3, 1, chunk.Encode(&stone))
					if err != nil {
						t.Error(err)
					}
					if !e.IsLOD() || !e.IsChunk() {
						t.Error("a LOD section's frame is not marked for the LOD stream")
					}
					c.SendEncoded(e)
				}
				c.SendChunk(protocol.NewChunk(pos, 3, chunk.Encode(&stone)))
			}
			var accepted atomic.Int32
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			c, err := client.Open(ctx, streamCounter{h.pipe(transport.PipeConfig{}), &accepted},
				client.Options{Name: "dora", ViewDistance: 2, LOD: tt.lod, Log: nettest.Logger(t)})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if got := c.HasFeature(protocol.FeatureLOD); got != tt.lod {
				t.Fatalf("lod granted %v, want %v", got, tt.lod)
			}
			deadline := time.Now().Add(5 * time.Second)
			for (c.Stats().Chunks == 0 || tt.lod && c.LODCount(3) == 0 || accepted.Load() < tt.streams) && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
			if c.Stats().Chunks != 1 {
				t.Errorf("%d chunks, want 1", c.Stats().Chunks)
			}
			if tt.lod && c.LODCount(3) != 1 {
				t.Errorf("%d level-3 LOD sections, want 1", c.LODCount(3))
			}
			if st := c.Stats(); tt.lod != (st.LODWireBytes > 0) || st.LODWireBytes > st.ChunkWireBytes {
				t.Errorf("LOD stream %d bytes on the wire of %d", st.LODWireBytes, st.ChunkWireBytes)
			}
			time.Sleep(20 * time.Millisecond) // a stream too many would show
			if n := accepted.Load(); n != tt.streams {
				t.Errorf("%d server streams accepted, want %d", n, tt.streams)
			}
		})
	}
}
