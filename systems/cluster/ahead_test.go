package cluster

import (
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
)

// TestAheadEdits: a stored copy confirms the edits it holds and hands
// back the newer ones; edits left unconfirmed past the timeout, and those
// of a region taken, are found in a fixed order.
func TestAheadEdits(t *testing.T) {
	t0 := time.Unix(1000, 0)
	// Sections (0,3,0) and (1,3,0) in region (0,0); (-1,3,0) in region (-1,0).
	e := func(x int32, rev uint64) blockEdit {
		return blockEdit{X: x, Y: 63, Z: 5, Block: chunk.Stone, Revision: rev}
	}
	a := aheadEdits{m: map[chunk.Pos][]aheadEdit{}}
	a.add(e(1, 4), t0)
	a.add(e(2, 5), t0.Add(time.Second))
	a.add(e(3, 7), t0.Add(2*time.Second))
	a.add(e(17, 2), t0.Add(3*time.Second))
	a.add(e(-1, 9), t0.Add(4*time.Second))
	s0, s1, sm := chunk.Pos{X: 0, Y: 3, Z: 0}, chunk.Pos{X: 1, Y: 3, Z: 0}, chunk.Pos{X: -1, Y: 3, Z: 0}

	if got := a.expired(nil, t0.Add(3*time.Second), 5*time.Second); len(got) != 0 {
		t.Fatalf("expired before the timeout: %v", got)
	}
	if got, want := a.expired(nil, t0.Add(9*time.Second), 5*time.Second), []chunk.Pos{sm, s0, s1}; !slices.Equal(got, want) {
		t.Fatalf("expired = %v, want %v", got, want)
	}
	if got, want := a.inRegion(nil, rcluster.Region{}), []chunk.Pos{s0, s1}; !slices.Equal(got, want) {
		t.Fatalf("inRegion = %v, want %v", got, want)
	}

	for _, tc := range []struct {
		name string
		pos  chunk.Pos
		rev  uint64
		want []uint64 // revisions handed back
	}{
		{"older copy confirms nothing", s0, 3, []uint64{4, 5, 7}},
		{"copy at an edit confirms it", s0, 4, []uint64{5, 7}},
		{"copy between edits", s0, 6, []uint64{7}},
		{"copy holding all", s0, 7, nil},
		{"section with none", chunk.Pos{X: 5, Y: 3}, 1, nil},
		{"other section untouched by the others", s1, 1, []uint64{2}},
	} {
		var got []uint64
		for _, e := range a.confirm(tc.pos, tc.rev) {
			got = append(got, e.Revision)
		}
		if !slices.Equal(got, tc.want) {
			t.Fatalf("%s: confirm = %v, want %v", tc.name, got, tc.want)
		}
	}
	if _, ok := a.m[s0]; ok {
		t.Fatal("a confirmed section is still kept")
	}
	a.drop(s1)
	a.drop(sm)
	if len(a.m) != 0 {
		t.Fatalf("left after drop: %v", a.m)
	}
}

// TestBlockEditSetIn: an edit lands in its own cell of its section,
// negative coordinates included.
func TestBlockEditSetIn(t *testing.T) {
	for _, e := range []blockEdit{{X: 0, Y: 0, Z: 0}, {X: -1, Y: 63, Z: -17}, {X: 31, Y: -5, Z: 16}} {
		e.Block = chunk.Gravel
		sec := chunk.Uniform(chunk.Air)
		e.setIn(&sec)
		lx, ly, lz := chunk.LocalOfBlock(int(e.X), int(e.Y), int(e.Z))
		if sec.At(chunk.Index(lx, ly, lz)) != chunk.Gravel {
			t.Fatalf("%+v not set at %d,%d,%d", e, lx, ly, lz)
		}
		if e.section() != chunk.PosOfBlock(int(e.X), int(e.Y), int(e.Z)) {
			t.Fatalf("%+v: section %v", e, e.section())
		}
	}
}
