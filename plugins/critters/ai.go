package critters

import (
	"math"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/physics"
)

// How long, in ticks, a critter idles (idleMin..idleMin+idleSpan-1) and
// walks; how many ticks blocked on the ground it keeps jumping at a step
// before it gives up and turns.
const (
	idleMin, idleSpan = 40, 160
	walkMin, walkSpan = 30, 90
	maxStuck          = 6
)

// Lookahead beyond the edge of the body, in blocks: where a step is
// looked for when blocked, and where the ground is looked at for a drop
// (enough that the momentum left after a turn does not carry the body
// over the edge).
const (
	stepReach = 0.2
	dropReach = 0.3
)

// brain is the critter_ai system: per critter, from the seed, its wire id
// and the tick, idle for a while, then walk in a heading for a while; hop
// up one-block steps, turn at walls and drops. It only sets Motion and
// Look: the entities plugin's simulation moves the critter.
type brain struct {
	cfg      Config
	store    *resources.ChunkStore
	stats    *Stats
	edits    *gameplay.Edits
	par      *ecs.Parallel
	watchers *watchers
	minds    []mind
	critters []critterRef
	filter   *generic.Filter6[Critter, entities.Replicated, components.Position, components.Look, entities.Motion, entities.Body]
}

// mind is one goroutine's share of the parallel loop: its view of the
// terrain and its counters, summed into Stats after the loop.
type mind struct {
	b      *brain
	reader resources.Reader
	// blocks caches the last sections looked up: a critter's checks, and
	// the next critter's (spawned nearby, so stored nearby), mostly read
	// the same one or two. Reset every run: edits happen between runs.
	blocks       physics.Sections
	jumps, turns uint64
}

// critterRef is one critter to think for this tick.
type critterRef struct {
	c    *Critter
	pos  *components.Position
	look *components.Look
	m    *entities.Motion
	body *entities.Body
}

// thinkGrain is how many critters a worker takes at a time.
const thinkGrain = 256

func newBrain(cfg Config, store *resources.ChunkStore, edits *gameplay.Edits, stats *Stats, par *ecs.Parallel) *brain {
	return &brain{
		cfg: cfg, store: store, edits: edits, stats: stats, par: par, watchers: newWatchers(cfg.WakeRadius),
		filter: generic.NewFilter6[Critter, entities.Replicated, components.Position, components.Look, entities.Motion, entities.Body](),
	}
}

// run thinks for every critter that is awake and not frozen, in
// parallel: each decision reads the terrain, which nothing changes
// meanwhile, and writes only its critter's components. On the ticks
// critters look for players (sleep.go), each first decides whether it
// sleeps.
func (b *brain) run(ctx *ecs.Context) {
	look := b.watchers.on() && ctx.Tick%wakeEvery == 0
	b.critters = b.critters[:0]
	q := b.filter.Query(ctx.World)
	for q.Next() {
		c, rep, pos, lk, m, body := q.Get()
		// Frozen: its terrain is not resident. It neither decides nor
		// turns until it is; what it wanted stays for when it thaws.
		// Asleep or frozen, it still looks for players on a looking tick.
		if !look && (m.Asleep || m.Frozen) {
			continue
		}
		if !look && !c.walking && ctx.Tick < c.until && m.WalkX == 0 && m.WalkZ == 0 {
			// Idling, not yet at the end of it: think would change
			// nothing (most critters, most ticks).
			continue
		}
		if c.id == 0 {
			c.id = rep.ID
		}
		b.critters = append(b.critters, critterRef{c, pos, lk, m, body})
	}
	if look && len(b.critters) > 0 {
		b.watchers.find(ctx.World)
	}
	for len(b.minds) < b.par.Workers() {
		b.minds = append(b.minds, mind{b: b})
	}
	for i := range b.minds {
		w := &b.minds[i]
		w.reader.Reset(b.store)
		w.blocks.Reset(&w.reader)
		w.jumps, w.turns = 0, 0
	}
	b.par.For(len(b.critters), thinkGrain, func(worker, lo, hi int) {
		w := &b.minds[worker]
		for _, r := range b.critters[lo:hi] {
			if look {
				if r.m.Asleep = !b.watchers.seen(*r.pos); r.m.Asleep || r.m.Frozen {
					continue
				}
			}
			w.think(ctx.Tick, r.c.id, r.c, r.pos, r.look, r.m, r.body)
		}
	})
	for i := range b.minds {
		b.stats.Jumps += b.minds[i].jumps
		b.stats.Turns += b.minds[i].turns
	}
	clear(b.critters) // drop the pointers into the world's storage
}

