package entities

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
)

// regions is a test Authority: this server simulates the regions set
// true; kept decides KeepsEntities, which defaults to the same.
type regions struct {
	own  map[regionKey]bool
	kept map[regionKey]bool
}

func regionOfColumn(x, z int32) regionKey {
	return regionKey{x >> storage.RegionShift, z >> storage.RegionShift}
}

func (r *regions) LoadsEntities(x, z int32) bool { return r.own[regionOfColumn(x, z)] }

func (r *regions) KeepsEntities(x, z int32) bool {
	k := regionOfColumn(x, z)
	if v, ok := r.kept[k]; ok {
		return v
	}
	return r.own[k]
}

func (*regions) Name() string           { return "test_authority" }
func (*regions) Dependencies() []string { return []string{PluginName} }
func (r *regions) Build(app *ecs.App) error {
	ecs.Resource[Registry](app).SetAuthority(r)
	return nil
}

// TestAuthority: the entities of a column another server simulates are
// not loaded, spawned or walked into here; once the column is this
// server's they are loaded from what was stored, and once it is not any
// more they are dropped unsaved.
func TestAuthority(t *testing.T) {
	// Column 62 (blocks 992..1007) is in region 1, column 64 in region 2.
	auth := &regions{own: map[regionKey]bool{{0, 0}: true}, kept: map[regionKey]bool{}}
	var loaded []ColumnLoaded
	w := newRepWorldOn(t, Config{}, "", nil, auth, columnWatcher{&loaded})
	w.anchor(0.5, 0.5, 1)
	stored := storage.EntityColumn{X: 62, Z: 62, Entities: []storage.EntityRecord{{
		Kind: "test:thing", X: 1000.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.75, OnGround: true,
	}}}
	w.durable().SaveEntities(stored)
	w.step(2)

	w.anchor(1016, 1000, 2) // columns 61..65: regions 1 and 2
	w.step(authorityEvery)
	if got := w.positions(); len(got) != 0 || w.reg.ColumnResident(62, 62) || !w.reg.Populated(62, 62, "test") {
		t.Fatalf("foreign column: %d things here, resident %v", len(got), w.reg.ColumnResident(62, 62))
	}
	for _, e := range loaded {
		if e.X == 62 && e.Z == 62 {
			t.Fatalf("ColumnLoaded for a foreign column: %+v", e)
		}
	}
	if _, err := w.reg.Spawn(w.app.Commands(), Spec{Kind: "test:thing", Position: components.Position{X: 1000.5, Y: 64, Z: 1000.5}, Body: Body{Width: 0.5, Height: 0.75}}); err == nil {
		t.Fatal("spawned into a foreign column")
	}

	// Region 1 becomes this server's: its stored entity is loaded.
	auth.own[regionKey{1, 1}] = true
	w.step(authorityEvery)
	got := w.positions()
	if len(got) != 1 || !w.reg.ColumnResident(62, 62) {
		t.Fatalf("after taking region 1: %v", got)
	}
	var id uint64
	for id = range got {
	}

	// It walks east into region 2, still foreign: it stops at the border.
	w.move(id, 1022.5, 1000.5)
	w.step(1)
	blocked := false
	for range 40 {
		_, _, m := w.body(id)
		m.WalkX = 4
		w.step(1)
		blocked = blocked || m.Blocked
	}
	if p, _, _ := w.body(id); p.X >= 1024 || !blocked {
		t.Fatalf("walked to x=%.2f (blocked %v): into a column another server simulates", p.X, blocked)
	}

	// Region 1 is lost: the entity is dropped, and its walk since it was
	// last saved (loaded, in column 62: entering column 63 within the
	// region linked the two columns' saves, and neither was due) is not.
	auth.kept[regionKey{1, 1}] = false
	w.step(authorityEvery)
	if got := w.positions(); len(got) != 0 || w.reg.Len() != 0 {
		t.Fatalf("after losing region 1: %v (registry %d)", got, w.reg.Len())
	}
	rec, ok, err := w.durable().LoadEntities(62, 62)
	if err != nil || !ok || len(rec.Entities) != 1 || rec.Entities[0].X != 1000.5 {
		t.Fatalf("stored record of column 62 after the loss: %+v, %v, %v; want the one it was loaded from", rec, ok, err)
	}
	if rec, ok, _ := w.durable().LoadEntities(63, 62); ok && len(rec.Entities) != 0 {
		t.Fatalf("column 63 stores it too: %+v", rec)
	}
}

