package bots

import (
	"math"
	"math/rand/v2"

	"github.com/stratavox/strata/resources/chunk"
)

// vec is a point or displacement in blocks.
type vec struct{ X, Y, Z float64 }

func (v vec) add(o vec) vec               { return vec{v.X + o.X, v.Y + o.Y, v.Z + o.Z} }
func (v vec) sub(o vec) vec               { return vec{v.X - o.X, v.Y - o.Y, v.Z - o.Z} }
func (v vec) scale(k float64) vec         { return vec{v.X * k, v.Y * k, v.Z * k} }
func (v vec) horizontal() float64         { return math.Hypot(v.X, v.Z) }
func (v vec) section() chunk.Pos          { return chunk.PosOfFloat(v.X, v.Y, v.Z) }
func headingVec(h float64) (x, z float64) { return math.Cos(h), math.Sin(h) }

// motion is the movement state a bot reports in its Input.
type motion struct {
	pos, vel         vec
	yaw, pitch       float64 // degrees
	flying, onGround bool
}

// face sets yaw and pitch to look along displacement d. Yaw follows the
// usual block-game convention: 0 looks towards +Z, 90 towards −X.
func (m *motion) face(d vec) {
	if h := d.horizontal(); h > 1e-9 {
		m.yaw = math.Atan2(-d.X, d.Z) * 180 / math.Pi
		m.pitch = -math.Atan2(d.Y, h) * 180 / math.Pi
	}
}

// pattern moves a bot, one input tick at a time.
type pattern interface {
	// step advances m by one input tick of dt seconds.
	step(m *motion, dt float64)
	// corrected is called after the server moved the bot.
	corrected(m *motion)
}

// newPattern builds the pattern p for a bot that starts at m.
func newPattern(p Pattern, speed float64, view int, rng *rand.Rand, t terrain, m *motion) pattern {
	switch p {
	case Walk:
		w := &walker{speed: speed, rng: rng, t: t}
		w.turn()
		return w
	case Fly:
		f := &flyer{speed: speed, t: t}
		h := rng.Float64() * 2 * math.Pi
		f.path = &line{heading: h}
		return f
	case Spiral:
		// Arms one view radius apart: each lap sees about half new ground.
		spacing := max(float64(view*chunk.Size), 32)
		return &flyer{speed: speed, t: t, path: &spiral{center: m.pos, a: spacing / (2 * math.Pi), phase: rng.Float64() * 2 * math.Pi}}
	default:
		return still{}
	}
}

// still stands where it is (the teleport pattern between reconnects).
type still struct{}

func (still) step(m *motion, _ float64) { m.vel = vec{}; m.onGround = true }
func (still) corrected(*motion)         {}

// Walking: the server allows rising at RiseSpeed (10 b/s) times its
// tolerance; walkers climb at less, and start climbing before a step so
// that their box never cuts into it.
const (
	walkRise      = 8.0  // blocks per second up
	walkFall      = 15.0 // blocks per second down
	walkLookahead = 2.0  // blocks ahead checked for higher ground
	walkHalfWidth = 0.3  // half the player box's width
	walkTurnMin   = 3.0  // seconds between turns
	walkTurnMax   = 8.0
)

// walker walks on the terrain along a heading, turning now and then and
// whenever the server corrects it (it ran into something).
type walker struct {
	speed, heading float64
	turnIn         float64 // seconds to the next turn
	rng            *rand.Rand
	t              terrain
}

func (w *walker) turn() {
	w.heading = w.rng.Float64() * 2 * math.Pi
	w.turnIn = walkTurnMin + w.rng.Float64()*(walkTurnMax-walkTurnMin)
}

// corrected turns the walker away from whatever stopped it: a new heading
// in the half-plane behind it.
func (w *walker) corrected(*motion) {
	back := w.heading + math.Pi + (w.rng.Float64()-0.5)*math.Pi
	w.turn()
	w.heading = back
}

func (w *walker) step(m *motion, dt float64) {
	w.turnIn -= dt
	if w.turnIn <= 0 {
		w.turn()
	}
	ux, uz := headingVec(w.heading)
	d := vec{ux * w.speed * dt, 0, uz * w.speed * dt}
	next := m.pos.add(d)
	m.flying, m.onGround = false, true
	// The server sweeps the box in a straight line from here to there:
	// the bot must be above every column the swept box touches before it
	// moves sideways, or the line clips a corner.
	if need, ok := w.floor(m.pos, next); ok {
		want := max(w.lookahead(next, ux, uz), need)
		if m.pos.Y < need-1e-9 {
			next.X, next.Z = m.pos.X, m.pos.Z // a step ahead: climb in place first
		}
		next.Y = m.pos.Y + max(min(want-m.pos.Y, walkRise*dt), -walkFall*dt)
		m.onGround = math.Abs(next.Y-want) < 1e-9
	}
	// Nothing known of the ground: keep the height.
	d = next.sub(m.pos)
	m.vel = d.scale(1 / dt)
	m.face(vec{d.X, 0, d.Z})
	m.pos = next
}

