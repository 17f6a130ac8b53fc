package network_test

import (
	"cmp"
	"slices"
	"sync"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/testkit"
)

// The subscription as docs/protocol.md §9.4 states it, written from the
// document and not from the code, so that the test fails when either
// drifts from the other. The view centre C is, when the player joined,
// its section or the section one back along x, z or both (the server's
// pick), and moves to the player's section once that is 2 or more
// sections away along any axis; the server sends every section p of the
// world with
//
//	max(0,|dx|−1)² + max(0,|dz|−1)² ≤ r²   and   |dy| ≤ ⌊r/2⌋ + 1,   d = p − C,
//
// nearest first: by dx² + (2·dy)² + dz², ties by x, then z, then y.
func docSubscription(c chunk.Pos, r int) []chunk.Pos {
	pad := func(d int) int { return max(0, abs(d)-1) }
	var out []chunk.Pos
	for dx := -r - 1; dx <= r+1; dx++ {
		for dz := -r - 1; dz <= r+1; dz++ {
			if pad(dx)*pad(dx)+pad(dz)*pad(dz) > r*r {
				continue
			}
			for dy := -(r/2 + 1); dy <= r/2+1; dy++ {
				if p := c.Add(int32(dx), int32(dy), int32(dz)); p.InWorld() {
					out = append(out, p)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b chunk.Pos) int {
		if ka, kb := docRank(c, a), docRank(c, b); ka != kb {
			return cmp.Compare(ka, kb)
		}
		return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z), cmp.Compare(a.Y, b.Y))
	})
	return out
}

// docRank is the document's "nearest" metric.
func docRank(c, p chunk.Pos) int64 {
	dx, dy, dz := int64(p.X-c.X), 2*int64(p.Y-c.Y), int64(p.Z-c.Z)
	return dx*dx + dy*dy + dz*dz
}

func abs(v int) int { return max(v, -v) }

// admissionCentre returns which of the centres §9.4 allows a player
// admitted in section at has, by the sections it holds.
func admissionCentre(t *testing.T, held []chunk.Pos, at chunk.Pos, r int) chunk.Pos {
	t.Helper()
	for _, c := range testkit.AdmissionCentres(at) {
		if slices.Equal(sorted(held), sorted(docSubscription(c, r))) {
			return c
		}
	}
	t.Fatalf("radius %d: holds %d sections, none of the document's shapes around the admission centres of %v", r, len(held), at)
	return at
}

// sorted returns ps in position order, for comparing sets.
func sorted(ps []chunk.Pos) []chunk.Pos {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b chunk.Pos) int {
		return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z), cmp.Compare(a.Y, b.Y))
	})
	return ps
}

// chunkLog records the order in which a client received its sections.
type chunkLog struct {
	mu  sync.Mutex
	pos []chunk.Pos
}

func (l *chunkLog) handlers() client.Handlers {
	return client.Handlers{OnChunk: func(p chunk.Pos, _ uint64, _ []byte) {
		l.mu.Lock()
		l.pos = append(l.pos, p)
		l.mu.Unlock()
	}}
}

func (l *chunkLog) list() []chunk.Pos {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.pos)
}

// TestSubscriptionIsTheDocumentedShapeAndOrder connects players with
// several view distances to the real server and checks what they are
// sent against docSubscription: the set, and — for a second player
// arriving where everything is already resident, so that nothing waits
// for generation — the order. The worked example of §9.4 (radius 2: 37
// columns of 5 sections) is checked too.
func TestSubscriptionIsTheDocumentedShapeAndOrder(t *testing.T) {
	testkit.CheckNoLeaks(t)
	checkWorkedExample(t)
	s := scenario.New(t)
	at := s.Spawn().Section()
	for _, r := range []int{1, 2, 3, 5} {
		first := s.Connect("first"+string(rune('0'+r)), client.Options{ViewDistance: uint32(r)})
		s.StepUntilSynced(first)
		admissionCentre(t, first.Positions(), at, r)
		var log chunkLog
		second := s.Connect("second"+string(rune('0'+r)), client.Options{ViewDistance: uint32(r), Handlers: log.handlers()})
		s.StepUntilSynced(second)
		want := docSubscription(admissionCentre(t, second.Positions(), at, r), r)
		if got := log.list(); !slices.Equal(got, want) {
			i := 0
			for i < min(len(got), len(want)) && got[i] == want[i] {
				i++
			}
			t.Fatalf("radius %d: %d sections arrived, %d documented; the orders part at #%d", r, len(got), len(want), i)
		}
		s.Leave(first)
		s.Leave(second)
	}
}

