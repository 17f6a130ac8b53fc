package persist

import (
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// fencingBackend stores in memory and refuses, as fenced, the sections of
// the regions it is told this process lost (what a cluster shard's
// JetStream store does when another shard took the region over).
type fencingBackend struct {
	mu     sync.Mutex
	lost   map[[2]int32]bool
	stored map[chunk.Pos]uint64
}

func (b *fencingBackend) LoadSection(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	rev, ok := b.stored[p]
	return chunk.Uniform(chunk.Stone), rev, ok, nil
}
func (b *fencingBackend) LoadPlayer(string) (storage.PlayerRecord, bool, error) {
	return storage.PlayerRecord{}, false, nil
}
func (b *fencingBackend) LoadEntities(x, z int32) (storage.EntityColumn, bool, error) {
	return storage.EntityColumn{X: x, Z: z}, false, nil
}
func (b *fencingBackend) Commit(batch *storage.Batch) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	var f storage.FencedError
	for _, sw := range batch.Sections {
		if b.lost[[2]int32{sw.Pos.X >> storage.RegionShift, sw.Pos.Z >> storage.RegionShift}] {
			f.Sections = append(f.Sections, sw.Pos)
			continue
		}
		b.stored[sw.Pos] = sw.Revision
	}
	if len(f.Sections) > 0 {
		f.Reason = "lease lost"
		return &f
	}
	return nil
}

// TestFencedEditIsNotAcknowledged: of two edits in one write, the one in a
// region the backend fenced off is reported refused (and offered for
// restoring), the other durable; the writer does not retry the refused one.
func TestFencedEditIsNotAcknowledged(t *testing.T) {
	be := &fencingBackend{lost: map[[2]int32]bool{{1, 0}: true}, stored: map[chunk.Pos]uint64{}}
	w := storage.NewWriter(be, 4, zerolog.Nop())
	d := newDurability(w, be)
	w.OnDurable = d.onDurable
	w.Start()
	kept, fenced := chunk.Pos{X: 3, Y: 4, Z: 5}, chunk.Pos{X: 40, Y: 4, Z: 5} // regions (0,0) and (1,0)
	got := make(chan [2]bool, 2)
	for i, p := range []chunk.Pos{kept, fenced} {
		d.AfterDurableEdit(p, func(refused bool) { got <- [2]bool{i == 1, refused} })
	}
	if !d.submit([]storage.SectionWrite{{Pos: kept, Revision: 1, Section: chunk.Uniform(chunk.Stone)}, {Pos: fenced, Revision: 1, Section: chunk.Uniform(chunk.Stone)}}, nil, nil, nil) {
		t.Fatal("queue full")
	}
	// As persist does: cover, then release against what is already
	// synced, for the write may have been reported before cover.
	d.cover(d.seq)
	d.releaseUpTo(0)
	for range 2 {
		r := <-got
		if r[0] != r[1] {
			t.Errorf("edit in the fenced region: %v, told refused: %v", r[0], r[1])
		}
	}
	w.Stop()
	res := w.Drain(nil)
	if len(res) != 1 || res[0].Err != nil || len(res[0].Refused) != 1 || res[0].Refused[0] != fenced {
		t.Fatalf("results %+v, want one durable write refusing %v", res, fenced)
	}
	if f := d.TakeFenced(); len(f) != 1 || f[0] != fenced {
		t.Errorf("TakeFenced %v", f)
	}
	if _, rev, ok, _ := be.LoadSection(kept); !ok || rev != 1 {
		t.Errorf("the kept section was not stored")
	}
	if st := w.Stats(); st.Fenced != 1 || st.Failures != 0 {
		t.Errorf("stats %+v: want 1 fenced and no failure (no retry)", st)
	}
}
