package cluster

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// Feed is what this shard's key/value watches bring: the section feeds
// (WatchSections), the index of the entity, hand-over and column record
// keys stored (the entity-key watch), and the world records other shards
// write (FollowWorldRecords). mu guards the running section feeds and the
// world stream's handle; the indexes own their locks.
type Feed struct {
	*link
	mu        sync.Mutex
	watches   map[*sectionWatch]struct{}
	ents      entityIndex
	hands     handIndex
	colRecs   columnRecords // plugin column records' keys (records.go)
	worldRecs worldFollow   // other shards' world-record writes (worldfollow.go)
}

func newFeed(l *link) *Feed {
	return &Feed{link: l, watches: map[*sectionWatch]struct{}{},
		ents:  entityIndex{cols: map[[2]int32]bool{}},
		hands: handIndex{byCol: map[[2]int32][]string{}, landed: map[string]bool{}}}
}

// forget removes sw from the running feeds, reporting whether it ran.
func (f *Feed) forget(sw *sectionWatch) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, running := f.watches[sw]
	delete(f.watches, sw)
	return running
}

// stopWatches stops every running section feed and waits for each; the
// other watches end with ctx and stop.
func (f *Feed) stopWatches() {
	f.mu.Lock()
	ws := f.watches
	f.watches = map[*sectionWatch]struct{}{}
	f.mu.Unlock()
	for w := range ws {
		w.stop()
	}
}

// SectionUpdate is one change of a stored section seen by WatchSections.
type SectionUpdate struct {
	Pos      chunk.Pos
	Section  chunk.Section
	Revision uint64 // the section record's revision (not the KV revision)
	Deleted  bool
}

// sectionWatch is one WatchSections feed.
type sectionWatch struct {
	mu      sync.Mutex
	w       jetstream.KeyWatcher // the current watcher, replaced on a restart
	stopped bool
	kicked  bool // restart stopped the current watcher
	reset   bool // SetRegions stopped it, for a watcher of the new set
	// filtered is set once SetRegions was called: the feed watches the
	// regions of want (none: no watcher at all), else every section.
	filtered bool
	want     []Region
	// keys are the current watcher's key filters, for the stall check.
	keys []string
	wake chan struct{} // SetRegions or stop while no watcher runs
	done chan struct{}
	// last is the KV revision of the newest change delivered, or stored
	// when the feed started.
	last atomic.Uint64
}

// SectionFeed is a running WatchSections feed.
type SectionFeed struct {
	feed *Feed
	sw   *sectionWatch
}

// restart stops the current watcher, for the feed's goroutine to start
// another from the revision after the last one seen.
func (s *sectionWatch) restart() {
	s.mu.Lock()
	w := s.w
	s.kicked = true
	s.mu.Unlock()
	if w != nil {
		_ = w.Stop()
	}
}

func (s *sectionWatch) stop() {
	s.mu.Lock()
	s.stopped = true
	w := s.w
	s.mu.Unlock()
	if w != nil {
		_ = w.Stop()
	}
	s.poke()
	<-s.done
}

func (s *sectionWatch) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Stop ends the feed and waits for its callback to return; it may be
// called more than once.
func (sf *SectionFeed) Stop() {
	if sf.feed.forget(sf.sw) {
		sf.sw.stop()
	}
}

// SetRegions narrows the feed to the sections of regions, from then on
// until the next call: a shard watches the regions it holds sections of,
// not the whole world. A region added has every section stored in it
// delivered first (what was stored before it was watched), then its
// changes; nothing is delivered twice out of order. Safe from any
// goroutine.
func (sf *SectionFeed) SetRegions(regions []Region) {
	sw := sf.sw
	want := slices.Clone(regions)
	slices.SortFunc(want, compareRegions)
	want = slices.Compact(want)
	sw.mu.Lock()
	if sw.filtered && slices.Equal(sw.want, want) {
		sw.mu.Unlock()
		return
	}
	sw.filtered, sw.want, sw.reset = true, want, true
	w := sw.w
	sw.mu.Unlock()
	if w != nil {
		_ = w.Stop()
	}
	sw.poke()
}

func compareRegions(a, b Region) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) }

// regionSectionKeys are the key filters of regions' sections.
func regionSectionKeys(regions []Region) []string {
	keys := make([]string, len(regions))
	for i, r := range regions {
		keys[i] = "sec." + coord(r.X) + "." + coord(r.Z) + ".>"
	}
	return keys
}

// watchRetry is the pause before a section watch that ended is started
// again.
const watchRetry = 250 * time.Millisecond

// stallCheck is how often a section watch is compared with the stream:
// one that delivered nothing while a newer section change was stored, at
// two checks running, has stalled.
const stallCheck = 2 * time.Second

