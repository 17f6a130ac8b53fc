package systems

import (
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// EncodedCache holds sections encoded as Chunk frames, by position and
// revision, so a section is encoded once however many clients receive it.
type EncodedCache struct {
	m map[chunk.Pos]encodedEntry
	// Hits and Misses count lookups, for metrics.
	Hits, Misses uint64
	// Bytes is the size of the cached frames.
	Bytes int
}

type encodedEntry struct {
	rev uint64
	enc transport.Encoded
}

// NewEncodedCache returns an empty cache.
func NewEncodedCache() *EncodedCache { return &EncodedCache{m: map[chunk.Pos]encodedEntry{}} }

// Get returns the Chunk frame of the resident section at p, encoding it
// on a miss or when the section changed since it was cached.
func (c *EncodedCache) Get(store *resources.ChunkStore, p chunk.Pos) (transport.Encoded, bool) {
	rev, ok := store.Revision(p)
	if !ok {
		return transport.Encoded{}, false
	}
	if e, ok := c.m[p]; ok && e.rev == rev {
		c.Hits++
		return e.enc, true
	}
	c.Misses++
	sec, _ := store.Section(p)
	enc, err := transport.EncodeChunk(protocol.NewChunk(p, rev, chunk.Encode(&sec)))
	if err != nil {
		return transport.Encoded{}, false // cannot happen below the 1 MiB cap
	}
	if old, ok := c.m[p]; ok {
		c.Bytes -= old.enc.Len()
	}
	c.m[p] = encodedEntry{rev: rev, enc: enc}
	c.Bytes += enc.Len()
	return enc, true
}

// Prune forgets sections that are no longer resident.
func (c *EncodedCache) Prune(store *resources.ChunkStore) {
	for p, e := range c.m {
		if !store.Has(p) {
			c.Bytes -= e.enc.Len()
			delete(c.m, p)
		}
	}
}

// Len returns the number of cached sections.
func (c *EncodedCache) Len() int { return len(c.m) }