// think sets one critter's Motion (and its heading, Look.Yaw) for this
// tick.
func (w *mind) think(tick, id uint64, c *Critter, pos *components.Position, look *components.Look, m *entities.Motion, body *entities.Body) {
	seed := uint64(w.b.cfg.Seed)
	if tick >= c.until {
		r := hash(seed, saltAI, id, tick)
		if c.walking || r%3 == 0 {
			c.walking = false
			c.until = tick + idleMin + (r>>8)%idleSpan
		} else {
			c.walking = true
			look.Yaw = wrapYaw(look.Yaw + float32(int((r>>8)%181)-90))
			c.until = tick + walkMin + (r>>24)%walkSpan
		}
		look.Pitch = 0
		c.stuck = 0
	}
	if !c.walking {
		m.WalkX, m.WalkZ = 0, 0
		return
	}
	walk := true
	dx, dz := c.heading(look.Yaw)
	if m.OnGround {
		switch {
		case m.Blocked:
			c.stuck++
			if c.stuck <= maxStuck && w.canStep(*pos, dx, dz, body.Width) {
				m.Jump = true
				w.jumps++
			} else {
				dx, dz, walk = w.turn(tick, id, c, *pos, look, body.Width)
			}
		case w.dropAheadOf(c, *pos, look.Yaw, dx, dz, body.Width):
			dx, dz, walk = w.turn(tick, id, c, *pos, look, body.Width)
		default:
			c.stuck = 0
		}
	}
	if !walk {
		m.WalkX, m.WalkZ = 0, 0
		return
	}
	m.WalkX, m.WalkZ = dx*w.b.cfg.Speed, dz*w.b.cfg.Speed
}

// turn gives the critter a new heading, 90° to 270° from the old one,
// returns it as a unit vector and reports whether the critter may walk
// that way at once (no drop or wall right ahead); if not, it stands this
// tick and looks again on the next.
func (w *mind) turn(tick, id uint64, c *Critter, pos components.Position, look *components.Look, width float64) (dx, dz float64, walk bool) {
	r := hash(uint64(w.b.cfg.Seed), saltTurn, id, tick)
	look.Yaw = wrapYaw(look.Yaw + 90 + float32(r%181))
	c.stuck = 0
	w.turns++
	dx, dz = c.heading(look.Yaw)
	return dx, dz, !w.dropAhead(pos, dx, dz, width) && !w.wallAhead(pos, dx, dz, width)
}

// heading is heading(yaw), kept while the critter faces the same way.
func (c *Critter) heading(yaw float32) (dx, dz float64) {
	if !c.faced || c.yaw != yaw {
		c.faced, c.yaw = true, yaw
		c.dx, c.dz = heading(yaw)
	}
	return c.dx, c.dz
}

// heading is the unit horizontal vector of a yaw in degrees (the
// protocol's convention: yaw 0 faces +Z, 90 faces -X).
func heading(yaw float32) (dx, dz float64) {
	s, c := math.Sincos(float64(yaw) * math.Pi / 180)
	return -s, c
}

// wrapYaw brings a yaw into [-180, 180).
func wrapYaw(y float32) float32 {
	y = float32(math.Mod(float64(y)+180, 360))
	if y < 0 {
		y += 360
	}
	return y - 180
}

