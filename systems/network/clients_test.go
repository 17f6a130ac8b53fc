package network

import (
	"testing"

	arche "github.com/mlange-42/arche/ecs"

	"github.com/stratavox/strata/ecs"
)

// TestClientsByID checks the id table on both sides of maxDenseID: ids
// the transport counts up, and ids past the dense table's bound.
func TestClientsByID(t *testing.T) {
	w := arche.NewWorld()
	c := &Clients{byID: map[uint64]ecs.Entity{}}
	ids := []uint64{1, 2, 7, 1000, maxDenseID - 1, maxDenseID, maxDenseID + 5, 1 << 62}
	ents := map[uint64]ecs.Entity{}
	for _, id := range ids {
		ents[id] = w.NewEntity()
		c.set(id, ents[id])
	}
	c.set(7, ents[7]) // again: not counted twice
	if c.Len() != len(ids) {
		t.Fatalf("Len = %d, want %d", c.Len(), len(ids))
	}
	for _, id := range ids {
		if e, ok := c.Entity(id); !ok || e != ents[id] {
			t.Fatalf("Entity(%d) = %v, %v; want %v", id, e, ok, ents[id])
		}
	}
	for _, id := range []uint64{0, 3, 999, maxDenseID + 1, 1 << 63} {
		if _, ok := c.Entity(id); ok {
			t.Fatalf("Entity(%d) found a client never set", id)
		}
	}
	for _, id := range []uint64{2, maxDenseID, 2, 12345} { // twice, and never set
		c.remove(id)
	}
	if c.Len() != len(ids)-2 {
		t.Fatalf("Len after removals = %d, want %d", c.Len(), len(ids)-2)
	}
	for _, id := range []uint64{2, maxDenseID} {
		if _, ok := c.Entity(id); ok {
			t.Fatalf("Entity(%d) found a removed client", id)
		}
	}
	if e, ok := c.Entity(maxDenseID + 5); !ok || e != ents[maxDenseID+5] {
		t.Fatalf("Entity(%d) lost by another's removal", uint64(maxDenseID+5))
	}
}