// handing is a test Authority that hands entities over: it counts the
// hand-overs asked for, and names them h1, h2….
type handing struct {
	*regions
	asked  int
	refuse bool // HandOver reports there is no one to hand to
}

func (h *handing) HandOver(x, z int32) (string, bool) {
	h.asked++
	if h.refuse {
		return "", false
	}
	return fmt.Sprintf("h%d", h.asked), true
}

func (h *handing) Build(app *ecs.App) error {
	ecs.Resource[Registry](app).SetAuthority(h)
	return nil
}

// handStore is a Backend keeping entity columns and hand-over records in
// memory as a cluster's store does: a column's hand-overs are created,
// and its adoptions deleted, in the write of its record.
type handStore struct {
	mu    sync.Mutex
	cols  map[[2]int32]storage.EntityColumn
	hands map[string]storage.Handoff
}

func newHandStore() *handStore {
	return &handStore{cols: map[[2]int32]storage.EntityColumn{}, hands: map[string]storage.Handoff{}}
}

func (*handStore) LoadSection(chunk.Pos) (chunk.Section, uint64, bool, error) {
	return chunk.Section{}, 0, false, nil
}
func (*handStore) LoadPlayer(string) (storage.PlayerRecord, bool, error) {
	return storage.PlayerRecord{}, false, nil
}

func (s *handStore) LoadEntities(x, z int32) (storage.EntityColumn, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.cols[[2]int32{x, z}]
	if !ok {
		return storage.EntityColumn{X: x, Z: z}, false, nil
	}
	return c.Clone(), true, nil
}

func (s *handStore) Commit(b *storage.Batch) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range b.Entities {
		s.cols[[2]int32{c.X, c.Z}] = c.Clone()
		for _, h := range c.Outbox {
			s.hands[h.ID] = h
		}
		for _, k := range c.Adopted {
			delete(s.hands, k)
		}
	}
	return nil
}

// stored counts the entities stored in column (x, z) and the hand-over
// records, and returns the records.
func (s *handStore) stored(x, z int32) (storage.EntityColumn, []storage.Handoff) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var hs []storage.Handoff
	for _, h := range s.hands {
		hs = append(hs, h)
	}
	slices.SortFunc(hs, func(a, b storage.Handoff) int { return strings.Compare(a.ID, b.ID) })
	return s.cols[[2]int32{x, z}].Clone(), hs
}

