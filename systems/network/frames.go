package network

import (
	"sync"

	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// SectionFrames hands out sections encoded as Chunk frames, encoding each
// (position, revision) once however many clients receive it. The frames
// live on the chunk store's entries (ChunkStore.DeriveAll), made on the
// generation workers (Derive) or, after an edit, on the first delivery;
// they go when the section changes or is evicted, and no second map of
// every resident section is kept.
type SectionFrames struct {
	// Hits and Misses count lookups, for metrics.
	Hits, Misses uint64
	enc          wire.SectionEncoder
	mk           func(chunk.Pos, uint64, *chunk.Section) []byte
	workers      sync.Pool // *wire.SectionEncoder, for Derive
}

// NewSectionFrames returns a cache.
func NewSectionFrames() *SectionFrames {
	c := &SectionFrames{}
	c.mk = func(p chunk.Pos, rev uint64, sec *chunk.Section) []byte {
		c.Misses++
		return c.enc.Encode(p, rev, sec).Bytes()
	}
	return c
}

// Lookup appends, for each position of ps, the Chunk frame (as bytes,
// see wire.ChunkFrame) of the resident section there and its
// revision, encoding it on a miss. It works in batches for the reason
// ChunkStore.DeriveAll gives.
func (c *SectionFrames) Lookup(store *resources.ChunkStore, ps []chunk.Pos, out []resources.Derivation) []resources.Derivation {
	misses, start := c.Misses, len(out)
	out = store.DeriveAll(ps, c.mk, out)
	for _, d := range out[start:] {
		if d.Resident {
			c.Hits++
		}
	}
	c.Hits -= c.Misses - misses // those were encoded here
	return out
}

// Derive encodes a section's frame on a generation worker (a
// resources.Deriver): sections arrive in the store already encoded, and a
// section's first delivery costs the tick a lookup, not an encoding.
//
// A blank section (uniform air at revision 0) gets none: clients granted
// air-sections, the default, are told of it by position, and the sky is
// most of a world, so its frames would be most of the collector's objects
// (one small allocation per section, marked every cycle) for nobody. A
// client without the feature has it encoded on its first delivery.
func (c *SectionFrames) Derive(p chunk.Pos, rev uint64, sec chunk.Section) []byte {
	if resources.Blank(&sec, rev) {
		return nil
	}
	enc, _ := c.workers.Get().(*wire.SectionEncoder)
	if enc == nil {
		enc = &wire.SectionEncoder{}
	}
	defer c.workers.Put(enc)
	return enc.Encode(p, rev, &sec).Bytes()
}