// WatchSections calls fn, on the watch's own goroutine, for every
// section stored or deleted from now on (by any shard, this one
// included), or only those of the regions of SetRegions once called.
// Corrupt values are logged and skipped. A watch that ends underneath
// (its consumer lost with a NATS node), or that stalls (a newer change is
// stored and none arrives, see stallCheck), is started again from the
// revision after the last one seen, so no change is missed. Stop ends the
// feed and waits for fn to return; Close stops it too.
func (f *Feed) WatchSections(fn func(SectionUpdate)) (*SectionFeed, error) {
	w, err := f.world.Watch(f.ctx, "sec.>", jetstream.UpdatesOnly())
	if err != nil {
		return nil, fmt.Errorf("watch sections: %w", err)
	}
	sw := &sectionWatch{w: w, keys: []string{"sec.>"}, wake: make(chan struct{}, 1), done: make(chan struct{})}
	f.mu.Lock()
	if f.ctx.Err() != nil {
		f.mu.Unlock()
		_ = w.Stop()
		return nil, fmt.Errorf("watch sections: %w", f.ctx.Err())
	}
	f.watches[sw] = struct{}{}
	f.mu.Unlock()
	if rev, err := f.lastSectionRevision(sw.keys); err == nil {
		sw.last.Store(rev) // what is stored already is not awaited
	}
	checking := make(chan struct{})
	go f.watchStalls(sw, checking)
	go func() {
		defer close(sw.done)
		defer close(checking)
		f.run(sw, w, fn)
	}()
	return &SectionFeed{feed: f, sw: sw}, nil
}

// run is a section feed's goroutine: it delivers what the watcher brings and
// starts another when it ends, was kicked, or the regions changed.
func (f *Feed) run(sw *sectionWatch, w jetstream.KeyWatcher, fn func(SectionUpdate)) {
	var last uint64 // the KV revision of the last change seen
	var have []Region
	all := true // w watches every section
	// skip holds, for the keys of the regions just added, the KV revision
	// their first delivery (the snapshot) brought: the watcher, resumed
	// from before it, brings those changes again, and older ones, which
	// must not overwrite it. Forgotten once the watcher is past skipTo.
	skip := map[string]uint64{}
	var skipTo uint64
	seen := func(rev uint64) {
		last = rev
		if last > sw.last.Load() {
			sw.last.Store(last) // one writer: this goroutine
		}
	}
	for {
		if w != nil {
			for e := range w.Updates() {
				if e == nil {
					continue
				}
				rev := e.Revision()
				if len(skip) > 0 {
					if rev > skipTo {
						clear(skip)
					} else if r, ok := skip[e.Key()]; ok && rev <= r {
						seen(rev)
						continue
					}
				}
				seen(rev)
				f.deliverSection(e, fn)
			}
		}
		for {
			sw.mu.Lock()
			stopped, kicked, reset := sw.stopped, sw.kicked, sw.reset
			filtered, want := sw.filtered, sw.want
			sw.kicked, sw.reset = false, false
			sw.mu.Unlock()
			if stopped || f.ctx.Err() != nil {
				return
			}
			if filtered && len(want) == 0 {
				// Nothing to watch: no watcher until SetRegions.
				sw.mu.Lock()
				sw.w, sw.keys = nil, nil
				sw.mu.Unlock()
				w, have, all = nil, nil, false
				select {
				case <-sw.wake:
				case <-f.ctx.Done():
				}
				continue
			}
			if w != nil && !kicked && !reset {
				f.log.Warn().Uint64("after_revision", last).Msg("section watch ended; starting it again")
			}
			if !reset {
				time.Sleep(watchRetry)
			}
			keys := []string{"sec.>"}
			if filtered {
				keys = regionSectionKeys(want)
			}
			opt := jetstream.UpdatesOnly()
			if from := max(last, sw.last.Load()); from > 0 {
				opt = jetstream.ResumeFromRevision(from + 1)
			}
			// A copy: WatchFiltered writes the stream's prefix into it.
			nw, err := f.world.WatchFiltered(f.ctx, slices.Clone(keys), opt)
			if err != nil {
				f.log.Warn().Err(err).Msg("section watch not started; trying again")
				time.Sleep(watchRetry)
				sw.mu.Lock()
				sw.kicked, sw.reset = true, sw.reset || reset // try again, quietly
				sw.mu.Unlock()
				continue
			}
			// The regions added: what is stored in them now, before the
			// watcher's changes, which start after the last one seen.
			if filtered && !all {
				if added := missing(want, have); len(added) > 0 {
					to, err := f.snapshotSections(added, skip, fn)
					if err != nil {
						_ = nw.Stop()
						f.log.Warn().Err(err).Int("regions", len(added)).Msg("sections of regions added to the watch not read; trying again")
						time.Sleep(watchRetry)
						sw.mu.Lock()
						sw.kicked, sw.reset = true, true
						sw.mu.Unlock()
						continue
					}
					skipTo = max(skipTo, to)
				}
			}
			sw.mu.Lock()
			if sw.stopped {
				sw.mu.Unlock()
				_ = nw.Stop()
				return
			}
			sw.w, sw.keys = nw, keys
			sw.mu.Unlock()
			w, have, all = nw, want, !filtered
			if !reset {
				f.st.watchRestarts.Add(1)
			}
			break
		}
	}
}

