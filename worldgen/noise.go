package worldgen

import "github.com/ojrac/opensimplex-go"

// field is one seeded OpenSimplex noise sampled at a fixed frequency. The
// offset moves the sample origin away from the lattice vertex at (0,0) and
// decorrelates fields that would otherwise share structure there.
type field struct {
	n        opensimplex.Noise
	freq     float64
	ox, oy   float64
	oz       float64
	freqY    float64 // 3D fields only: vertical frequency
	absLimit float64 // output is clamped to ±absLimit (bounds rely on it)
}

func newField(seed int64, salt uint64, freq float64) field {
	h := mix(uint64(seed) ^ salt)
	return field{
		n:        opensimplex.New(int64(h)),
		freq:     freq,
		ox:       float64(h>>40&0xfff) + 0.5,
		oy:       float64(h>>28&0xfff) + 0.5,
		oz:       float64(h>>16&0xfff) + 0.5,
		freqY:    freq,
		absLimit: 1,
	}
}

// at2 samples the 2D field at world (x, z). The explicit float64
// conversions keep each product rounded on its own: the Go spec lets a
// compiler fuse x*y+z into one FMA otherwise, which would change results
// between architectures.
func (f *field) at2(x, z float64) float64 {
	v := f.n.Eval2(float64(x*f.freq)+f.ox, float64(z*f.freq)+f.oz)
	return clamp(v, -f.absLimit, f.absLimit)
}

// at3 samples the 3D field at world (x, y, z).
func (f *field) at3(x, y, z float64) float64 {
	v := f.n.Eval3(float64(x*f.freq)+f.ox, float64(y*f.freqY)+f.oy, float64(z*f.freq)+f.oz)
	return clamp(v, -f.absLimit, f.absLimit)
}

// mix is the splitmix64 finaliser: a fast, well-distributed 64-bit hash.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// hash3 hashes integer coordinates with a salt into 64 random bits; all the
// generator's per-block randomness comes from it, never from shared state.
func hash3(seed, salt uint64, x, y, z int) uint64 {
	return mix(seed ^ salt ^ uint64(x)*0x9e3779b97f4a7c15 ^ uint64(y)*0xc2b2ae3d27d4eb4f ^ uint64(z)*0x165667b19e3779f9)
}

// rng is a splitmix64 stream for placing several things from one hash.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	return mix(uint64(*r))
}

// intn returns a value in [0, n).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

func clamp(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// smoothstep is 0 below e0, 1 above e1, and a smooth cubic between.
func smoothstep(e0, e1, x float64) float64 {
	t := clamp((x-e0)/(e1-e0), 0, 1)
	return float64(t*t) * float64(3-float64(2*t))
}

// lerp interpolates from a to b by t, without fusing (see field.at2).
func lerp(a, b, t float64) float64 { return a + float64((b-a)*t) }

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// floorDivN divides rounding towards negative infinity (n > 0).
func floorDivN(a, n int) int {
	q := a / n
	if a%n != 0 && a < 0 {
		q--
	}
	return q
}
