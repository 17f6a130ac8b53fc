package systems

import (
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// EncodedCache hands out sections encoded as Chunk frames, encoding each
// (position, revision) once however many clients receive it. The frames
// live on the chunk store's entries (ChunkStore.SetCached), so they go
// when the section changes or is evicted, and no second map of every
// resident section is kept.
type EncodedCache struct {
	// Hits and Misses count lookups, for metrics.
	Hits, Misses uint64
}

// NewEncodedCache returns a cache.
func NewEncodedCache() *EncodedCache { return &EncodedCache{} }

// Get returns the Chunk frame of the resident section at p and its
// revision, encoding it on a miss.
func (c *EncodedCache) Get(store *resources.ChunkStore, p chunk.Pos) (transport.Encoded, uint64, bool) {
	v, rev, ok := store.Cached(p)
	if !ok {
		return transport.Encoded{}, 0, false
	}
	if enc, ok := v.(transport.Encoded); ok {
		c.Hits++
		return enc, rev, true
	}
	c.Misses++
	sec, _ := store.Section(p)
	enc, err := transport.EncodeChunk(protocol.NewChunk(p, rev, chunk.Encode(&sec)))
	if err != nil {
		return transport.Encoded{}, 0, false // cannot happen below the 1 MiB cap
	}
	store.SetCached(p, enc)
	return enc, rev, true
}