// missing returns the regions of want (sorted) not in have (sorted).
func missing(want, have []Region) []Region {
	var out []Region
	for _, r := range want {
		if _, found := slices.BinarySearchFunc(have, r, compareRegions); !found {
			out = append(out, r)
		}
	}
	return out
}

// snapshotSections delivers every section stored in regions, noting each
// key's KV revision in skip, and returns the newest.
func (f *Feed) snapshotSections(regions []Region, skip map[string]uint64, fn func(SectionUpdate)) (uint64, error) {
	ctx, cancel := context.WithTimeout(f.ctx, 10*time.Second)
	defer cancel()
	w, err := f.world.WatchFiltered(ctx, regionSectionKeys(regions))
	if err != nil {
		return 0, fmt.Errorf("read sections of %d regions: %w", len(regions), err)
	}
	defer func() { _ = w.Stop() }()
	var newest uint64
	for {
		select {
		case e, ok := <-w.Updates():
			if !ok {
				return 0, fmt.Errorf("read sections of %d regions: the watch ended", len(regions))
			}
			if e == nil {
				return newest, nil // the initial values are all here
			}
			skip[e.Key()] = e.Revision()
			newest = max(newest, e.Revision())
			f.deliverSection(e, fn)
		case <-ctx.Done():
			return 0, fmt.Errorf("read sections of %d regions: %w", len(regions), ctx.Err())
		}
	}
}

// watchStalls restarts sw's watcher when it has stalled: at two checks
// running, the newest section change stored under its keys is newer than
// the last one delivered, and nothing was delivered in between. It
// returns when done is closed.
func (f *Feed) watchStalls(sw *sectionWatch, done <-chan struct{}) {
	t := time.NewTicker(stallCheck)
	defer t.Stop()
	var behind bool // at the previous check, a newer change was stored than delivered
	var at uint64   // the last revision delivered then
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		sw.mu.Lock()
		keys := sw.keys
		sw.mu.Unlock()
		if len(keys) == 0 {
			behind = false
			continue
		}
		// Most checks find nothing stored since the last change delivered,
		// under any section key: one request says so, where the newest
		// change under each key is a round trip per region watched (each
		// waking the process between ticks).
		if newer, err := f.sectionStoredAfter(sw.last.Load()); err == nil && !newer {
			behind = false
			continue
		}
		stored, err := f.lastSectionRevision(keys)
		last := sw.last.Load()
		switch {
		case err != nil || stored <= last:
			behind = false
		case behind && at == last:
			f.log.Warn().Uint64("after_revision", last).Uint64("stored_revision", stored).Msg("section watch stalled; starting it again")
			sw.restart()
			behind = false
		default:
			behind, at = true, last
		}
	}
}

// sectionStoredAfter reports whether any section change (of any region)
// is stored at a KV revision after rev: one request, for the first one.
func (f *Feed) sectionStoredAfter(rev uint64) (bool, error) {
	ctx, cancel := context.WithTimeout(f.ctx, stallCheck)
	defer cancel()
	st, err := f.worldStreamOf(ctx)
	if err != nil {
		return false, err
	}
	_, err = st.GetMsg(ctx, rev+1, jetstream.WithGetMsgSubject(f.worldPre+"sec.>"))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return false, nil
	}
	return err == nil, err
}

// lastSectionRevision returns the KV revision of the newest section change
// stored under keys (0: none).
func (f *Feed) lastSectionRevision(keys []string) (uint64, error) {
	ctx, cancel := context.WithTimeout(f.ctx, stallCheck)
	defer cancel()
	st, err := f.worldStreamOf(ctx)
	if err != nil {
		return 0, err
	}
	var newest uint64
	for _, k := range keys {
		m, err := st.GetLastMsgForSubject(ctx, f.worldPre+k)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			continue
		}
		if err != nil {
			return 0, err
		}
		newest = max(newest, m.Sequence)
	}
	return newest, nil
}

// deliverSection decodes one watched change for fn.
func (f *Feed) deliverSection(e jetstream.KeyValueEntry, fn func(SectionUpdate)) {
	f.count("sec", true, 1)
	p, err := parseSectionKey(e.Key())
	if err != nil {
		f.log.Warn().Err(err).Msg("section watch: bad key")
		return
	}
	if e.Operation() != jetstream.KeyValuePut {
		fn(SectionUpdate{Pos: p, Deleted: true})
		return
	}
	s, rev, err := storage.DecodeSection(e.Value())
	if err != nil {
		f.log.Warn().Err(err).Str("key", e.Key()).Stringer("pos", p).Msg("section watch: corrupt value skipped")
		return
	}
	fn(SectionUpdate{Pos: p, Section: s, Revision: rev})
}
