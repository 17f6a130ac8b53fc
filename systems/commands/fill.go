package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/residency"
)

// /fill sets every block of a box, anywhere in the world: an operator's
// tool, and how tests build something far away (a build on the horizon).
const (
	// PermFill lets a player run /fill.
	PermFill = "strata.fill"
	// SystemFill (simulate, after chat_commands) carries out fills.
	SystemFill = "fill_blocks"
	// MaxFillBlocks bounds one /fill: a box of 32×32×32.
	MaxFillBlocks = 32 * 32 * 32
	// FillPerTick is how many blocks a fill sets a tick: every one is a
	// BlockUpdate to each client holding its section, and a client's
	// control queue holds 1,024 messages, so a 32³ fill takes 64 ticks.
	FillPerTick = 512
	// fillWait is how many ticks a fill waits for its sections to be
	// loaded before it gives up.
	fillWait = 400
)

// fill is one /fill under way: it holds a ticket over its sections until
// they are resident, then sets FillPerTick blocks a tick.
type fill struct {
	from     Sender
	lo, hi   [3]int // inclusive block corners
	block    chunk.Block
	next     int // blocks done, in x, then z, then y order
	started  uint64
	changed  int
	ticket   ecs.Entity
	resident bool
}

func (f *fill) total() int {
	return (f.hi[0] - f.lo[0] + 1) * (f.hi[1] - f.lo[1] + 1) * (f.hi[2] - f.lo[2] + 1)
}

// fills is the fill_blocks system and the /fill command's queue.
type fills struct {
	queue []*fill
	store *resources.ChunkStore
	edits *gameplay.Edits
}

func addFill(app *ecs.App) {
	s := &fills{store: ecs.RequireResource[resources.ChunkStore](app), edits: ecs.RequireResource[gameplay.Edits](app)}
	Register(app, Command{Name: "/fill", Usage: "/fill X1 Y1 Z1 X2 Y2 Z2 BLOCK", Permission: PermFill, Run: s.command})
	app.AddSystem(ecs.Simulate, SystemFill, s.run, ecs.After(SystemRun))
}

// command parses a /fill and queues it.
func (s *fills) command(ctx *ecs.Context, from Sender, args []string) string {
	if len(args) != 7 {
		return "usage: /fill X1 Y1 Z1 X2 Y2 Z2 BLOCK"
	}
	var v [6]int
	for i := range v {
		n, err := strconv.Atoi(args[i])
		if err != nil {
			return fmt.Sprintf("/fill: %q is not a whole number", args[i])
		}
		v[i] = n
	}
	b, ok := chunk.ByName(strings.ToLower(args[6]))
	if !ok {
		n, err := strconv.Atoi(args[6])
		if err != nil || !chunk.Block(n).Valid() {
			return fmt.Sprintf("/fill: no block %q", args[6])
		}
		b = chunk.Block(n)
	}
	f := &fill{from: from, block: b, started: ctx.Tick}
	for i := range 3 {
		f.lo[i], f.hi[i] = min(v[i], v[i+3]), max(v[i], v[i+3])
	}
	if f.lo[1] < chunk.MinY || f.hi[1] > chunk.MaxY ||
		!chunk.PointInBorder(float64(f.lo[0]), float64(f.lo[2])) || !chunk.PointInBorder(float64(f.hi[0]), float64(f.hi[2])) {
		return fmt.Sprintf("/fill: outside the world (y %d..%d)", chunk.MinY, chunk.MaxY)
	}
	if n := int64(f.hi[0]-f.lo[0]+1) * int64(f.hi[1]-f.lo[1]+1) * int64(f.hi[2]-f.lo[2]+1); n > MaxFillBlocks {
		return fmt.Sprintf("/fill: %d blocks, more than %d", n, MaxFillBlocks)
	}
	lo, hi := chunk.PosOfBlock(f.lo[0], f.lo[1], f.lo[2]), chunk.PosOfBlock(f.hi[0], f.hi[1], f.hi[2])
	centre := chunk.Pos{X: lo.X + (hi.X-lo.X)/2, Y: lo.Y + (hi.Y-lo.Y)/2, Z: lo.Z + (hi.Z-lo.Z)/2}
	pad := int(max(hi.X-centre.X, hi.Y-centre.Y, hi.Z-centre.Z)) + 1
	residency.SpawnTicket(ctx.Commands, ctx.Tick, components.View{Center: centre, Radius: 0, Pad: pad}, fillWait+uint64(f.total()/FillPerTick)+20, "/fill",
		func(e ecs.Entity) { f.ticket = e })
	s.queue = append(s.queue, f)
	return Later
}

// run carries the queued fills on, in the order they were asked for.
func (s *fills) run(ctx *ecs.Context) {
	if len(s.queue) == 0 {
		return
	}
	budget := FillPerTick
	kept := s.queue[:0]
	for _, f := range s.queue {
		if budget > 0 {
			budget = s.step(ctx, f, budget)
		}
		if f.next < f.total() && !(!f.resident && ctx.Tick-f.started > fillWait) {
			kept = append(kept, f)
		}
	}
	clear(s.queue[len(kept):])
	s.queue = kept
}

// step sets up to budget blocks of f once its sections are resident and
// returns the budget left; it replies once f is done or gives up.
func (s *fills) step(ctx *ecs.Context, f *fill, budget int) int {
	if !f.resident {
		lo, hi := chunk.PosOfBlock(f.lo[0], f.lo[1], f.lo[2]), chunk.PosOfBlock(f.hi[0], f.hi[1], f.hi[2])
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				for x := lo.X; x <= hi.X; x++ {
					if !s.store.Has(chunk.Pos{X: x, Y: y, Z: z}) {
						if ctx.Tick-f.started > fillWait {
							f.from.Reply("/fill: its sections did not load in time; nothing changed")
							s.release(ctx, f)
						}
						return budget
					}
				}
			}
		}
		f.resident = true
	}
	w, d := f.hi[0]-f.lo[0]+1, f.hi[2]-f.lo[2]+1
	for total := f.total(); f.next < total && budget > 0; f.next++ {
		i := f.next
		x, z, y := f.lo[0]+i%w, f.lo[2]+(i/w)%d, f.lo[1]+i/(w*d)
		if _, changed := s.edits.Set(x, y, z, f.block, f.from.ID); changed {
			f.changed++
		}
		budget--
	}
	if f.next == f.total() {
		f.from.Reply(fmt.Sprintf("filled %d blocks with %v (%d changed)", f.total(), f.block, f.changed))
		s.release(ctx, f)
	}
	return budget
}

// release ends f's ticket.
func (s *fills) release(ctx *ecs.Context, f *fill) {
	if ctx.World.Alive(f.ticket) {
		ctx.Commands.Despawn(f.ticket)
	}
}