// TestHandover: an entity walking into a column another server simulates,
// with no one there to hand it to, finds the border a wall and is tried
// again only after handoverRetry ticks. Handed over, it is gone at once,
// and its column's record without it and the hand-over record of it are
// one write. Entities handed here are adopted into resident columns this
// server simulates — spawned once, stored with the column, their
// hand-over records deleted in the same write — and the others refused.
func TestHandover(t *testing.T) {
	store := newHandStore()
	auth := &handing{regions: &regions{own: map[regionKey]bool{{1, 1}: true}, kept: map[regionKey]bool{}}, refuse: true}
	w := newRepWorldPersist(t, Config{}, persist.Config{InMemory: true, Backend: store}, nil, auth)
	w.anchor(0.5, 0.5, 1)
	w.anchor(1016, 1000, 2) // columns 61..65: regions 1 and 2
	w.step(authorityEvery)
	id := w.spawnAt(components.Position{X: 1022.5, Y: 64, Z: 1000.5})
	w.step(1)

	walk := func(ticks int) {
		for range ticks {
			if _, ok := w.thing(id); !ok {
				return // handed over
			}
			_, _, m := w.body(id)
			m.WalkX = 4
			w.step(1)
		}
	}
	walk(20)
	if p, _, m := w.body(id); p.X >= 1024 || !m.Blocked || auth.asked != 1 {
		t.Fatalf("with no one to hand it to: at %.2f, blocked %t, %d asked; want it at the wall, asked once", p.X, m.Blocked, auth.asked)
	}
	walk(handoverRetry)
	if auth.asked != 2 {
		t.Fatalf("asked %d times after the retry time, want 2", auth.asked)
	}

	auth.refuse = false
	walk(handoverRetry)
	if got := w.positions(); len(got) != 0 || w.reg.Len() != 0 {
		t.Fatalf("after the hand-over: %v here (registry %d)", got, w.reg.Len())
	}
	rec, hands := store.stored(63, 62)
	if len(rec.Entities) != 0 || len(hands) != 1 {
		t.Fatalf("column (63, 62) %+v and hand-overs %+v: want the column empty and one hand-over", rec, hands)
	}
	if h := hands[0]; h.ID != "h3" || h.X != 64 || h.Z != 62 || h.Entity.X < 1024 || h.Entity.Kind != "test:thing" || h.Entity.Width != 0.9 {
		t.Fatalf("hand-over %+v: want the thing as it stands in column (64, 62)", h)
	}
	if st := ecs.Resource[Stats](w.app); st.HandedOver != 1 || st.HandoversRefused != 2 {
		t.Errorf("stats %+v", st)
	}

	thing := storage.EntityRecord{Kind: "test:thing", X: 1001.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.5, OnGround: true,
		Attributes: []storage.EntityAttribute{{Key: "test:age", Value: 7}}}
	other := thing
	other.X = 1003.5
	items := []Adoption{
		{Key: "a1", X: 62, Z: 62, Entity: thing},
		{Key: "a2", X: 62, Z: 62, Entity: other},
		{Key: "b1", X: 64, Z: 62, Entity: thing}, // region 2
		{Key: "b2", X: 43, Z: 43, Entity: thing}, // region 1, not resident
		{Key: "b3", X: 62, Z: 62, Entity: storage.EntityRecord{Kind: "test:thing", X: 1001.5, Z: math.NaN(), Width: 1, Height: 1}}, // not finite
		{Key: "b4", X: 62, Z: 62, Entity: storage.EntityRecord{Kind: "Bad Kind", X: 1001.5, Z: 1000.5, Width: 1, Height: 1}},
		{Key: "b5", X: 62, Z: 62, Entity: storage.EntityRecord{Kind: "test:thing", X: 1001.5, Z: 1000.5}}, // no body
	}
	store.mu.Lock()
	for _, it := range items {
		store.hands[it.Key] = storage.Handoff{ID: it.Key, X: it.X, Z: it.Z, Entity: it.Entity}
	}
	store.mu.Unlock()
	errs := w.reg.Adopt(items)
	for i, err := range errs {
		if want := items[i].Key[0] == 'a'; want != (err == nil) {
			t.Errorf("adopting %s: %v", items[i].Key, err)
		}
	}
	w.step(1)
	n := 0
	for _, p := range w.positions() {
		if p.X > 1001 && p.X < 1004 {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d things spawned where the two adopted stand: %v", n, w.positions())
	}
	rec, hands = store.stored(62, 62)
	if len(rec.Entities) != 2 || len(rec.Entities[0].Attributes) != 1 {
		t.Errorf("column (62, 62) after adopting: %+v; want both things stored", rec)
	}
	for _, h := range hands {
		if h.ID[0] == 'a' {
			t.Errorf("hand-over %s still stored after its adoption", h.ID)
		}
	}
	if st := ecs.Resource[Stats](w.app); st.Received != 2 {
		t.Errorf("received %d, want 2", st.Received)
	}
}

// fencingStore is a handStore that fences by region, as a shard's store
// does: a column written under an epoch other than its region's lease is
// refused, the rest of the batch written.
type fencingStore struct {
	*handStore
	epochs map[regionKey]uint64
}

func (s *fencingStore) Epoch(x, z int32) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.epochs[regionOfColumn(x, z)]
}

