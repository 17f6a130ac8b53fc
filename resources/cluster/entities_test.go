package cluster

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/storage"
)

// storedColumns has c claim the region of column (0, 0) and store n
// columns of one sheep each in it, and returns them.
func storedColumns(t testing.TB, c *Cluster, n int) []storage.EntityColumn {
	t.Helper()
	if held, _, err := c.Claim(ctxT(t), columnRegion(0, 0)); !held || err != nil {
		t.Fatal(held, err)
	}
	cols := make([]storage.EntityColumn, n)
	for i := range cols {
		x, z := int32(i%32), int32(i/32)
		cols[i] = storage.EntityColumn{X: x, Z: z, Populated: []string{"sheep"},
			Entities: []storage.EntityRecord{{Kind: "sheep", X: float64(x)*16 + 1, Y: 64, Z: float64(z)*16 + 1, Width: 0.9, Height: 1.3}}}
	}
	if err := c.Store().Commit(&storage.Batch{Entities: cols}); err != nil {
		t.Fatal(err)
	}
	waitfor.Until(t, 5*time.Second, "the stored columns never reached the entity index", func() bool {
		return c.ents.has(cols[n-1].X, cols[n-1].Z)
	})
	return cols
}

// TestLoadEntitiesAll: a batch load answers every column as LoadEntities
// does — stored, cleared, never stored, and a corrupt record as an error
// of its column alone — in one round trip per 512 stored columns.
func TestLoadEntitiesAll(t *testing.T) {
	t.Parallel()
	// Renewals (every LeaseTTL/3) are round trips too: none may fall
	// inside the load counted below, however slow the machine.
	c := connect(t, url(t), newBucket(t), "a", func(o *Options) { o.LeaseTTL = time.Minute })
	stored := storedColumns(t, c, 600)
	if err := c.Store().Commit(&storage.Batch{Entities: []storage.EntityColumn{{X: 1, Z: 0}}}); err != nil {
		t.Fatal(err) // (1, 0) cleared
	}
	if _, err := c.world.Put(ctxT(t), entityKey(2, 0), []byte("not a record")); err != nil {
		t.Fatal(err)
	}
	waitfor.Until(t, 5*time.Second, "the corrupt record never reached the entity index", func() bool { return c.ents.has(2, 0) })

	cols := make([]storage.EntityColumn, 0, len(stored)+1)
	for _, s := range stored {
		cols = append(cols, storage.EntityColumn{X: s.X, Z: s.Z})
	}
	cols = append(cols, storage.EntityColumn{X: 5, Z: 30}) // never stored
	ok, errs := make([]bool, len(cols)), make([]error, len(cols))
	before := c.Stats().RoundTrips
	c.Store().LoadEntitiesAll(cols, ok, errs)
	if n := c.Stats().RoundTrips - before; n != 2 {
		t.Errorf("%d stored columns took %d round trips, want 2", len(stored)-1, n)
	}
	for i := range cols {
		x, z := cols[i].X, cols[i].Z
		one, oneOK, oneErr := c.Store().LoadEntities(x, z)
		switch {
		case x == 2 && z == 0:
			if !errors.Is(errs[i], storage.ErrCorrupt) || ok[i] || !errors.Is(oneErr, storage.ErrCorrupt) {
				t.Errorf("corrupt (2,0): batch %v %v, one %v", ok[i], errs[i], oneErr)
			}
		case errs[i] != nil || oneErr != nil:
			t.Errorf("(%d,%d): batch %v, one %v", x, z, errs[i], oneErr)
		case ok[i] != oneOK || fmt.Sprint(cols[i]) != fmt.Sprint(one):
			t.Errorf("(%d,%d): batch %v %+v, one %v %+v", x, z, ok[i], cols[i], oneOK, one)
		case x == 1 && z == 0 && ok[i], x == 5 && z == 30 && ok[i]:
			t.Errorf("(%d,%d) found, want nothing stored", x, z)
		case x > 2 && z < 30 && (!ok[i] || len(cols[i].Entities) != 1):
			t.Errorf("(%d,%d): %v %+v, want its sheep", x, z, ok[i], cols[i])
		}
	}
}

// BenchmarkLoadEntities reads the records of 256 stored columns, as a
// tick that makes them resident does: one at a time (the old way) and in
// one batch.
func BenchmarkLoadEntities(b *testing.B) {
	one := natstest.Start(b)
	for _, batch := range []bool{false, true} {
		name := "one_by_one"
		if batch {
			name = "batch"
		}
		b.Run(fmt.Sprintf("nodes=1/columns=256/%s", name), func(b *testing.B) {
			c := connect(b, one, newBucket(b), "bench")
			stored := storedColumns(b, c, 256)
			cols, ok, errs := make([]storage.EntityColumn, len(stored)), make([]bool, len(stored)), make([]error, len(stored))
			b.ResetTimer()
			for range b.N {
				for i, s := range stored {
					cols[i] = storage.EntityColumn{X: s.X, Z: s.Z}
				}
				if batch {
					c.Store().LoadEntitiesAll(cols, ok, errs)
				} else {
					for i := range cols {
						cols[i], ok[i], errs[i] = c.Store().LoadEntities(cols[i].X, cols[i].Z)
					}
				}
				for i := range cols {
					if errs[i] != nil || !ok[i] {
						b.Fatal(cols[i], ok[i], errs[i])
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/tick")
		})
	}
}
