package resources

import (
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// TestBorderResidency checks, on each side of the border, that a view
// centred on the last section column wants that column and nothing
// beyond it (the cylinder, the desired set), that a section beyond is
// never generated, and that the store refuses it.
func TestBorderResidency(t *testing.T) {
	const b = chunk.BorderSections
	sides := []struct {
		name       string
		last, past chunk.Pos // at height 4, the last column and the one past it
	}{
		{"+x", chunk.Pos{X: b, Y: 4, Z: 3}, chunk.Pos{X: b + 1, Y: 4, Z: 3}},
		{"-x", chunk.Pos{X: -b, Y: 4, Z: 3}, chunk.Pos{X: -b - 1, Y: 4, Z: 3}},
		{"+z", chunk.Pos{X: -3, Y: 4, Z: b}, chunk.Pos{X: -3, Y: 4, Z: b + 1}},
		{"-z", chunk.Pos{X: -3, Y: 4, Z: -b}, chunk.Pos{X: -3, Y: 4, Z: -b - 1}},
	}
	for _, s := range sides {
		t.Run(s.name, func(t *testing.T) {
			// Centred on the last column, and on the one past it (a view
			// is clipped wherever it is centred).
			for _, center := range []chunk.Pos{s.last, s.past} {
				c := Cylinder{Center: center, Radius: 3, Pad: 1}
				for _, tc := range []struct {
					p      chunk.Pos
					inside bool
				}{{s.last, true}, {s.last.Add(0, -1, 0), true}, {s.past, false}, {s.past.Add(0, -1, 0), false}} {
					if got := c.Contains(tc.p); got != tc.inside {
						t.Errorf("view at %v: Contains(%v) = %v", center, tc.p, got)
					}
					if got := c.ColumnMask(tc.p.X, tc.p.Z) != 0; got != tc.inside {
						t.Errorf("view at %v: ColumnMask(%v) = %v", center, tc.p, got)
					}
				}
				ps := c.Positions(nil)
				if len(ps) != c.Len() || len(ps) == 0 {
					t.Fatalf("view at %v: %d positions, Len %d", center, len(ps), c.Len())
				}
				if full := (Cylinder{Center: chunk.Pos{Y: 4}, Radius: 3, Pad: 1}).Len(); len(ps) >= full {
					t.Errorf("view at %v is not clipped: %d sections, %d away from the border", center, len(ps), full)
				}
				for _, p := range ps {
					if !p.InWorld() {
						t.Fatalf("view at %v holds %v, beyond the border", center, p)
					}
				}

				d := NewDesired()
				d.Set(1, c)
				if !d.Contains(s.last) || d.Contains(s.past) || d.Len() != len(ps) {
					t.Errorf("desired at %v: last %v, past %v, %d sections (view %d)", center, d.Contains(s.last), d.Contains(s.past), d.Len(), len(ps))
				}
				wanted, _ := d.Changes()

				// Generation is asked for every wanted section and the one
				// past: only sections inside are ever generated.
				var generated []chunk.Pos
				gen := NewGeneration(GeneratorFunc(func(p chunk.Pos) chunk.Section {
					generated = append(generated, p)
					return chunk.Section{}
				}), GenerationConfig{Deterministic: true})
				if gen.Submit(s.past, 0) {
					t.Error("a section beyond the border was queued")
				}
				if n := gen.SubmitAll(wanted); n != len(ps) {
					t.Errorf("%d of %d wanted sections queued", n, len(ps))
				}
				gen.TakeResults(nil)
				gen.Stop()
				if len(generated) != len(ps) {
					t.Errorf("%d sections generated, %d wanted", len(generated), len(ps))
				}
				for _, p := range generated {
					if !p.InWorld() {
						t.Fatalf("generated %v, beyond the border", p)
					}
				}
			}
			store := NewChunkStore()
			if err := store.Insert(s.last, chunk.Section{}, 0); err != nil {
				t.Errorf("insert the last section: %v", err)
			}
			if err := store.Insert(s.past, chunk.Section{}, 0); err == nil {
				t.Error("the store took a section beyond the border")
			}
		})
	}
}
