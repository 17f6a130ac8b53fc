package worldgen

// Terrain heights. The heightmap is built in two lattices, both aligned to
// absolute world coordinates so that every section computing a given block
// does exactly the same arithmetic:
//
//   - the coarse lattice (every 16 blocks) samples the slow fields:
//     continentalness, mountainousness, rivers, temperature, humidity;
//   - the fine lattice (every 4 blocks) interpolates those and adds two
//     detail octaves, giving a height per fine point;
//   - a block's height interpolates the four fine points around it.

// World shape constants. Changing any of them changes the output of
// version 1.
const (
	// SeaLevel is the Y of the topmost water block of oceans and rivers.
	SeaLevel = 62
	// minHeight and maxHeight clamp the terrain surface, so that sections
	// wholly outside [minHeight, maxHeight] skip the heightmap entirely.
	minHeight = 24
	maxHeight = 220

	coarseStep = 16
	fineStep   = 4

	// riverWidth is the half-width of a river channel in river-noise units;
	// riverValley is the width of the valley sloping down to it.
	riverWidth  = 0.014
	riverValley = 0.09
)

// climate is the set of slow fields at one point.
type climate struct {
	cont  float64 // continentalness: <0 ocean, >0 land
	mount float64 // mountainousness: hills then mountains as it rises
	river float64 // rivers run along its zero line
	temp  float64
	humid float64
}

// coarseAt samples the slow fields at a coarse lattice point (x, z are
// world block coordinates, multiples of coarseStep).
func (g *Generator) coarseAt(x, z int) climate {
	var c climate
	g.coarseShape(&c, x, z)
	g.coarseRest(&c, x, z)
	return c
}

// coarseShape samples the fields that bound the height (see heightUpper).
func (g *Generator) coarseShape(c *climate, x, z int) {
	fx, fz := float64(x), float64(z)
	// float64() around each product stops FMA fusion (see field.at2).
	sum := float64(0.75*g.cont1.at2(fx, fz)) + float64(0.25*g.cont2.at2(fx, fz))
	c.cont = float64(1.6*sum) + 0.08
	c.mount = 1.6 * g.mount.at2(fx, fz)
}

// coarseRest samples the other slow fields.
func (g *Generator) coarseRest(c *climate, x, z int) {
	fx, fz := float64(x), float64(z)
	c.river = g.river1.at2(fx, fz) + float64(0.3*g.river2.at2(fx, fz))
	c.temp = 1.7 * g.temp.at2(fx, fz)
	c.humid = 1.7 * g.humid.at2(fx, fz)
}

// lerpClimate interpolates four corner climates; fx, fz in [0, 1).
func lerpClimate(c00, c10, c01, c11 *climate, fx, fz float64) climate {
	return climate{
		cont:  lerp2(c00.cont, c10.cont, c01.cont, c11.cont, fx, fz),
		mount: lerp2(c00.mount, c10.mount, c01.mount, c11.mount, fx, fz),
		river: lerp2(c00.river, c10.river, c01.river, c11.river, fx, fz),
		temp:  lerp2(c00.temp, c10.temp, c01.temp, c11.temp, fx, fz),
		humid: lerp2(c00.humid, c10.humid, c01.humid, c11.humid, fx, fz),
	}
}

// lerp2 is bilinear interpolation; the one formula every caller shares.
func lerp2(v00, v10, v01, v11, fx, fz float64) float64 {
	return lerp(lerp(v00, v10, fx), lerp(v01, v11, fx), fz)
}

// continent base height by continentalness: a piecewise-linear spline.
var contKnots = [...][2]float64{
	{-1.2, 28}, {-0.6, 34}, {-0.3, 46}, {-0.12, 56}, {-0.03, 61},
	{0, 63}, {0.05, 66}, {0.25, 70}, {0.6, 80}, {1.2, 94},
}

func contBase(c float64) float64 {
	k := contKnots[:]
	if c <= k[0][0] {
		return k[0][1]
	}
	for i := 1; i < len(k); i++ {
		if c <= k[i][0] {
			t := (c - k[i-1][0]) / (k[i][0] - k[i-1][0])
			return lerp(k[i-1][1], k[i][1], t)
		}
	}
	return k[len(k)-1][1]
}

// shape holds the parts of the height formula that do not depend on the
// detail noise, so the height and its upper bound share them.
type shape struct {
	base, hillAmp, mountAmp float64
}

func shapeOf(c *climate) shape {
	land := smoothstep(-0.1, 0.15, c.cont)
	hill := smoothstep(-0.35, 0.45, c.mount)
	mnt := smoothstep(0.3, 0.75, c.mount) * smoothstep(0.05, 0.4, c.cont)
	return shape{
		base:     contBase(c.cont),
		hillAmp:  float64(float64(3+float64(15*hill)) * float64(0.3+float64(0.7*land))),
		mountAmp: mnt,
	}
}

// heightAt is the terrain height (as a real number) at a fine lattice
// point from its interpolated climate and two detail samples in [-1, 1].
func heightAt(c *climate, d1, d2 float64) float64 {
	s := shapeOf(c)
	h := s.base + float64(float64(float64(0.65*d1)+float64(0.35*d2))*s.hillAmp)
	ridge := 1 - abs(float64(0.75*d1)+float64(0.25*d2)) // crests, roughened
	h += float64(s.mountAmp * float64(20+float64(float64(120*ridge)*ridge)))
	return clamp(carveRiver(h, c.river), minHeight, maxHeight)
}

// heightUpper bounds heightAt over every possible detail sample: rivers
// only lower the terrain, the hills term is at most hillAmp and the ridge
// term at most 140·mountAmp. The +1 covers rounding. It only reads cont and
// mount, and never decreases as either grows (contBase, the smoothsteps
// and the products of positive increasing terms are all monotone), so the
// bound at the largest cont and mount of some lattice corners bounds every
// point interpolated between them.
func heightUpper(c *climate) float64 {
	s := shapeOf(c)
	return clamp(s.base+s.hillAmp+float64(140*s.mountAmp)+1, minHeight, maxHeight)
}

// carveRiver lowers h towards the river bed near the river noise's zero
// line: a channel below sea level, then a valley sloping up to the land.
// It never raises terrain, so ocean floors are untouched.
func carveRiver(h, r float64) float64 {
	d := abs(r)
	bed := SeaLevel - 6 + float64(4*smoothstep(0, riverWidth, d))
	if h <= bed {
		return h
	}
	t := smoothstep(riverWidth*0.7, riverWidth+riverValley, d)
	return bed + float64((h-bed)*t)
}
