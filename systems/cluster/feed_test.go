package cluster

import (
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/residency"
)

// TestFeedRegions: the section feed follows the regions sections are
// resident in, keeps one whose last section left for the linger time,
// and is narrowed again only when the set changes.
func TestFeedRegions(t *testing.T) {
	changes := &residency.Changes{}
	var sets [][]rcluster.Region
	clock := time.Unix(1000, 0)
	s := newFeed(&Plugin{}, changes)
	s.set = func(r []rcluster.Region) { sets = append(sets, slices.Clone(r)) }
	s.now = func() time.Time { return clock }
	tick := uint64(0)
	step := func(ins, ev []chunk.Pos) {
		changes.Inserted, changes.Evicted = ins, ev
		for range feedEvery {
			tick++
			s.run(&ecs.Context{Tick: tick})
			changes.Inserted, changes.Evicted = nil, nil
		}
	}
	a, a2, b := chunk.Pos{X: 1, Y: 4, Z: 1}, chunk.Pos{X: 2, Y: 4, Z: 1}, chunk.Pos{X: -40, Y: 4, Z: 1}
	ra, rb := rcluster.RegionOf(a), rcluster.RegionOf(b)
	step([]chunk.Pos{a, a2, b}, nil)
	step(nil, nil)
	if len(sets) != 1 || !slices.Equal(sets[0], []rcluster.Region{rb, ra}) {
		t.Fatalf("sets %v, want one of [%v %v]", sets, rb, ra)
	}
	step(nil, []chunk.Pos{a, b})
	clock = clock.Add(feedLinger - time.Second)
	step(nil, nil)
	if len(sets) != 1 {
		t.Fatalf("narrowed before the linger time: %v", sets)
	}
	clock = clock.Add(2 * time.Second)
	step(nil, nil)
	if len(sets) != 2 || !slices.Equal(sets[1], []rcluster.Region{ra}) {
		t.Fatalf("after the linger: %v, want [%v] (a section of it is still resident)", sets, ra)
	}
	step([]chunk.Pos{b}, []chunk.Pos{a2})
	if len(sets) != 3 || !slices.Equal(sets[2], []rcluster.Region{rb, ra}) {
		t.Fatalf("after b came back: %v", sets)
	}
}