func (s *fencingStore) Commit(b *storage.Batch) error {
	s.mu.Lock()
	var keep []storage.EntityColumn
	var refused [][2]int32
	for _, c := range b.Entities {
		if c.Epoch != s.epochs[regionOfColumn(c.X, c.Z)] {
			refused = append(refused, [2]int32{c.X, c.Z})
			continue
		}
		keep = append(keep, c)
	}
	s.mu.Unlock()
	rest := *b
	rest.Entities = keep
	if err := s.handStore.Commit(&rest); err != nil {
		return err
	}
	if len(refused) > 0 {
		return &storage.FencedError{Columns: refused, Reason: "lease lost"}
	}
	return nil
}

// TestLeaseRetakenBetweenLooks: a region's lease lost and taken back
// between two of checkAuthority's looks, after an adoption whose write
// (the column with the entity, the hand-over record deleted) was refused
// under the lost lease: the region's columns are loaded again as stored,
// so the hand-over record, still stored, is adopted once more and the
// entity is here, and stored, once.
func TestLeaseRetakenBetweenLooks(t *testing.T) {
	store := &fencingStore{handStore: newHandStore(), epochs: map[regionKey]uint64{{1, 1}: 1}}
	auth := &regions{own: map[regionKey]bool{{1, 1}: true}, kept: map[regionKey]bool{}}
	w := newRepWorldPersist(t, Config{}, persist.Config{InMemory: true, Backend: store}, nil, auth)
	w.anchor(1000.5, 1000.5, 1) // columns 61..63 of region 1
	w.step(authorityEvery)

	thing := storage.EntityRecord{Kind: "test:thing", X: 1001.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.5, OnGround: true}
	item := []Adoption{{Key: "a1", X: 62, Z: 62, Entity: thing}}
	store.mu.Lock()
	store.hands["a1"] = storage.Handoff{ID: "a1", X: 62, Z: 62, Entity: thing}
	store.mu.Unlock()
	adopt := func() {
		t.Helper()
		if err := w.reg.Adopt(item)[0]; err != nil {
			t.Fatalf("adopt: %v", err)
		}
	}
	here := func() int {
		n := 0
		for _, p := range w.positions() {
			if p.X > 1001 && p.X < 1002 {
				n++
			}
		}
		return n
	}

	adopt()
	store.mu.Lock()
	store.epochs[regionKey{1, 1}] = 2 // lost, and taken again by a new claim
	store.mu.Unlock()
	w.step(1) // the adoption's write, under epoch 1, is refused
	if rec, hands := store.stored(62, 62); len(rec.Entities) != 0 || len(hands) != 1 {
		t.Fatalf("after the refused write: column %+v, hand-overs %+v; want nothing stored but the hand-over", rec, hands)
	}
	w.step(authorityEvery)
	if n := here(); n != 0 {
		t.Fatalf("%d things here after the region was loaded again, want 0 (none is stored)", n)
	}
	adopt() // the hand-over record, still stored, is listed again
	w.step(1)
	if n := here(); n != 1 {
		t.Fatalf("%d things here after the second adoption, want 1", n)
	}
	rec, hands := store.stored(62, 62)
	if len(rec.Entities) != 1 || len(hands) != 0 {
		t.Fatalf("column %+v and hand-overs %+v: want the thing stored once, the hand-over gone", rec, hands)
	}
	if st := ecs.Resource[Stats](w.app); st.Reloaded == 0 {
		t.Errorf("stats %+v: no column reloaded", st)
	}
}
