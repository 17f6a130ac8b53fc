package systems

import (
	"sync"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// EncodedCache hands out sections encoded as Chunk frames, encoding each
// (position, revision) once however many clients receive it. The frames
// live on the chunk store's entries (ChunkStore.DeriveAll), made on the
// generation workers (Derive) or, after an edit, on the first delivery;
// they go when the section changes or is evicted, and no second map of
// every resident section is kept.
type EncodedCache struct {
	// Hits and Misses count lookups, for metrics.
	Hits, Misses uint64
	enc          transport.SectionEncoder
	mk           func(chunk.Pos, uint64, *chunk.Section) []byte
	workers      sync.Pool // *transport.SectionEncoder, for Derive
	derived      []resources.Derivation
}

// NewEncodedCache returns a cache.
func NewEncodedCache() *EncodedCache {
	c := &EncodedCache{}
	c.mk = func(p chunk.Pos, rev uint64, sec *chunk.Section) []byte {
		c.Misses++
		return c.enc.Encode(p, rev, sec).Bytes()
	}
	return c
}

// GetAll appends, for each position of ps, the Chunk frame of the
// resident section there and its revision, encoding it on a miss. It works
// in batches for the reason ChunkStore.DeriveAll gives.
func (c *EncodedCache) GetAll(store *resources.ChunkStore, ps []chunk.Pos, out []Frame) []Frame {
	misses := c.Misses
	c.derived = store.DeriveAll(ps, c.mk, c.derived[:0])
	resident := uint64(0)
	for _, d := range c.derived {
		out = append(out, Frame{Encoded: transport.ChunkFrame(d.Bytes), Revision: d.Revision, Resident: d.Resident})
		if d.Resident {
			resident++
		}
	}
	c.Hits += resident - (c.Misses - misses) // the rest were encoded here
	clear(c.derived)
	return out
}

// Frame is one answer of GetAll.
type Frame struct {
	Encoded  transport.Encoded
	Revision uint64
	Resident bool
}

// Derive encodes a section's frame on a generation worker (a
// resources.Deriver): sections arrive in the store already encoded, and a
// section's first delivery costs the tick a lookup, not an encoding.
func (c *EncodedCache) Derive(p chunk.Pos, rev uint64, sec *chunk.Section) []byte {
	enc, _ := c.workers.Get().(*transport.SectionEncoder)
	if enc == nil {
		enc = &transport.SectionEncoder{}
	}
	defer c.workers.Put(enc)
	return enc.Encode(p, rev, sec).Bytes()
}
