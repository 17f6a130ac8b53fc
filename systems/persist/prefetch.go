package persist

import (
	"sync"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// Entity records read ahead: where reading a stored record is a round
// trip (a shard's JetStream store, a storage.RemoteEntities), a column's
// record is read by a prefetch goroutine as soon as its sections are asked
// of the generation pool, so that the tick that makes the column resident
// finds it in memory rather than waiting on the network.

const (
	// prefetchWorkers read records concurrently: a shard's reads are
	// round trips that overlap.
	prefetchWorkers = 2
	// prefetchBatches bounds the ticks' batches waiting to be read;
	// beyond it the tick reads the records itself.
	prefetchBatches = 64
	// prefetchStale is how many ticks a record read ahead is kept for a
	// column that is not loaded (its view moved on).
	prefetchStale = 200
)

// earlyRecord is a column's entity record read ahead of the tick that
// loads the column. A record read ahead is the column's latest only if no
// record was queued for the column since it was read (SaveEntities
// forgets it) and, for a fencing backend, the same lease was held from
// before the read until it is taken: nobody else wrote the column then.
type earlyRecord struct {
	tick  uint64 // when it was asked for
	epoch uint64 // the fence epoch before the read
	// ready is closed once the read is done: rec, ok and err are set.
	ready chan struct{}
	rec   storage.EntityColumn
	ok    bool
	err   error
}

// PrefetchStats counts the records read ahead.
type PrefetchStats struct {
	// Asked counts the records read ahead; Hits the loads that found
	// their record read; Stale the records forgotten unused or no longer
	// the latest.
	Asked, Hits, Stale uint64
}

// prefetcher is the goroutines that read records ahead, and what they
// read. Its fields are guarded by Durability.entitiesMu.
type prefetcher struct {
	in    chan prefetchBatch // nil: not running
	ix    storage.RemoteEntities
	quit  chan struct{}
	wg    sync.WaitGroup
	early map[entityCol]*earlyRecord
	swept uint64 // the tick of the last sweep
	stats PrefetchStats
}

// startPrefetch starts the prefetch goroutines, for the records ix may
// hold.
func (d *Durability) startPrefetch(ix storage.RemoteEntities) {
	d.entitiesMu.Lock()
	defer d.entitiesMu.Unlock()
	pf := &d.prefetch
	pf.ix = ix
	pf.in, pf.quit, pf.early = make(chan prefetchBatch, prefetchBatches), make(chan struct{}), map[entityCol]*earlyRecord{}
	for range prefetchWorkers {
		pf.wg.Add(1)
		go func(in <-chan prefetchBatch, quit <-chan struct{}) {
			defer pf.wg.Done()
			for {
				select {
				case b := <-in:
					d.readBatch(b)
				case <-quit:
					return
				}
			}
		}(pf.in, pf.quit)
	}
}

// stopPrefetch ends the prefetch goroutines and forgets what they read.
func (d *Durability) stopPrefetch() {
	d.entitiesMu.Lock()
	pf := &d.prefetch
	if pf.in == nil {
		d.entitiesMu.Unlock()
		return
	}
	close(pf.quit)
	pf.in, pf.early = nil, nil
	d.entitiesMu.Unlock()
	pf.wg.Wait()
}

// ReadsAhead reports whether PrefetchEntities reads records ahead: the
// backend is a storage.RemoteEntities.
func (d *Durability) ReadsAhead() bool {
	d.entitiesMu.Lock()
	defer d.entitiesMu.Unlock()
	return d.prefetch.in != nil
}

// PrefetchEntities has the entity records of the columns of ps read
// ahead, off the tick, for LoadEntities soon; tick is now, to forget the
// records of columns never loaded. The readers skip the columns already
// read or queued and those the backend has no record of. It does nothing
// when they are behind or not running (a backend that is no
// storage.RemoteEntities). Tick goroutine only.
func (d *Durability) PrefetchEntities(tick uint64, ps []chunk.Pos) {
	if len(ps) == 0 {
		return
	}
	d.entitiesMu.Lock()
	defer d.entitiesMu.Unlock()
	pf := &d.prefetch
	if pf.in == nil {
		return
	}
	if tick >= pf.swept+prefetchStale/4 {
		pf.swept = tick
		for k, e := range pf.early {
			if e.tick+prefetchStale < tick {
				delete(pf.early, k)
				pf.stats.Stale++
			}
		}
	}
	// Split between the readers, whose round trips overlap.
	per := (len(ps) + prefetchWorkers - 1) / prefetchWorkers
	for len(ps) > 0 {
		n := min(per, len(ps))
		b := prefetchBatch{tick: tick, cols: make([]entityCol, n)}
		for i, p := range ps[:n] {
			b.cols[i] = entityCol{p.X, p.Z}
		}
		select {
		case pf.in <- b:
			ps = ps[n:]
		default:
			return // full: the tick reads the rest itself
		}
	}
}

// prefetchBatch is columns to read ahead, asked for at tick.
type prefetchBatch struct {
	tick uint64
	cols []entityCol
}

// readBatch reads the records of b's columns ahead, in one batch, but
// for those the backend has none of, queued or read already.
func (d *Durability) readBatch(b prefetchBatch) {
	pf := &d.prefetch
	var (
		cols []storage.EntityColumn
		es   []*earlyRecord
	)
	for _, k := range b.cols {
		if !pf.ix.MayHaveEntities(k.x, k.z) {
			continue
		}
		e := &earlyRecord{tick: b.tick, epoch: d.Epoch(k.x, k.z), ready: make(chan struct{})}
		d.entitiesMu.Lock()
		_, read := pf.early[k]
		_, queued := d.entityAt[k]
		if !read && !queued && pf.early != nil {
			pf.early[k] = e
			pf.stats.Asked++
			cols, es = append(cols, storage.EntityColumn{X: k.x, Z: k.z}), append(es, e)
		}
		d.entitiesMu.Unlock()
	}
	if len(cols) == 0 {
		return
	}
	// A record queued from now on forgets its column's earlyRecord.
	ok, errs := make([]bool, len(cols)), make([]error, len(cols))
	d.writer.LoadEntitiesAll(cols, ok, errs)
	for i, e := range es {
		e.rec, e.ok, e.err = cols[i], ok[i], errs[i]
		close(e.ready)
		if errs[i] != nil {
			k := entityCol{cols[i].X, cols[i].Z}
			d.entitiesMu.Lock()
			if pf.early[k] == e {
				delete(pf.early, k)
			}
			d.entitiesMu.Unlock()
		}
	}
}

// takeEarly forgets column k's record read ahead and returns it (nil:
// none), to be waited for. entitiesMu is held.
func (d *Durability) takeEarly(k entityCol) *earlyRecord {
	e := d.prefetch.early[k]
	if e != nil {
		delete(d.prefetch.early, k)
	}
	return e
}

// loadEarly returns e's record once it is read, if it is still the
// latest (epoch is the fence epoch now). A read in flight is waited for:
// reading again would take as long.
func (d *Durability) loadEarly(e *earlyRecord, epoch uint64) (storage.EntityColumn, bool, bool) {
	<-e.ready
	hit := e.err == nil && e.epoch != storage.NoEpoch && e.epoch == epoch
	d.entitiesMu.Lock()
	if hit {
		d.prefetch.stats.Hits++
	} else {
		d.prefetch.stats.Stale++
	}
	d.entitiesMu.Unlock()
	return e.rec, e.ok, hit
}

// forgetEarly forgets column k's record read ahead: a newer one is
// queued. entitiesMu is held.
func (d *Durability) forgetEarly(k entityCol) {
	if _, ok := d.prefetch.early[k]; ok {
		delete(d.prefetch.early, k)
		d.prefetch.stats.Stale++
	}
}

// PrefetchStats returns the counts of records read ahead.
func (d *Durability) PrefetchStats() PrefetchStats {
	d.entitiesMu.Lock()
	defer d.entitiesMu.Unlock()
	return d.prefetch.stats
}
