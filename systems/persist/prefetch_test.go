package persist

import (
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// remoteBackend keeps entity records in memory as a shard's store does
// over the network: it knows which columns have one, reads many in one
// call, counts the columns it read, fences by an epoch the test sets and
// can hold its reads until released.
type remoteBackend struct {
	mu    sync.Mutex
	cols  map[[2]int32]storage.EntityColumn
	epoch uint64
	reads int // columns read
	calls int // LoadEntitiesAll calls that read any
	hold  chan struct{}
	began chan struct{} // a read began (with hold)
}

func newRemote() *remoteBackend {
	return &remoteBackend{cols: map[[2]int32]storage.EntityColumn{}, epoch: 7}
}

func (b *remoteBackend) put(c storage.EntityColumn) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cols[[2]int32{c.X, c.Z}] = c
}

func (b *remoteBackend) counts() (reads, calls int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.reads, b.calls
}

func (b *remoteBackend) setEpoch(e uint64) {
	b.mu.Lock()
	b.epoch = e
	b.mu.Unlock()
}

func (b *remoteBackend) Epoch(int32, int32) uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.epoch
}

func (b *remoteBackend) MayHaveEntities(x, z int32) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.cols[[2]int32{x, z}]
	return ok
}

func (b *remoteBackend) LoadEntitiesAll(cols []storage.EntityColumn, ok []bool, errs []error) {
	b.mu.Lock()
	hold, began := b.hold, b.began
	b.mu.Unlock()
	if hold != nil {
		began <- struct{}{}
		<-hold
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for i := range cols {
		c, found := b.cols[[2]int32{cols[i].X, cols[i].Z}]
		if found {
			n++
			cols[i], ok[i] = c.Clone(), true
		} else {
			cols[i], ok[i] = storage.EntityColumn{X: cols[i].X, Z: cols[i].Z}, false
		}
		errs[i] = nil
	}
	b.reads += n
	if n > 0 {
		b.calls++
	}
}

func (b *remoteBackend) LoadEntities(x, z int32) (storage.EntityColumn, bool, error) {
	return storage.LoadEntitiesOne(b.LoadEntitiesAll, x, z)
}

func (b *remoteBackend) LoadSection(chunk.Pos) (chunk.Section, uint64, bool, error) {
	return chunk.Section{}, 0, false, nil
}

func (b *remoteBackend) LoadPlayer(string) (storage.PlayerRecord, bool, error) {
	return storage.PlayerRecord{}, false, nil
}

func (b *remoteBackend) Commit(batch *storage.Batch) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, c := range batch.Entities {
		b.cols[[2]int32{c.X, c.Z}] = c
	}
	return nil
}

// newRemoteDurability returns a Durability over be with its readers
// running; the test's cleanup stops them and the writer.
func newRemoteDurability(t *testing.T, be *remoteBackend) *Durability {
	t.Helper()
	w := storage.NewWriter(be, 16, zerolog.Nop())
	d := newDurability(w, be)
	w.Start()
	d.startPrefetch(be)
	t.Cleanup(func() {
		d.stopPrefetch()
		w.Stop()
	})
	return d
}

// prefetch has d read ahead the columns at cs at tick and waits until
// their reads are done.
func prefetch(t *testing.T, d *Durability, be *remoteBackend, tick uint64, cs ...[2]int32) {
	t.Helper()
	reads, _ := be.counts()
	want := reads
	ps := make([]chunk.Pos, len(cs))
	for i, c := range cs {
		ps[i] = chunk.Pos{X: c[0], Z: c[1]}
		if be.MayHaveEntities(c[0], c[1]) {
			want++
		}
	}
	d.PrefetchEntities(tick, ps)
	waitfor.Until(t, 5*time.Second, "the records read ahead", func() bool { r, _ := be.counts(); return r >= want })
}

// TestPrefetchedRecords: a record read ahead is what LoadEntities returns
// without another read, unless it may not be the latest any more — a
// record queued for the column since, another lease held now, none held
// when it was read — or it was left unused too long; a column the
// backend has no record of is not read at all.
func TestPrefetchedRecords(t *testing.T) {
	a, b := [2]int32{3, -4}, [2]int32{9, 9}
	old := column(a[0], a[1], 1)
	newer := column(a[0], a[1], 2)
	cases := []struct {
		name string
		// between runs after the read ahead, before the load.
		between   func(d *Durability, be *remoteBackend)
		want      storage.EntityColumn
		wantReads int // reads after the read ahead
		hits      uint64
	}{
		{"read ahead", func(*Durability, *remoteBackend) {}, old, 0, 1},
		{"queued since", func(d *Durability, _ *remoteBackend) {
			d.SaveEntities(newer.Clone())
		}, newer, 0, 0},
		{"another lease", func(_ *Durability, be *remoteBackend) {
			be.put(newer.Clone()) // written by the shard that held it meanwhile
			be.setEpoch(8)
		}, newer, 1, 0},
		{"left unused", func(d *Durability, be *remoteBackend) {
			be.put(newer.Clone())
			d.PrefetchEntities(2+prefetchStale, []chunk.Pos{{X: b[0], Z: b[1]}}) // sweeps
		}, newer, 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			be := newRemote()
			be.put(old.Clone())
			d := newRemoteDurability(t, be)
			prefetch(t, d, be, 1, a, b)
			if st := d.PrefetchStats(); st.Asked != 1 {
				t.Fatalf("stats %+v: want the stored column alone read ahead", st)
			}
			reads, _ := be.counts()
			tc.between(d, be)
			wantEntities(t, tc.name, d.LoadEntities, a[0], a[1], &tc.want)
			wantEntities(t, tc.name+", never stored", d.LoadEntities, b[0], b[1], nil)
			if r, _ := be.counts(); r-reads != tc.wantReads {
				t.Errorf("%d reads after the read ahead, want %d", r-reads, tc.wantReads)
			}
			if st := d.PrefetchStats(); st.Hits != tc.hits {
				t.Errorf("stats %+v: want %d hits", st, tc.hits)
			}
		})
	}

	t.Run("no lease when read", func(t *testing.T) {
		be := newRemote()
		be.put(old.Clone())
		be.setEpoch(storage.NoEpoch)
		d := newRemoteDurability(t, be)
		prefetch(t, d, be, 1, a)
		be.put(newer.Clone())
		wantEntities(t, "not held", d.LoadEntities, a[0], a[1], &newer)
	})
}