// floor is the lowest feet height clear of the terrain for a box moving
// in a straight line from a to b: one above the highest block column in
// the rectangle the moving box covers.
func (w *walker) floor(a, b vec) (float64, bool) {
	best := math.Inf(-1)
	x0, x1, z0, z1 := sweptRect(a, b)
	for x := int(math.Floor(x0)); x <= int(math.Floor(x1)); x++ {
		for z := int(math.Floor(z0)); z <= int(math.Floor(z1)); z++ {
			g, ok := w.t.ground(x, z)
			if !ok {
				return 0, false
			}
			best = max(best, float64(g+1))
		}
	}
	return best, true
}

// sweptRect is the horizontal rectangle a player box covers moving in a
// straight line from a to b.
func sweptRect(a, b vec) (x0, x1, z0, z1 float64) {
	return min(a.X, b.X) - walkHalfWidth, max(a.X, b.X) + walkHalfWidth, min(a.Z, b.Z) - walkHalfWidth, max(a.Z, b.Z) + walkHalfWidth
}

// lookahead is the feet height the walker wants at p so that it can climb
// the ground ahead in time: the floor at each point ahead, less what it
// can climb on the way there.
func (w *walker) lookahead(p vec, ux, uz float64) float64 {
	slope := walkRise / max(w.speed, 0.1) // blocks of climb per block walked
	best := math.Inf(-1)
	for d := 0.25; d <= walkLookahead; d += 0.25 {
		q := vec{p.X + ux*d, 0, p.Z + uz*d}
		f, ok := w.floor(q, q)
		if !ok {
			continue
		}
		best = max(best, f-slope*max(d-0.5, 0))
	}
	return best
}

// Flying: the bot keeps its 3-D speed at exactly speed and spends part of
// it climbing or descending to stay a little above the highest point of
// every section column on the way ahead.
const (
	flyClearance = 4.0   // blocks above the highest point of a column
	flyClimb     = 0.5   // climb per block ahead the planner counts on
	flyMaxUp     = 0.8   // of the speed, when the terrain ahead demands it
	flyMaxDown   = 0.45  // of the speed
	flyReplan    = 4     // ticks between looks ahead
	flyCruise    = 232.0 // above anything the generator makes, when it is unknown
	flyCeiling   = 300.0
)

// path is where a flyer goes: a point to head for after moving by at
// most step horizontally, and the way ahead for the altitude planner.
type path interface {
	// next returns the horizontal point to be at after this tick, at most
	// step from p.
	next(p vec, step float64) (x, z float64)
	// ahead calls f with points of the way ahead, every spacing blocks,
	// up to length blocks, in order.
	ahead(p vec, spacing, length float64, f func(x, z, d float64))
	// undo takes back the progress of the last next: the bot did not go.
	undo()
}

// flyer flies along a path, following the terrain.
type flyer struct {
	speed  float64
	t      terrain
	path   path
	target float64 // wanted altitude, replanned every flyReplan ticks
	ticks  int
}

func (f *flyer) corrected(*motion) { f.ticks = 0 } // replan from where the server put it

func (f *flyer) step(m *motion, dt float64) {
	if f.ticks%flyReplan == 0 {
		f.target = f.plan(m.pos)
	}
	f.ticks++
	s := f.speed
	vy := (f.target - m.pos.Y) * 2 // close the gap in about half a second
	vy = max(min(vy, flyMaxUp*s), -flyMaxDown*s)
	if math.Abs(f.target-m.pos.Y) < math.Abs(vy)*dt {
		vy = (f.target - m.pos.Y) / dt
	}
	h := math.Sqrt(max(s*s-vy*vy, 0))
	x, z := f.path.next(m.pos, h*dt)
	d := vec{x - m.pos.X, vy * dt, z - m.pos.Z}
	// The server sweeps the box in a straight line: the lower end of the
	// move must clear every column on the way. If it does not (taking
	// off, or terrain the plan did not foresee), climb straight up first.
	if need, ok := f.floor(m.pos, m.pos.add(d)); ok && min(m.pos.Y, m.pos.Y+d.Y) < need {
		f.path.undo()
		d = vec{0, min(s*dt, max(need-m.pos.Y, 0)+s*dt/2), 0}
	}
	m.flying, m.onGround = true, false
	m.vel = d.scale(1 / dt)
	m.face(d)
	m.pos = m.pos.add(d)
}

