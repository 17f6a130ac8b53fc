package storage

import "sync"

// entityKeys is the set of columns that have an entity key: those with a
// record and those whose record was cleared (Strata never deletes a key;
// a cleared column keeps an empty value). LoadEntities of any other
// column is answered from it, without a read: a key that is not there
// costs Pebble a search of every memtable and level, and most columns
// never had entities. Built when the database opens; every write of an
// entity key adds its column before it commits.
type entityKeys struct {
	mu sync.RWMutex
	// cols is nil when the keys could not all be read at open: every
	// column is then read.
	cols map[[2]int32]struct{}
}

// mayHave reports whether column (x, z) may have an entity key.
func (ix *entityKeys) mayHave(x, z int32) bool {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.cols == nil {
		return true
	}
	_, ok := ix.cols[[2]int32{x, z}]
	return ok
}

// add records the columns of cols as having an entity key.
func (ix *entityKeys) add(cols []EntityColumn) {
	if len(cols) == 0 {
		return
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.cols == nil {
		return
	}
	for i := range cols {
		ix.cols[[2]int32{cols[i].X, cols[i].Z}] = struct{}{}
	}
}

// indexEntityKeys reads every entity key of d into its index. A key that
// does not parse is left out (strata check reports it); a failed scan
// leaves the index off.
func (d *DB) indexEntityKeys() error {
	cols := map[[2]int32]struct{}{}
	err := d.scan([]byte{prefixEntity}, []byte{prefixEntity + 1}, func(k []byte) (bool, error) {
		if x, z, err := ParseEntityKey(k); err == nil {
			cols[[2]int32{x, z}] = struct{}{}
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	d.ents.mu.Lock()
	d.ents.cols = cols
	d.ents.mu.Unlock()
	return nil
}
