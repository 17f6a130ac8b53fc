package resources

import (
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// benchSide is the side, in columns, of benchStore's square: 78,400
// columns of 24 sections.
const benchSide = 280

// benchFrame is every benchStore section's frame.
var benchFrame = make([]byte, 24)

// benchGround is the highest section of benchStore's stone; air is above.
const benchGround = 4

// benchStore fills a store the size of the 5,000-walker benchmark's, 1.88
// million uniform sections with a frame each: stone up to benchGround, air
// above.
func benchStore(b *testing.B) *ChunkStore {
	s := NewChunkStore()
	for x := int32(0); x < benchSide; x++ {
		for z := int32(0); z < benchSide; z++ {
			for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
				sec := chunk.Uniform(chunk.Stone)
				if y > benchGround {
					sec = chunk.Uniform(chunk.Air)
				}
				if err := s.InsertDerived(chunk.Pos{X: x, Y: y, Z: z}, sec, 0, benchFrame); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	return s
}

// BenchmarkDeriveAll reads frames the way delivery does, over a store the
// size of the 5,000-walker benchmark's (1.88 million sections): each turn
// is one client's, 48 consecutive ranks of a radius-8 view around a random
// centre, looked up 16 at a time through a Reader. ns/op is per section.
func BenchmarkDeriveAll(b *testing.B) {
	const side = benchSide
	s := benchStore(b)
	frame := benchFrame
	offs := NearestFirst(8, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	r := s.Reader()
	mk := func(chunk.Pos, uint64, *chunk.Section) []byte { return frame }
	var batch []chunk.Pos
	var out []Derivation
	const turn, lookup = 48, 16
	b.ResetTimer()
	for n := 0; n < b.N; n += turn {
		c := chunk.Pos{X: 10 + rng.Int32N(side-20), Y: 4, Z: 10 + rng.Int32N(side-20)}
		first := rng.IntN(len(offs) - turn)
		for k := first; k < first+turn; k += lookup {
			batch = batch[:0]
			for _, o := range offs[k : k+lookup] {
				batch = append(batch, c.Add(o.X, o.Y, o.Z))
			}
			out = r.DeriveAll(batch, mk, out[:0])
			if !out[0].Resident {
				b.Fatal("not resident")
			}
		}
	}
}

// BenchmarkSections looks up the sections of scattered players, 64 at a
// time as movement's workers take them, over the same store: one by one
// (Reader.Section) and as a batch (Reader.Sections), in the air (where
// fliers are, and walkers' heads) and in stone. ns/op is per position.
func BenchmarkSections(b *testing.B) {
	s := benchStore(b)
	for _, c := range []struct {
		name string
		y    int32
	}{{"air", 12}, {"stone", benchGround}} {
		b.Run(c.name, func(b *testing.B) { benchSections(b, s, c.y) })
	}
}

func benchSections(b *testing.B, s *ChunkStore, y int32) {
	rng := rand.New(rand.NewPCG(1, 2))
	ps := make([]chunk.Pos, 1<<16)
	for i := range ps {
		ps[i] = chunk.Pos{X: rng.Int32N(benchSide), Y: y, Z: rng.Int32N(benchSide)}
	}
	const grain = 64
	secs, ok := make([]chunk.Section, grain), make([]bool, grain)
	b.Run("one-by-one", func(b *testing.B) {
		r := s.Reader()
		for i := 0; i < b.N; i++ {
			secs[0], ok[0] = r.Section(ps[i%len(ps)])
			if !ok[0] {
				b.Fatal("not resident")
			}
		}
	})
	b.Run("batch", func(b *testing.B) {
		r := s.Reader()
		for i := 0; i < b.N; i += grain {
			lo := i % len(ps)
			r.Sections(ps[lo:lo+grain], secs, ok)
			if !ok[0] {
				b.Fatal("not resident")
			}
		}
	})
}
