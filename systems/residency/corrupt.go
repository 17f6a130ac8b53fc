package residency

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// How long corrupt sections found in a burst are held before they are
// reported, in ticks: until none was found for corruptQuiet ticks (or
// nothing is in flight), and never longer than corruptHold. A bad Pebble
// block holds many adjacent sections, which come back over a few ticks;
// gathering them makes one line per key range instead of one per section.
const (
	corruptQuiet = 5
	corruptHold  = 100
)

// corruptListed bounds the positions one line lists; the range and count
// say the rest.
const corruptListed = 32

// corruptReport gathers the sections newly found corrupt (each once: the
// Backlog remembers the ones reported) and logs them grouped by storage
// region — 32×32 columns, one contiguous key range — in key order.
type corruptReport struct {
	log         zerolog.Logger
	found       []corruptFind
	first, last uint64 // ticks of the first and the last find held
}

type corruptFind struct {
	pos chunk.Pos
	key []byte
	err error
}

// add holds p, found corrupt at tick, for the next report.
func (c *corruptReport) add(p chunk.Pos, err error, tick uint64) {
	if len(c.found) == 0 {
		c.first = tick
	}
	c.last = tick
	c.found = append(c.found, corruptFind{pos: p, key: storage.SectionKey(p), err: err})
}

// flushIfSettled reports what is held once the burst looks over: idle
// (nothing in flight), quiet for corruptQuiet ticks, or held for
// corruptHold.
func (c *corruptReport) flushIfSettled(tick uint64, idle bool) {
	if len(c.found) == 0 {
		return
	}
	if idle || tick-c.last >= corruptQuiet || tick-c.first >= corruptHold {
		c.flush()
	}
}

// flush logs every section held, one line per region, and forgets them.
func (c *corruptReport) flush() {
	if len(c.found) == 0 {
		return
	}
	slices.SortFunc(c.found, func(a, b corruptFind) int { return bytes.Compare(a.key, b.key) })
	for i := 0; i < len(c.found); {
		j := i + 1
		for j < len(c.found) && sameRegion(c.found[i].pos, c.found[j].pos) {
			j++
		}
		c.line(c.found[i:j])
		i = j
	}
	clear(c.found)
	c.found = c.found[:0]
}

// line logs one region's corrupt sections, in key order.
func (c *corruptReport) line(g []corruptFind) {
	first, last := g[0], g[len(g)-1]
	ev := c.log.Error().Err(first.err)
	if len(g) == 1 {
		ev.Stringer("pos", first.pos).Str("key", hex.EncodeToString(first.key)).
			Msg("corrupt section record: not served, never regenerated over, retried with back-off")
		return
	}
	listed := make([]string, 0, min(len(g), corruptListed))
	for _, f := range g[:min(len(g), corruptListed)] {
		listed = append(listed, f.pos.String())
	}
	ev.Int("sections", len(g)).
		Str("region", fmt.Sprintf("%d,%d", first.pos.X>>storage.RegionShift, first.pos.Z>>storage.RegionShift)).
		Stringer("first", first.pos).Stringer("last", last.pos).
		Str("key_from", hex.EncodeToString(first.key)).Str("key_to", hex.EncodeToString(last.key)).
		Strs("positions", listed).
		Msg("corrupt section records: not served, never regenerated over, retried with back-off")
}

func sameRegion(a, b chunk.Pos) bool {
	return a.X>>storage.RegionShift == b.X>>storage.RegionShift && a.Z>>storage.RegionShift == b.Z>>storage.RegionShift
}
