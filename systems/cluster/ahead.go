package cluster

import (
	"slices"
	"time"

	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
)

// aheadTimeout is how long an edit shown ahead of the section feed waits
// for a stored copy that holds it. Past it, its section is reloaded from
// the store: the owner died or lost the region before its write, so the
// edit will never be stored.
const aheadTimeout = 5 * time.Second

// aheadReloadsPerTick bounds the reloads of unconfirmed sections one tick
// makes (each is a round trip, on the tick); the rest wait a tick.
const aheadReloadsPerTick = 16

// aheadEvery is how often, in ticks, the edits shown ahead are looked at
// for ones past aheadTimeout.
const aheadEvery = 20

// aheadEdit is an edit shown ahead of the feed, and when it was.
type aheadEdit struct {
	blockEdit
	at time.Time
}

// aheadEdits are the edits other shards published and this one showed
// before the section feed brought a stored copy holding them, by section.
// A stored copy at revision r confirms the edits at r or below; those
// above it are applied again over the copy, so that the blocks do not
// flicker back while an older write arrives.
type aheadEdits struct {
	m map[chunk.Pos][]aheadEdit
}

// add records e, shown at now.
func (a *aheadEdits) add(e blockEdit, now time.Time) {
	p := e.section()
	a.m[p] = append(a.m[p], aheadEdit{blockEdit: e, at: now})
}

// confirm drops the edits of p that a stored copy at revision rev holds
// and returns the newer ones, to apply over it; valid until the next add.
func (a *aheadEdits) confirm(p chunk.Pos, rev uint64) []aheadEdit {
	es, ok := a.m[p]
	if !ok {
		return nil
	}
	es = slices.DeleteFunc(es, func(e aheadEdit) bool { return e.Revision <= rev })
	if len(es) == 0 {
		delete(a.m, p)
		return nil
	}
	a.m[p] = es
	return es
}

// drop forgets p's edits.
func (a *aheadEdits) drop(p chunk.Pos) { delete(a.m, p) }

// expired appends to dst, in ComparePos order, the sections with an edit
// shown before now − timeout.
func (a *aheadEdits) expired(dst []chunk.Pos, now time.Time, timeout time.Duration) []chunk.Pos {
	start := len(dst)
	for p, es := range a.m {
		for _, e := range es {
			if now.Sub(e.at) >= timeout {
				dst = append(dst, p)
				break
			}
		}
	}
	slices.SortFunc(dst[start:], chunk.ComparePos)
	return dst
}

// inRegion appends to dst, in ComparePos order, the sections of r with
// edits.
func (a *aheadEdits) inRegion(dst []chunk.Pos, r rcluster.Region) []chunk.Pos {
	start := len(dst)
	for p := range a.m {
		if rcluster.RegionOf(p) == r {
			dst = append(dst, p)
		}
	}
	slices.SortFunc(dst[start:], chunk.ComparePos)
	return dst
}

// setIn sets e's block in sec, the section it is in.
func (e blockEdit) setIn(sec *chunk.Section) {
	lx, ly, lz := chunk.LocalOfBlock(int(e.X), int(e.Y), int(e.Z))
	sec.Set(lx, ly, lz, e.Block)
}
