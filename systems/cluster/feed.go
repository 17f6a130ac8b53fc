package cluster

import (
	"cmp"
	"slices"
	"time"

	"github.com/stratavox/strata/ecs"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/residency"
)

// feedEvery is how often, in ticks, the regions of the section feed are
// looked at again.
const feedEvery = 10

// feedLinger is how long a region stays in the section feed after this
// shard's last section of it left: a player walking along a border does
// not restart the watch at every step.
const feedLinger = 30 * time.Second

// feedSystem is watch_regions: it keeps the section feed, and the
// subscriptions to block edits (blockSubs), on the regions this shard
// holds sections of (and those it held one of in the last feedLinger),
// counted from what reconcile inserted and evicted.
type feedSystem struct {
	p       *Plugin
	changes *residency.Changes
	// set narrows the feed and the block subscriptions; linger is feedLinger.
	set    func([]rcluster.Region)
	linger time.Duration
	now    func() time.Time
	count  map[rcluster.Region]int
	// gone: when each region's last section left.
	gone    map[rcluster.Region]time.Time
	watched []rcluster.Region
	scratch []rcluster.Region
}

func newFeed(p *Plugin, changes *residency.Changes) *feedSystem {
	return &feedSystem{p: p, changes: changes, linger: feedLinger, now: time.Now,
		set: func(r []rcluster.Region) {
			p.feed.SetRegions(r)
			if !p.Config.FeedOnly {
				p.blockSubs.set(r)
			}
		},
		count: map[rcluster.Region]int{}, gone: map[rcluster.Region]time.Time{}}
}

func (s *feedSystem) run(ctx *ecs.Context) {
	for _, pos := range s.changes.Inserted {
		s.count[rcluster.RegionOf(pos)]++
	}
	now := s.now()
	for _, pos := range s.changes.Evicted {
		r := rcluster.RegionOf(pos)
		if s.count[r]--; s.count[r] <= 0 {
			delete(s.count, r)
			s.gone[r] = now
		}
	}
	if ctx.Tick%feedEvery != 0 {
		return
	}
	set := s.scratch[:0]
	for r := range s.count {
		set = append(set, r)
	}
	for r, at := range s.gone {
		switch {
		case s.count[r] > 0:
			delete(s.gone, r)
		case now.Sub(at) >= s.linger:
			delete(s.gone, r)
		default:
			set = append(set, r)
		}
	}
	slices.SortFunc(set, func(a, b rcluster.Region) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) })
	s.scratch = set
	if slices.Equal(set, s.watched) {
		return
	}
	s.watched = append(s.watched[:0], set...)
	s.p.Stats.WatchedRegions.Store(int64(len(set)))
	s.set(set)
}