// checkWorkedExample checks the numbers of §9.4's example against the
// formula, so the example cannot drift from it.
func checkWorkedExample(t *testing.T) {
	t.Helper()
	c := chunk.Pos{Y: 4}
	for _, n := range []struct{ r, y, want int }{{2, 4, 185}, {1, 4, 63}, {4, 4, 623}, {8, 4, 2959}, {2, -4, 111}} {
		if got := len(docSubscription(chunk.Pos{Y: int32(n.y)}, n.r)); got != n.want {
			t.Errorf("worked example: radius %d at y %d has %d sections, the document says %d", n.r, n.y, got, n.want)
		}
	}
	p := func(x, y, z int32) chunk.Pos { return chunk.Pos{X: x, Y: y, Z: z} }
	first := []chunk.Pos{
		p(0, 4, 0),
		p(-1, 4, 0), p(0, 4, -1), p(0, 4, 1), p(1, 4, 0),
		p(-1, 4, -1), p(-1, 4, 1), p(1, 4, -1), p(1, 4, 1),
		p(-2, 4, 0), p(0, 4, -2), p(0, 3, 0), p(0, 5, 0), p(0, 4, 2), p(2, 4, 0),
		p(-2, 4, -1), p(-2, 4, 1), p(-1, 4, -2), p(-1, 3, 0), p(-1, 5, 0),
	}
	got := docSubscription(c, 2)
	if !slices.Equal(got[:len(first)], first) {
		t.Errorf("worked example: the order begins %v, the document says %v", got[:len(first)], first)
	}
	if last := got[len(got)-2:]; !slices.Equal(last, []chunk.Pos{p(3, 2, 1), p(3, 6, 1)}) || docRank(c, last[0]) != 26 {
		t.Errorf("worked example: the order ends %v (rank %d), the document says (3, 2, 1), (3, 6, 1) at rank 26", last, docRank(c, last[0]))
	}
}

// TestSubscriptionCentreHysteresis: the view centre stays put while the
// player is one section away from it, and moves to the player's section
// once it is two away, as §9.4 says, whichever centre it was admitted
// with.
func TestSubscriptionCentreHysteresis(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	const r = 2
	c := s.Connect("walker", client.Options{ViewDistance: r})
	s.StepUntilSynced(c)
	at := s.Spawn().Section()
	centre := admissionCentre(t, c.Positions(), at, r)
	// move puts the player in the section dx along x from the centre.
	move := func(dx int) chunk.Pos {
		sp := s.Spawn()
		to := int32(dx) + centre.X - at.X
		s.Teleport(c, components.Position{X: sp.X + float64(16*to), Y: sp.Y, Z: sp.Z})
		s.StepUntilSynced(c)
		return at.Add(to, 0, 0)
	}
	move(1)
	if got := sorted(c.Positions()); !slices.Equal(got, sorted(docSubscription(centre, r))) {
		t.Errorf("one section away: holds %d sections, want the %d around the old centre", len(got), len(docSubscription(centre, r)))
	}
	want := sorted(docSubscription(move(2), r))
	if got := sorted(c.Positions()); !slices.Equal(got, want) {
		t.Errorf("two sections away: holds %d sections, want the %d around the player's section", len(got), len(want))
	}
}