// floor is one above the highest top of the section columns in the
// rectangle the player box covers moving in a straight line from a to b.
func (f *flyer) floor(a, b vec) (float64, bool) {
	best := math.Inf(-1)
	x0, x1, z0, z1 := sweptRect(a, b)
	for cx := chunk.FloorDiv(int(math.Floor(x0))); cx <= chunk.FloorDiv(int(math.Floor(x1))); cx++ {
		for cz := chunk.FloorDiv(int(math.Floor(z0))); cz <= chunk.FloorDiv(int(math.Floor(z1))); cz++ {
			top, ok := f.t.top(int32(cx), int32(cz))
			if !ok {
				return 0, false
			}
			best = max(best, float64(top+1))
		}
	}
	return best, true
}

// plan returns the altitude to fly at: for every section column within
// 1.5 blocks of the way ahead, its highest point plus the clearance, less
// what the bot can climb before it gets there.
func (f *flyer) plan(p vec) float64 {
	length := min(max(f.speed*6, 64), 512)
	want, known := math.Inf(-1), false
	var seen [8][2]int32 // recently looked-up columns; the way ahead revisits them
	n := 0
	f.path.ahead(p, 2, length, func(x, z, d float64) {
		for _, c := range [4][2]float64{{-1.5, -1.5}, {-1.5, 1.5}, {1.5, -1.5}, {1.5, 1.5}} {
			k := [2]int32{int32(chunk.FloorDiv(int(math.Floor(x + c[0])))), int32(chunk.FloorDiv(int(math.Floor(z + c[1]))))}
			dup := false
			for i := range min(n, len(seen)) {
				if seen[i] == k {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			seen[n%len(seen)] = k
			n++
			top, ok := f.t.top(k[0], k[1])
			if !ok {
				continue
			}
			known = true
			want = max(want, float64(top)+1+flyClearance-flyClimb*d)
		}
	})
	if !known {
		return flyCruise
	}
	return min(want, flyCeiling)
}

// line is a straight path along a heading.
type line struct{ heading float64 }

func (l *line) next(p vec, step float64) (float64, float64) {
	ux, uz := headingVec(l.heading)
	return p.X + ux*step, p.Z + uz*step
}

func (l *line) undo() {}

func (l *line) ahead(p vec, spacing, length float64, f func(x, z, d float64)) {
	ux, uz := headingVec(l.heading)
	for d := 0.0; d <= length; d += spacing {
		f(p.X+ux*d, p.Z+uz*d, d)
	}
}

// spiral is the Archimedean spiral r = a·θ around center, rotated by
// phase. θ is the bot's progress along it.
type spiral struct {
	center    vec
	a         float64
	phase     float64
	theta     float64
	lastTheta float64 // θ before the last next, for undo
}

func (s *spiral) at(theta float64) (float64, float64) {
	r := s.a * theta
	return s.center.X + r*math.Cos(theta+s.phase), s.center.Z + r*math.Sin(theta+s.phase)
}

// advance returns θ moved along the spiral by about step blocks.
func (s *spiral) advance(theta, step float64) float64 {
	return theta + step/math.Hypot(s.a*theta, s.a)
}

func (s *spiral) next(p vec, step float64) (float64, float64) {
	if x, z := s.at(s.theta); math.Hypot(x-p.X, z-p.Z) > 0.5 {
		// Off the spiral (a correction moved the bot): head back to the
		// point it was at, at full speed, without advancing.
		s.lastTheta = s.theta
		return toward(p, x, z, step)
	}
	s.lastTheta = s.theta
	s.theta = s.advance(s.theta, step)
	x, z := s.at(s.theta)
	return toward(p, x, z, step)
}

// toward returns the point at most step from p on the way to (x, z).
func toward(p vec, x, z, step float64) (float64, float64) {
	dx, dz := x-p.X, z-p.Z
	if dist := math.Hypot(dx, dz); dist > step {
		k := step / dist
		return p.X + dx*k, p.Z + dz*k
	}
	return x, z
}

func (s *spiral) undo() { s.theta = s.lastTheta }

func (s *spiral) ahead(p vec, spacing, length float64, f func(x, z, d float64)) {
	theta := s.theta
	for d := 0.0; d <= length; d += spacing {
		x, z := s.at(theta)
		if d == 0 {
			x, z = p.X, p.Z
		}
		f(x, z, d)
		theta = s.advance(theta, spacing)
	}
}
