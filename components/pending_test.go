package components

import (
	"math/rand/v2"
	"testing"
)

// TestPendingIsASortedSet checks Next, Has, Remove, Add and Len against a
// plain set as ranks are taken out in random order and from the front,
// and some put back (below the words Next has passed, too).
func TestPendingIsASortedSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 63, 64, 65, 200, 3500} {
		var p Pending
		want := map[int]bool{}
		words := p.Reset(n)
		for r := range n {
			if rng.IntN(3) != 0 {
				words[r>>6] |= 1 << (r & 63)
				want[r] = true
			}
		}
		p.Recount()
		var removed []int
		for len(want) > 0 {
			if p.Len() != len(want) {
				t.Fatalf("n %d: Len %d, want %d", n, p.Len(), len(want))
			}
			from := rng.IntN(n)
			got, exp := p.Next(from), -1
			for r := from; r < n; r++ {
				if want[r] {
					exp = r
					break
				}
			}
			if got != exp {
				t.Fatalf("n %d: Next(%d) = %d, want %d", n, from, got, exp)
			}
			first := p.Next(0)
			if !want[first] {
				t.Fatalf("n %d: Next(0) = %d, not in the set", n, first)
			}
			if rng.IntN(2) == 0 {
				p.Remove(first)
				delete(want, first)
				removed = append(removed, first)
			} else if got >= 0 {
				p.Remove(got)
				p.Remove(got) // twice: no effect
				delete(want, got)
				removed = append(removed, got)
			}
			if len(removed) > 0 && rng.IntN(8) == 0 {
				r := removed[0]
				removed = removed[1:]
				p.Add(r)
				p.Add(r) // twice: no effect
				want[r] = true
			}
			if r := rng.IntN(n); p.Has(r) != want[r] {
				t.Fatalf("n %d: Has(%d) = %v, want %v", n, r, p.Has(r), want[r])
			}
		}
		if p.Len() != 0 || p.Next(0) != -1 {
			t.Fatalf("n %d: emptied set has Len %d, Next %d", n, p.Len(), p.Next(0))
		}
		if words := p.Reset(n); len(words) != (n+63)/64 || p.Len() != 0 {
			t.Fatalf("n %d: Reset gave %d words, Len %d", n, len(words), p.Len())
		}
	}
}
