package network

import (
	"testing"

	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// TestDeriveSkipsBlank: the workers encode every section but a blank one
// (uniform air at revision 0), which air-sections clients are told of by
// position; the others get the frame a delivery would encode.
func TestDeriveSkipsBlank(t *testing.T) {
	dense := chunk.Uniform(chunk.Stone)
	dense.Set(1, 2, 3, chunk.Air)
	p := chunk.Pos{X: 3, Y: 5, Z: -2}
	for _, c := range []struct {
		name  string
		sec   chunk.Section
		rev   uint64
		frame bool
	}{
		{"blank", chunk.Uniform(chunk.Air), 0, false},
		{"air edited back", chunk.Uniform(chunk.Air), 2, true},
		{"stone", chunk.Uniform(chunk.Stone), 0, true},
		{"dense", dense, 0, true},
	} {
		got := NewSectionFrames().Derive(p, c.rev, c.sec)
		if !c.frame {
			if got != nil {
				t.Errorf("%s: derived %d bytes, want none", c.name, len(got))
			}
			continue
		}
		var enc wire.SectionEncoder
		if want := enc.Encode(p, c.rev, &c.sec).Bytes(); string(got) != string(want) {
			t.Errorf("%s: derived %x, want %x", c.name, got, want)
		}
	}
}
