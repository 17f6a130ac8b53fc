package cluster

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
)

// entityIndex knows which entity columns have a stored key, so that
// loading the entities of a column that never had any (nearly every
// column a view brings in) costs no round trip: the entities plugin
// loads a column's record on the tick, as every column arrives.
type entityIndex struct {
	mu   sync.RWMutex
	cols map[[2]int32]bool
}

// has reports whether column (x, z) may have a stored record.
func (ix *entityIndex) has(x, z int32) bool {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.cols[[2]int32{x, z}]
}

func (ix *entityIndex) set(col [2]int32, present bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if present {
		ix.cols[col] = true
	} else {
		delete(ix.cols, col)
	}
}

// watchEntityKeys fills the index with every entity key, hand-over
// record (handIndex) and plugin column record (columnRecords) stored,
// then keeps it current on its own goroutine (keys only: values are read
// when a column is loaded). It returns once the keys stored now are in.
func (f *Feed) watchEntityKeys(ctx context.Context) error {
	keys, opts := []string{"ent.>", "hand.>", "rec.c.>"}, []jetstream.WatchOpt{jetstream.MetaOnly()}
	// A copy: WatchFiltered writes the stream's prefix into it.
	w, err := f.world.WatchFiltered(f.ctx, append([]string(nil), keys...), opts...)
	if err != nil {
		return fmt.Errorf("watch entity keys: %w", err)
	}
	apply := func(e jetstream.KeyValueEntry) {
		if strings.HasPrefix(e.Key(), "hand.") {
			f.applyHandKey(e)
			return
		}
		if strings.HasPrefix(e.Key(), "rec.") {
			if e.Operation() == jetstream.KeyValuePut {
				f.applyRecordKey(e.Key())
			}
			return
		}
		xz, err := parseCoords(e.Key(), "ent", 4)
		if err != nil {
			f.log.Warn().Err(err).Msg("entity key watch: bad key")
			return
		}
		f.ents.set([2]int32{xz[2], xz[3]}, e.Operation() == jetstream.KeyValuePut)
	}
	var last uint64
	for initial := true; initial; {
		select {
		case <-ctx.Done():
			_ = w.Stop()
			return fmt.Errorf("watch entity keys: %w", ctx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				return fmt.Errorf("watch entity keys: ended")
			}
			if e == nil {
				initial = false
				continue
			}
			apply(e)
			last = max(last, e.Revision())
		}
	}
	f.keepWatching(f.ctx, f.worldSpec("entity key", keys, opts, apply), w, last)
	return nil
}
