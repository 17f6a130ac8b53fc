package cluster

import (
	"math"
	"slices"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

// presenceTimeout is how long a shard may stay silent before its players
// are taken off this one's view (it crashed, or the network split).
const presenceTimeout = 2 * time.Second

// remoteIDBase sets the bit that keeps the wire ids of other shards'
// players apart from this shard's clients and plugin entities.
const remoteIDBase = 1 << 61

// presence is one shard's players at one tick, each as its record would
// keep it, and the entities it simulates, as sent to one other shard:
// those near that shard's players, all of them (a keyframe, which
// replaces what the receiver knew of the sender), or a Delta of those
// that changed since the sender's last message to it, with the players
// that Left and the entities Gone.
//
// An Announce carries only the sender's Interest: the cells
// (interestCell section columns square) its players stand in. Every shard
// hears every announcement; a shard then sends each other shard, on a
// subject of its own, only its players and entities within reach
// (reachOf) cells of that shard's interest, so that a shard hears only
// what stands near its players, however many shards the cluster has.
//
// Every message to a receiver is numbered (Seq, one more than the
// sender's last to it) and carries the sender's Tick. A delta's Moves and EntityMoves change only
// positions and looks, by offsets from what the sender sent before: a
// receiver applies them only when it has every message since the last
// keyframe.
type presence struct {
	Shard       string
	Seq         uint64
	Tick        uint64
	Delta       bool
	Announce    bool
	Interest    [][2]int32
	Players     []storage.PlayerRecord
	Entities    []entityState
	Moves       []presenceMove
	EntityMoves []presenceMove
	Left        []string
	Gone        []uint64
}

// presenceMove is a player (Name) or an entity (ID) that only moved or
// turned: its position moved by D/moveScale blocks on each axis from
// what the receivers hold (moved), and it looks Yaw, Pitch if Look.
type presenceMove struct {
	Name       string
	ID         uint64
	D          [3]int64
	Look       bool
	Yaw, Pitch float32
}

// moveScale is a move's unit, in parts of a block; maxMove its largest
// offset on one axis (a farther jump is sent whole).
const (
	moveScale = 4096
	maxMove   = 1 << 31
)

// moved returns position from moved by offsets d: the same arithmetic on
// the shard that sends a move and on those that apply it, so that both
// hold the same position.
func moved(from [3]float64, d [3]int64) [3]float64 {
	for i := range from {
		from[i] += float64(d[i]) / moveScale
	}
	return from
}

// moveOf returns the offsets from position from towards to, and reports
// false when they are too large for a move.
func moveOf(from, to [3]float64) ([3]int64, bool) {
	var d [3]int64
	for i := range d {
		q := math.Round((to[i] - from[i]) * moveScale)
		if !(q >= -maxMove && q <= maxMove) {
			return d, false
		}
		d[i] = int64(q)
	}
	return d, true
}

// remotePlayer marks the entity standing for a player of another shard.
type remotePlayer struct {
	Shard, Name string
}

// presenceQueue is how many presence messages wait for the tick at most
// (Plugin.presenceIn); past it NATS drops them, as a slow consumer's.
// Every other shard near this one's players sends one a tick.
const presenceQueue = 4096

// takePresence decodes the presence messages queued since the last tick
// (cluster_inbound, before it takes the inbox).
func (p *Plugin) takePresence() {
	for n := len(p.presenceIn); n > 0; n-- {
		p.onPresence(<-p.presenceIn)
	}
}

// onPresence queues another shard's announcement or its players sent to
// this shard.
func (p *Plugin) onPresence(m *nats.Msg) {
	if m.Subject == p.ownPresence {
		return // this shard's own announcement (a connection without NoEcho)
	}
	p.count(FamilyPresence, true, len(m.Data))
	pr, err := decodePresence(m.Data)
	if err != nil {
		p.log.Debug().Err(err).Str("subject", m.Subject).Msg("presence dropped")
		return
	}
	// An announcement comes on presence.<shard>, the rest on
	// presence.<shard>.<this shard>: a message whose subject and kind
	// disagree, or that names another sender, is not the sender's.
	if pr.Shard == p.c.Shard() || m.Subject != p.presenceSubject(pr.Shard, pr.Announce) {
		p.log.Debug().Str("subject", m.Subject).Str("shard", pr.Shard).Msg("presence on another shard's subject dropped")
		return
	}
	p.in.put(func(b *inbox) { b.presence = append(b.presence, pr) })
}

// presenceSubject is the subject of shard's announcements, or of its
// presence sent to this shard.
func (p *Plugin) presenceSubject(shard string, announce bool) string {
	if announce {
		return p.subject(FamilyPresence, shard)
	}
	return p.subject(FamilyPresence, shard, p.c.Shard())
}

type remoteKey struct{ shard, name string }

// mirrorKey is an entity of another shard: its shard and its id there.
type mirrorKey struct {
	shard string
	id    uint64
}

// remotePlayers keeps an entity for every player of another shard, and a
// mirror of each entity another shard publishes, with the components
// replicate_entities sends to the clients that see them.
type remotePlayers struct {
	byKey    map[remoteKey]ecs.Entity
	spawning map[remoteKey]bool
	mirrors  map[mirrorKey]ecs.Entity
	pending  map[mirrorKey]bool   // mirrors spawned, not yet applied
	heard    map[string]time.Time // last presence of each shard
	// seq is each shard's last message applied; chained is set while
	// every message since its last keyframe was, so that its moves,
	// offsets from what those brought, apply.
	seq      map[string]uint64
	chained  map[string]bool
	keyframe map[string]int  // index of this tick's last keyframe, by shard (reused)
	listed   map[string]bool // names in one shard's latest (reused)
	ids      map[uint64]bool // entity ids in one shard's latest (reused)
	empty    presence
	next     uint64
	// interest holds each other shard's latest announced cells;
	// receivers, those shards with some, in name order; wanted maps each
	// cell within reach of some receiver's to the receivers that want it
	// (bit i for receivers[i], the last bit shared by any past it). Made
	// again when stale.
	interest  map[string][][2]int32
	receivers []string
	wanted    map[[2]int32]uint64
	stale     bool
	reach     int32 // in cells: EntityRange, and one for a second's walk
	place     generic.Map4[components.Position, components.Look, components.Velocity, drift]
	init      bool

	// Velocities: a message's moves over the ticks since the shard's
	// last one applied (tick, by shard), at tps; dt is the current
	// message's span in seconds (0: unknown, no velocity) and span in
	// ticks. moving holds the entities each shard's last message gave a
	// velocity, which drift on until its next, stopped by it unless it
	// moves them again.
	tps    float64
	tick   map[string]uint64
	moving map[string][]ecs.Entity
	dt     float64
	span   uint64
	now    uint64 // this tick
	shard  string // of the message being applied

	// grid holds wanted instead when the cells within reach fit a small
	// rectangle (the usual case): an array look-up a player or entity a
	// tick, and a rebuild that writes an array, not a map.
	grid wantedGrid
}

// drift is where a remote player or mirror stands by its shard's last
// message (base: the position its moves are offsets from), and since
// which tick here it drifts from there at its velocity, for at most span
// ticks (the time between the shard's last two messages). Between
// messages it moves every tick, as the sender's own entities do, so its
// clients see the motion of a shard that sends every few ticks, and one
// granted predicted-states is sent nothing while it walks straight.
type drift struct {
	base        components.Position
	since, span uint64
}

// mirror marks the entity standing for an entity another shard simulates.
type mirror struct {
	Shard string
	ID    uint64
}

func newRemotePlayers(_ *ecs.App, entityRange int, tps float64) *remotePlayers {
	return &remotePlayers{reach: reachOf(entityRange), tps: tps, tick: map[string]uint64{}, moving: map[string][]ecs.Entity{},
		byKey: map[remoteKey]ecs.Entity{}, spawning: map[remoteKey]bool{}, heard: map[string]time.Time{},
		mirrors: map[mirrorKey]ecs.Entity{}, pending: map[mirrorKey]bool{},
		seq: map[string]uint64{}, chained: map[string]bool{},
		keyframe: map[string]int{}, listed: map[string]bool{}, ids: map[uint64]bool{},
		interest: map[string][][2]int32{}, wanted: map[[2]int32]uint64{}}
}

// maxReceivers is how many receivers have a bit of their own in the
// masks of wanted; those past it share the last, and each is sent what
// any of them wants (a superset: their clients' views still decide).
const maxReceivers = 64

// receiverBit is the bit of receivers[i] in a wanted mask.
func receiverBit(i int) uint64 { return 1 << min(i, maxReceivers-1) }

// wantedBy returns the receivers (a mask over r.receivers) near enough a
// player or entity at section column (x, z) to be sent it: 0 when none.
func (r *remotePlayers) wantedBy(x, z int32) uint64 {
	if r.stale {
		r.receivers = r.receivers[:0]
		for shard, cells := range r.interest {
			if len(cells) > 0 {
				r.receivers = append(r.receivers, shard)
			}
		}
		slices.Sort(r.receivers)
		clear(r.wanted)
		r.grid.reset(r.interest, r.receivers, r.reach)
		for i, shard := range r.receivers {
			bit := receiverBit(i)
			for _, c := range r.interest[shard] {
				if r.grid.on {
					r.grid.or(c, r.reach, bit)
					continue
				}
				for x := c[0] - r.reach; x <= c[0]+r.reach; x++ {
					for z := c[1] - r.reach; z <= c[1]+r.reach; z++ {
						r.wanted[[2]int32{x, z}] |= bit
					}
				}
			}
		}
		r.stale = false
	}
	if r.grid.on {
		return r.grid.at(cellOf(x, z))
	}
	if len(r.wanted) == 0 {
		return 0
	}
	return r.wanted[cellOf(x, z)]
}

// maxGridCells bounds wantedGrid's rectangle (512 KiB of masks); cells
// within reach spread wider go into the map.
const maxGridCells = 1 << 16

// wantedGrid is remotePlayers.wanted as a rectangle of cells: masks[(z-z0)*w
// + x-x0] for cell (x, z), 0 outside it.
type wantedGrid struct {
	on     bool
	x0, z0 int32
	w, h   int32
	masks  []uint64
}

// reset sizes g to the cells within reach of the receivers' interest, all
// clear, and turns it off when they span more than maxGridCells.
func (g *wantedGrid) reset(interest map[string][][2]int32, receivers []string, reach int32) {
	g.on = false
	first := true
	var x0, z0, x1, z1 int32
	for _, shard := range receivers {
		for _, c := range interest[shard] {
			if first {
				x0, z0, x1, z1, first = c[0], c[1], c[0], c[1], false
				continue
			}
			x0, z0, x1, z1 = min(x0, c[0]), min(z0, c[1]), max(x1, c[0]), max(z1, c[1])
		}
	}
	if first {
		return
	}
	w, h := int64(x1)-int64(x0)+1+2*int64(reach), int64(z1)-int64(z0)+1+2*int64(reach)
	if w*h > maxGridCells {
		return
	}
	g.on, g.x0, g.z0, g.w, g.h = true, x0-reach, z0-reach, int32(w), int32(h)
	n := int(w * h)
	if cap(g.masks) < n {
		g.masks = make([]uint64, n)
	}
	g.masks = g.masks[:n]
	clear(g.masks)
}

// or sets bit in the cells within reach of c, all within g.
func (g *wantedGrid) or(c [2]int32, reach int32, bit uint64) {
	lo := c[0] - reach - g.x0
	for z := c[1] - reach; z <= c[1]+reach; z++ {
		row := g.masks[(z-g.z0)*g.w+lo:][:2*reach+1]
		for i := range row {
			row[i] |= bit
		}
	}
}

// at returns cell c's mask.
func (g *wantedGrid) at(c [2]int32) uint64 {
	x, z := c[0]-g.x0, c[1]-g.z0
	if x < 0 || z < 0 || x >= g.w || z >= g.h {
		return 0
	}
	return g.masks[z*g.w+x]
}

// receiverList returns the shards with players, those this one sends its
// presence to, in name order (valid until the next wantedBy).
func (r *remotePlayers) receiverList() []string {
	r.wantedBy(0, 0)
	return r.receivers
}

// reachOf is how many cells around an interest cell are published: the
// cells within entityRange sections of any column of it, and one more,
// since a shard's interest is sent once a keyframe (a flier crosses a
// cell in a second).
func reachOf(entityRange int) int32 {
	return int32((entityRange+interestCell-1)/interestCell) + 1
}

// cellOf is the interest cell of section column (x, z).
func cellOf(x, z int32) [2]int32 {
	return [2]int32{floorDiv(x, interestCell), floorDiv(z, interestCell)}
}

func (r *remotePlayers) len() int { return len(r.byKey) }

// apply moves, spawns and despawns the entities of other shards' players
// after their states, in the order they came: a keyframe replaces all of
// its shard's earlier states (a player it does not list has left it), so
// a shard's messages are applied from its last keyframe on; a delta
// changes those it lists, Left and Gone. An announcement changes only the
// shard's interest, and every message tells that the shard runs.
func (r *remotePlayers) apply(ctx *ecs.Context, states []presence) {
	if !r.init {
		r.place = generic.NewMap4[components.Position, components.Look, components.Velocity, drift](ctx.World)
		r.init = true
	}
	r.now = ctx.Tick
	now := time.Now()
	clear(r.keyframe)
	for i := range states {
		r.heard[states[i].Shard] = now
		if !states[i].Delta && !states[i].Announce {
			r.keyframe[states[i].Shard] = i
		}
	}
	for i := range states {
		pr := &states[i]
		if pr.Announce {
			if !slices.Equal(r.interest[pr.Shard], pr.Interest) {
				r.interest[pr.Shard] = slices.Clone(pr.Interest)
				r.stale = true
			}
			continue
		}
		if k, ok := r.keyframe[pr.Shard]; ok && i < k {
			continue // replaced by a later keyframe
		}
		r.startMessage(ctx, pr)
		if pr.Delta {
			if r.seq[pr.Shard]+1 != pr.Seq {
				r.chained[pr.Shard] = false // one was lost: no moves until the keyframe
			}
			r.seq[pr.Shard] = pr.Seq
			r.applyDelta(ctx, pr)
		} else {
			r.seq[pr.Shard], r.chained[pr.Shard] = pr.Seq, true
			r.applyShard(ctx, pr.Shard, pr)
		}
	}
	r.dt = 0
	r.drift(ctx)
	for shard, t := range r.heard {
		if now.Sub(t) >= presenceTimeout {
			// Silent: it lists nobody any more.
			delete(r.heard, shard)
			delete(r.seq, shard)
			delete(r.chained, shard)
			delete(r.tick, shard)
			delete(r.moving, shard)
			r.applyShard(ctx, shard, &r.empty)
			delete(r.interest, shard)
			r.stale = true
		}
	}
}

// maxRemoteSpeed is the fastest a remote entity is shown moving, in
// blocks a second: a farther jump (a teleport) is one, at rest.
const maxRemoteSpeed = 100.0

// startMessage readies the velocities of the message pr brings: those
// its shard's last message gave stop (they move again only if pr moves
// them), and pr's moves span the ticks since that one.
func (r *remotePlayers) startMessage(ctx *ecs.Context, pr *presence) {
	for _, e := range r.moving[pr.Shard] {
		if ctx.World.Alive(e) {
			p, _, v, d := r.place.Get(e)
			*p, *v = d.base, components.Velocity{}
		}
	}
	r.moving[pr.Shard] = r.moving[pr.Shard][:0]
	r.shard, r.dt, r.span = pr.Shard, 0, 0
	if last, ok := r.tick[pr.Shard]; ok && pr.Tick > last && r.tps > 0 {
		r.span = pr.Tick - last
		r.dt = float64(r.span) / r.tps
	}
	if pr.Tick != 0 { // a farewell's is 0
		r.tick[pr.Shard] = pr.Tick
	}
}

// travel puts e at pos, its message's place, with the velocity that
// brought it there from its last (its drift's base) over the message's
// span.
func (r *remotePlayers) travel(e ecs.Entity, p *components.Position, v *components.Velocity, d *drift, pos components.Position) {
	from := d.base
	*p, *d = pos, drift{base: pos, since: r.now, span: r.span}
	if r.dt <= 0 {
		return
	}
	nv := components.Velocity{X: (pos.X - from.X) / r.dt, Y: (pos.Y - from.Y) / r.dt, Z: (pos.Z - from.Z) / r.dt}
	if nv == (components.Velocity{}) || nv.X*nv.X+nv.Y*nv.Y+nv.Z*nv.Z > maxRemoteSpeed*maxRemoteSpeed {
		return
	}
	*v = nv
	r.moving[r.shard] = append(r.moving[r.shard], e)
}

// drift moves every remote player and mirror with a velocity on from
// its message's place, for at most the message's span: a later message
// puts it right (or stops it), and one lost leaves it where the span
// took it.
func (r *remotePlayers) drift(ctx *ecs.Context) {
	for _, es := range r.moving {
		for _, e := range es {
			if !ctx.World.Alive(e) {
				continue
			}
			p, _, v, d := r.place.Get(e)
			t := float64(min(r.now-d.since, d.span)) / r.tps
			*p = components.Position{X: d.base.X + v.X*t, Y: d.base.Y + v.Y*t, Z: d.base.Z + v.Z*t}
		}
	}
}

// move puts entity e (a remote player or a mirror) at pos, looking look.
func (r *remotePlayers) move(ctx *ecs.Context, e ecs.Entity, pos components.Position, look components.Look) {
	if ctx.World.Alive(e) {
		p, l, v, d := r.place.Get(e)
		r.travel(e, p, v, d, pos)
		*l = look
	}
}

// applyShard makes shard's players and mirrors those of its latest
// presence pr.
func (r *remotePlayers) applyShard(ctx *ecs.Context, shard string, pr *presence) {
	clear(r.listed)
	for i := range pr.Players {
		r.listed[pr.Players[i].Name] = true
		r.player(ctx, shard, &pr.Players[i])
	}
	for k := range r.byKey {
		if k.shard == shard && !r.listed[k.name] {
			despawn(ctx, r.byKey, k)
		}
	}
	clear(r.ids)
	for i := range pr.Entities {
		r.ids[pr.Entities[i].ID] = true
		r.mirror(ctx, shard, &pr.Entities[i])
	}
	// Despawned when the shard no longer publishes them (they left the
	// area near this shard's players, or their region changed hands).
	for k := range r.mirrors {
		if k.shard == shard && !r.ids[k.id] {
			despawn(ctx, r.mirrors, k)
		}
	}
}

// applyDelta applies a delta of pr.Shard: the players and entities it
// lists move (or appear), those Left and Gone are despawned, and the
// others stay as they were.
func (r *remotePlayers) applyDelta(ctx *ecs.Context, pr *presence) {
	for i := range pr.Players {
		r.player(ctx, pr.Shard, &pr.Players[i])
	}
	for _, name := range pr.Left {
		despawn(ctx, r.byKey, remoteKey{pr.Shard, name})
	}
	for i := range pr.Entities {
		r.mirror(ctx, pr.Shard, &pr.Entities[i])
	}
	for i := range pr.Moves {
		m := &pr.Moves[i]
		k := remoteKey{pr.Shard, m.Name}
		r.applyMove(ctx, pr.Shard, r.byKey[k], r.spawning[k], m)
	}
	for i := range pr.EntityMoves {
		m := &pr.EntityMoves[i]
		k := mirrorKey{pr.Shard, m.ID}
		r.applyMove(ctx, pr.Shard, r.mirrors[k], r.pending[k], m)
	}
	for _, id := range pr.Gone {
		despawn(ctx, r.mirrors, mirrorKey{pr.Shard, id})
	}
}

// applyMove moves e, shard's player or mirror, by m. One still being
// spawned cannot be moved yet: the shard's moves wait for its next
// keyframe, since later ones are offsets from this one. One unknown here
// is skipped; it comes whole in the next keyframe.
func (r *remotePlayers) applyMove(ctx *ecs.Context, shard string, e ecs.Entity, spawning bool, m *presenceMove) {
	if !r.chained[shard] {
		return
	}
	if spawning {
		r.chained[shard] = false
		return
	}
	if e.IsZero() || !ctx.World.Alive(e) {
		return
	}
	p, l, v, d := r.place.Get(e)
	at := moved([3]float64{d.base.X, d.base.Y, d.base.Z}, m.D)
	r.travel(e, p, v, d, components.Position{X: at[0], Y: at[1], Z: at[2]})
	if m.Look {
		l.Yaw, l.Pitch = m.Yaw, m.Pitch
	}
}

// despawn despawns and forgets the entity m keeps under k, if any.
func despawn[K comparable](ctx *ecs.Context, m map[K]ecs.Entity, k K) {
	if e, ok := m[k]; ok {
		ctx.Commands.Despawn(e)
		delete(m, k)
	}
}

// player moves the entity of shard's player ps, or spawns it.
func (r *remotePlayers) player(ctx *ecs.Context, shard string, ps *storage.PlayerRecord) {
	k := remoteKey{shard, ps.Name}
	pos := components.Position{X: ps.X, Y: ps.Y, Z: ps.Z}
	look := components.Look{Yaw: ps.Yaw, Pitch: ps.Pitch}
	if e, ok := r.byKey[k]; ok {
		r.move(ctx, e, pos, look)
		return
	}
	if r.spawning[k] {
		return
	}
	r.spawning[k] = true
	r.next++
	ctx.Commands.Spawn(func(e ecs.Entity) {
		delete(r.spawning, k)
		r.byKey[k] = e
	},
		entities.Replicated{Kind: entities.KindPlayer, ID: remoteIDBase | r.next, Name: ps.Name},
		pos, look, components.Velocity{}, entities.PlayerBody, entities.Attributes{},
		remotePlayer{Shard: shard, Name: ps.Name}, drift{base: pos})
}

// mirror moves the mirror of shard's entity st, or spawns it.
func (r *remotePlayers) mirror(ctx *ecs.Context, shard string, st *entityState) {
	k := mirrorKey{shard, st.ID}
	pos := components.Position{X: st.X, Y: st.Y, Z: st.Z}
	look := components.Look{Yaw: st.Yaw, Pitch: st.Pitch}
	if e, ok := r.mirrors[k]; ok {
		r.move(ctx, e, pos, look)
		return
	}
	if r.pending[k] || !entities.ValidKind(st.Kind) || !(st.Width > 0 && st.Height > 0) {
		return
	}
	r.pending[k] = true
	r.next++
	ctx.Commands.Spawn(func(e ecs.Entity) {
		delete(r.pending, k)
		r.mirrors[k] = e
	},
		entities.Replicated{Kind: st.Kind, ID: remoteIDBase | r.next},
		pos, look, components.Velocity{}, entities.Body{Width: st.Width, Height: st.Height},
		entities.Attributes{List: st.Attrs}, mirror{Shard: shard, ID: st.ID}, drift{base: pos})
}