// ahead returns the block column reach beyond the edge of a body of width
// standing at p, facing (dx, dz), and the block row its feet are in.
func ahead(p components.Position, dx, dz, width, reach float64) (x, y, z int) {
	d := width/2 + reach
	return int(math.Floor(p.X + dx*d)), int(math.Floor(p.Y + 1e-3)), int(math.Floor(p.Z + dz*d))
}

// solid reports whether the block at (x, y, z) is solid, and whether it is
// known at all.
func (w *mind) solid(x, y, z int) (solid, known bool) {
	blk, ok := w.blocks.Block(x, y, z)
	return ok && blk.Solid(), ok
}

// canStep reports whether what blocks a critter is a one-block step it
// can jump onto: solid at its feet ahead, free above that, and free above
// its head where it stands.
func (w *mind) canStep(p components.Position, dx, dz, width float64) bool {
	x, y, z := ahead(p, dx, dz, width, stepReach)
	if s, ok := w.solid(x, y, z); !ok || !s {
		return false
	}
	if s, ok := w.solid(x, y+1, z); !ok || s {
		return false
	}
	s, ok := w.solid(int(math.Floor(p.X)), y+1, int(math.Floor(p.Z)))
	return ok && !s
}

// wallAhead reports whether a block stands at the critter's feet right
// ahead that it cannot step onto.
func (w *mind) wallAhead(p components.Position, dx, dz, width float64) bool {
	x, y, z := ahead(p, dx, dz, width, stepReach)
	s, ok := w.solid(x, y, z)
	return (!ok || s) && !w.canStep(p, dx, dz, width)
}

// dropAheadOf is dropAhead for critter c walking, asked again only when
// its answer may have changed: the blocks it looks at are others (the
// critter moved on or turned), or a block changed. (Terrain that stops being resident in
// between freezes the critter at worst; it does not fall.)
func (w *mind) dropAheadOf(c *Critter, p components.Position, yaw float32, dx, dz, width float64) bool {
	var cells [3][3]int // the blocks dropAhead looks at: ahead of the centre and of both corners
	cells[0][0], cells[0][1], cells[0][2] = ahead(p, dx, dz, width, dropReach)
	for i, side := range [2]float64{-1, 1} {
		q := components.Position{X: p.X - dz*side*width/2, Y: p.Y, Z: p.Z + dx*side*width/2}
		cells[i+1][0], cells[i+1][1], cells[i+1][2] = ahead(q, dx, dz, width, dropReach)
	}
	a := &c.ahead
	if !a.valid || a.cells != cells || a.edits != w.b.edits.Total {
		*a = lookAhead{cells: cells, edits: w.b.edits.Total, valid: true, drop: w.dropAhead(p, dx, dz, width)}
	}
	return a.drop
}

// dropAhead reports whether the ground ahead falls away by more than one
// block, or is not known. Unknown terrain is looked for at the leading
// corners of the body too: the simulation freezes an entity whose box
// would touch it, and a critter walking along the edge of the resident
// land would stand frozen there instead of turning.
func (w *mind) dropAhead(p components.Position, dx, dz, width float64) bool {
	x, y, z := ahead(p, dx, dz, width, dropReach)
	for _, side := range [2]float64{-1, 1} {
		// The perpendicular of (dx, dz) is (-dz, dx).
		q := components.Position{X: p.X - dz*side*width/2, Y: p.Y, Z: p.Z + dx*side*width/2}
		cx, cy, cz := ahead(q, dx, dz, width, dropReach)
		for dy := -1; dy <= 0; dy++ {
			if _, ok := w.blocks.Block(cx, cy+dy, cz); !ok {
				return true
			}
		}
	}
	s, ok := w.solid(x, y, z)
	if !ok {
		return true
	}
	if s {
		return false // a step or a wall: Blocked says which
	}
	for dy := 1; dy <= 2; dy++ {
		s, ok := w.solid(x, y-dy, z)
		if !ok {
			return true
		}
		if s {
			return false
		}
	}
	return true
}