// TestPrefetchInFlightIsWaitedFor: a load of a column whose read ahead is
// still on the way waits for it rather than reading again.
func TestPrefetchInFlightIsWaitedFor(t *testing.T) {
	be := newRemote()
	want := column(1, 1, 5)
	be.put(want.Clone())
	hold := make(chan struct{})
	be.hold, be.began = hold, make(chan struct{}, 1)
	d := newRemoteDurability(t, be)
	d.PrefetchEntities(1, []chunk.Pos{{X: 1, Z: 1}})
	<-be.began
	be.mu.Lock()
	be.hold = nil
	be.mu.Unlock()
	got := make(chan storage.EntityColumn, 1)
	go func() {
		c, _, _ := d.LoadEntities(1, 1)
		got <- c
	}()
	select {
	case c := <-got:
		t.Fatalf("loaded %+v while the read ahead was held", c)
	case <-time.After(50 * time.Millisecond):
	}
	close(hold)
	wantEntities(t, "waited", func(int32, int32) (storage.EntityColumn, bool, error) { return <-got, true, nil }, 1, 1, &want)
	if reads, _ := be.counts(); reads != 1 {
		t.Errorf("%d reads, want the one ahead", reads)
	}
}

// TestLoadEntitiesAllBatches: of a batch's columns, those queued and read
// ahead cost no read, and the rest are read in one call.
func TestLoadEntitiesAllBatches(t *testing.T) {
	be := newRemote()
	for x := range int32(4) {
		be.put(column(x, 0, 1))
	}
	d := newRemoteDurability(t, be)
	prefetch(t, d, be, 1, [2]int32{0, 0})
	queued := column(1, 0, 9)
	d.SaveEntities(queued.Clone())
	_, calls := be.counts()
	cols := []storage.EntityColumn{{X: 0}, {X: 1}, {X: 2}, {X: 3}, {X: 4}}
	ok, errs := make([]bool, len(cols)), make([]error, len(cols))
	d.LoadEntitiesAll(cols, ok, errs)
	for i, c := range cols {
		want := column(int32(i), 0, 1)
		switch {
		case errs[i] != nil:
			t.Errorf("(%d,0): %v", i, errs[i])
		case i == 1 && (!ok[i] || len(c.Entities) != 1 || c.Entities[0].X != queued.Entities[0].X):
			t.Errorf("(1,0): %+v, want the queued record", c)
		case i == 4 && ok[i]:
			t.Errorf("(4,0) found, want nothing stored")
		case i != 1 && i != 4 && (!ok[i] || c.Entities[0].X != want.Entities[0].X):
			t.Errorf("(%d,0): %+v %v, want its stored record", i, c, ok[i])
		}
	}
	if _, c := be.counts(); c-calls != 1 {
		t.Errorf("%d reading calls for the batch, want 1", c-calls)
	}
}

// TestStaleRecordsNotLoaded: a record queued, or submitted and not yet
// durable, under a lease since lost is not what LoadEntities returns
// once another lease is held (the backend refuses its write): the stored
// record is. Under the lease it was made under, it is.
func TestStaleRecordsNotLoaded(t *testing.T) {
	be := newRemote()
	be.put(column(1, 0, 1))
	d := newRemoteDurability(t, be)
	d.SaveEntities(column(1, 0, 9))
	load := func() float64 {
		t.Helper()
		c, ok, err := d.LoadEntities(1, 0)
		if err != nil || !ok || len(c.Entities) != 1 {
			t.Fatalf("load (1,0): %+v %v %v", c, ok, err)
		}
		return c.Entities[0].X
	}
	queuedX, storedX := column(1, 0, 9).Entities[0].X, column(1, 0, 1).Entities[0].X
	if x := load(); x != queuedX {
		t.Fatalf("under its own lease: x %v, want the queued record's %v", x, queuedX)
	}
	be.setEpoch(8)
	if x := load(); x != storedX {
		t.Fatalf("queued under a lease since lost: x %v, want the stored record's %v", x, storedX)
	}

	// The same record handed to a writer (not started: it stays
	// submitted and not yet written).
	w := storage.NewWriter(be, 16, zerolog.Nop())
	c := column(1, 0, 9)
	c.Epoch = 7
	w.Submit(storage.Write{Entities: []storage.EntityColumn{c}})
	for _, tc := range []struct {
		epoch uint64
		want  float64
	}{{7, queuedX}, {8, storedX}, {0, queuedX}} {
		cols, ok, errs := []storage.EntityColumn{{X: 1, Epoch: tc.epoch}}, []bool{false}, []error{nil}
		w.LoadEntitiesAll(cols, ok, errs)
		if errs[0] != nil || !ok[0] || cols[0].Entities[0].X != tc.want {
			t.Errorf("submitted under epoch 7, read under %d: %+v %v %v, want x %v", tc.epoch, cols[0], ok[0], errs[0], tc.want)
		}
	}
}
