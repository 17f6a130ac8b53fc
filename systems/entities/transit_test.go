package entities

import (
	"fmt"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/persist"
)

// transiting is a test Authority that simulates its regions, hands
// nothing to other servers and moves entities between its regions
// through hand-over records, as a cluster's shard does.
type transiting struct {
	*regions
	n int
}

func (*transiting) HandOver(int32, int32) (string, bool) { return "", false }

func (t *transiting) Transit(x, z int32) (string, bool) {
	if !t.LoadsEntities(x, z) {
		return "", false
	}
	t.n++
	return fmt.Sprintf("t%d", t.n), true
}

func (t *transiting) Build(app *ecs.App) error {
	ecs.Resource[Registry](app).SetAuthority(t)
	return nil
}

// copies counts the things stored in columns 62..65 of row 62 and in
// hand-over records, and says where.
func (s *handStore) copies() (n int, where string) {
	for x := int32(62); x <= 65; x++ {
		rec, _ := s.stored(x, 62)
		for range rec.Entities {
			n++
			where += fmt.Sprintf(" column %d", x)
		}
	}
	_, hands := s.stored(0, 0)
	for _, h := range hands {
		n++
		where += " hand-over " + h.ID
	}
	return n, where
}

// transitWorld is a world of two regions both simulated here, seen by
// view, and a thing (id) standing and saved in region 1 two blocks from
// region 2.
type transitWorld struct {
	*repWorld
	store *handStore
	auth  *transiting
	view  ecs.Entity
	id    uint64
}

func newTransitWorld(t *testing.T) *transitWorld {
	store := newHandStore()
	auth := &transiting{regions: &regions{own: map[regionKey]bool{{1, 1}: true, {2, 1}: true}, kept: map[regionKey]bool{}}}
	w := &transitWorld{repWorld: newRepWorldPersist(t, Config{SaveEvery: 5}, persist.Config{InMemory: true, Backend: store}, nil, auth), store: store, auth: auth}
	w.view = w.anchor(1016, 1000, 3) // columns 60..66: regions 1 and 2
	w.step(authorityEvery)
	w.id = w.spawnAt(components.Position{X: 1022.5, Y: 64, Z: 1000.5})
	w.step(10) // saved
	return w
}

// walk moves the thing by dx a tick until it stands where until says,
// checking after every tick that it is stored exactly once.
func (w *transitWorld) walk(dx float64, until func(x float64) bool) {
	w.t.Helper()
	for range 200 {
		p, _, m := w.body(w.id)
		if until(p.X) {
			m.WalkX = 0
			return
		}
		m.WalkX = dx
		w.step(1)
		if n, where := w.store.copies(); n != 1 {
			w.t.Fatalf("at x %.2f: stored %d times:%s; want once", p.X, n, where)
		}
	}
	w.t.Fatal("the thing did not get there")
}

// TestTransit: an entity walking between two regions both simulated here
// moves through a hand-over record, and is stored in exactly one place
// after every write: first its old column's record without it and the
// hand-over record (one write), then, adopted in place, the record of the
// column it stands in with it and the hand-over record deleted (one
// write). It is simulated all along, cannot leave the region it entered
// before it is adopted there, and its move is undone once the region it
// left is another server's before the adoption.
func TestTransit(t *testing.T) {
	w := newTransitWorld(t)
	store, auth, id, walk := w.store, w.auth, w.id, w.walk
	e, _ := w.thing(id)

	walk(4, func(x float64) bool { return x >= 1024 })
	if !w.reg.InTransit(e) {
		t.Fatal("the thing crossed into region 2 without a transit")
	}
	rec, hands := store.stored(64, 62)
	if len(rec.Entities) != 0 || len(hands) != 1 || hands[0].ID != "t1" || hands[0].X != 64 || hands[0].Entity.X < 1024 {
		t.Fatalf("after the crossing: column 64 %+v, hand-overs %+v; want the thing only in hand-over t1 into column 64", rec, hands)
	}
	// Simulated all along, and the border back is a wall until adopted.
	walk(4, func(x float64) bool { return x >= 1027 })
	walk(-4, func(x float64) bool { return x < 1024.5 })
	w.step(10)
	p, _, m := w.body(id)
	if p.X < 1024 {
		t.Fatalf("in transit, the thing walked back to x %.2f", p.X)
	}
	m.WalkX = 0
	w.step(1)

	if !w.reg.AdoptTransit("t1", "t1") || w.reg.InTransit(e) || w.reg.AdoptTransit("t1", "t1") {
		t.Fatal("transit t1 not adopted in place once")
	}
	w.step(1)
	adopted, hands := store.stored(64, 62)
	if len(adopted.Entities) != 1 || len(hands) != 0 {
		t.Fatalf("after the adoption: column 64 %+v, hand-overs %+v; want the thing in column 64 alone", adopted, hands)
	}

	// Back into region 1; then region 2 becomes another server's before
	// t2 is adopted, and its write is refused: the thing is left where
	// region 2's new owner finds it, in column 64, and not kept here.
	walk(-4, func(x float64) bool { return x < 1024 })
	if _, hands := store.stored(0, 0); len(hands) != 1 || hands[0].ID != "t2" {
		t.Fatalf("hand-overs %+v after the walk back; want t2", hands)
	}
	store.mu.Lock()
	store.cols[[2]int32{64, 62}] = adopted
	delete(store.hands, "t2")
	store.mu.Unlock()
	auth.own[regionKey{2, 1}] = false
	w.step(authorityEvery)
	if _, ok := w.thing(id); ok {
		t.Fatal("the thing is still simulated here after its move was undone")
	}
	if n, where := store.copies(); n != 1 {
		t.Fatalf("stored %d times:%s; want once, in column 64", n, where)
	}
	if st := ecs.Resource[Stats](w.app); st.Transits != 2 || st.TakenBack != 1 {
		t.Errorf("stats: %d transits, %d taken back; want 2 and 1", st.Transits, st.TakenBack)
	}
}

// TestTransitDespawned: an entity despawned on its move between regions
// is deleted with its hand-over record when that is adopted, also once
// the column it stood in left and came back.
func TestTransitDespawned(t *testing.T) {
	for _, leaves := range []bool{false, true} {
		t.Run(fmt.Sprintf("column leaves %t", leaves), func(t *testing.T) {
			w := newTransitWorld(t)
			w.walk(4, func(x float64) bool { return x >= 1024 })
			e, _ := w.thing(w.id)
			w.reg.Despawn(w.app.Commands(), e)
			w.step(1)
			if leaves {
				w.drop(w.view)
				w.step(5)
				if w.reg.ColumnResident(64, 62) {
					t.Fatal("column 64 still resident")
				}
				w.anchor(1016, 1000, 3)
				w.step(5)
			}
			if !w.reg.AdoptTransit("t1", "t1") {
				t.Fatal("transit t1 not adopted")
			}
			w.step(1)
			if n, where := w.store.copies(); n != 0 {
				t.Fatalf("stored %d times:%s; want nowhere", n, where)
			}
		})
	}
}
