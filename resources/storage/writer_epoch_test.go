package storage

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

// epochBackend fences like a cluster shard's store: a later write of a
// key in a batch replaces an earlier one, and a section write is stored
// only if its epoch is the lease's now. Its first commits fail (a stream
// electing a leader) until ok is closed.
type epochBackend struct {
	mu     sync.Mutex
	epoch  uint64
	stored map[chunk.Pos]SectionWrite
	ok     chan struct{}
	tries  int
}

func (b *epochBackend) Epoch(int32, int32) uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.epoch
}
func (b *epochBackend) LoadSection(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	sw, ok := b.stored[p]
	return sw.Section, sw.Revision, ok, nil
}
func (b *epochBackend) LoadPlayer(string) (PlayerRecord, bool, error) {
	return PlayerRecord{}, false, nil
}
func (b *epochBackend) LoadEntities(x, z int32) (EntityColumn, bool, error) {
	return EntityColumn{X: x, Z: z}, false, nil
}
func (b *epochBackend) Commit(batch *Batch) error {
	select {
	case <-b.ok:
	default:
		b.mu.Lock()
		b.tries++
		b.mu.Unlock()
		return errors.New("commit: timeout (no stream leader)")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	last := map[chunk.Pos]SectionWrite{}
	var order []chunk.Pos
	for _, sw := range batch.Sections {
		if _, ok := last[sw.Pos]; !ok {
			order = append(order, sw.Pos)
		}
		last[sw.Pos] = sw
	}
	var f FencedError
	for _, p := range order {
		sw := last[p]
		if sw.Epoch != 0 && sw.Epoch != b.epoch {
			f.Sections = append(f.Sections, p)
			continue
		}
		b.stored[p] = sw
	}
	if len(f.Sections) > 0 {
		f.Reason = "lease lost"
		return &f
	}
	return nil
}

// TestWriterEpochsNotMerged is issue 51's lost acknowledgement: a write
// made under a lease (epoch 1) waits behind a commit retried through a
// leader election; the lease is lost and taken back (epoch 2), the
// region's copy is refreshed from the store (the edit gone from it) and
// edited again. Both writes of the section are then in the queue. The
// first must be reported refused (its edit is not in what is stored), the
// second stored: merged into one batch, the second replaced the first and
// landed, and the first's edit was acknowledged though stored nowhere.
func TestWriterEpochsNotMerged(t *testing.T) {
	be := &epochBackend{epoch: 1, stored: map[chunk.Pos]SectionWrite{}, ok: make(chan struct{})}
	w := NewWriter(be, 16, zerolog.Nop())
	w.Start()
	defer w.Stop()
	other := chunk.Pos{X: 40, Y: 0, Z: 0}
	p := chunk.Pos{X: 1, Y: 2, Z: 3}
	withEdit, refreshed := testSection(1), testSection(2)
	if !w.Submit(Write{Token: 1, Sections: []SectionWrite{{Pos: other, Revision: 1, Section: testSection(3)}}}) {
		t.Fatal("Submit refused")
	}
	// The writer is retrying write 1.
	for deadline := time.Now().Add(5 * time.Second); ; {
		be.mu.Lock()
		n := be.tries
		be.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no commit tried")
		}
		time.Sleep(time.Millisecond)
	}
	w.Submit(Write{Token: 2, Sections: []SectionWrite{{Pos: p, Revision: 5, Section: withEdit, Epoch: 1}}})
	be.mu.Lock()
	be.epoch = 2 // lost, taken back, refreshed
	be.mu.Unlock()
	w.Submit(Write{Token: 3, Sections: []SectionWrite{{Pos: p, Revision: 7, Section: refreshed, Epoch: 2}}})
	close(be.ok) // the stream has a leader again

	var res []Result
	for len(res) < 3 {
		res = w.Wait(res)
	}
	slices.SortFunc(res, func(a, b Result) int { return int(a.Token) - int(b.Token) })
	for _, r := range res {
		if r.Err != nil {
			t.Fatalf("write %d: %v", r.Token, r.Err)
		}
	}
	if len(res[0].Refused) != 0 {
		t.Errorf("write 1 refused %v", res[0].Refused)
	}
	if !slices.Equal(res[1].Refused, []chunk.Pos{p}) {
		t.Errorf("write 2 (epoch 1, lease since lost) refused %v, want %v: its edit would be acknowledged, stored nowhere", res[1].Refused, p)
	}
	if len(res[2].Refused) != 0 {
		t.Errorf("write 3 (epoch 2) refused %v, want stored", res[2].Refused)
	}
	if _, rev, ok, _ := be.LoadSection(p); !ok || rev != 7 {
		t.Errorf("stored rev %d ok %v, want 7", rev, ok)
	}
}
