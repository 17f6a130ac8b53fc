package cluster

import (
	"context"
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
	spec := f.worldSpec("entity key", []string{"ent.>", "hand.>", "rec.c.>"}, []jetstream.WatchOpt{jetstream.MetaOnly()}, apply)
	_, err := f.listThenKeep(f.ctx, ctx, spec)
	return err
}
