package persist

import (
	"github.com/mlange-42/arche/generic"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// SystemCheckpointPlayers (persist stage, before persist) queues the
// record of each connected player whose position or look changed since
// its last save, every Config.PlayerSaveEvery ticks, so that the tick's
// one durable write carries it with the edits.
const SystemCheckpointPlayers = "checkpoint_players"

// DefaultPlayerSaveEvery is Config.PlayerSaveEvery's default: 40 ticks,
// 2 s at the default 20 ticks per second. DefaultShardPlayerSaveEvery is
// a cluster shard's, 5 s: there each record is a JetStream write and
// acknowledgement of its own.
const (
	DefaultPlayerSaveEvery      = 40
	DefaultShardPlayerSaveEvery = 100
)

// What counts as a change worth a write: a move of more than half a
// block, or a turn of more than a degree.
const (
	playerMoveEpsilon = 0.5
	playerTurnEpsilon = 1.0
)

// playerSaver checkpoints connected players' records while they play.
// A player is looked at once every `every` ticks (rounded down to a
// multiple of batch), on a tick its client id gives it: every batch
// ticks, the players whose id+tick/batch ≡ 0 mod every/batch, so a look
// handles about batch/every of the players and their records go out
// together. Its record is queued only when it moved or turned past the
// epsilons since the record last queued by this saver.
type playerSaver struct {
	every uint64
	batch uint64
	d     *Durability
	q     *generic.Filter3[components.Player, components.Position, components.Look]
	// last is what was last queued of each client, by client id, and the
	// tick it was last looked at; entries of clients gone are dropped
	// once a whole round passed without them.
	last map[uint64]savedPlayer
	// Saved counts the records queued; Skipped the looks that found no
	// change.
	Saved, Skipped uint64
}

type savedPlayer struct {
	rec  storage.PlayerRecord
	seen uint64
}

func newPlayerSaver(d *Durability, every, batch uint64) *playerSaver {
	batch = max(1, min(batch, every))
	return &playerSaver{
		every: every, batch: batch, d: d, last: map[uint64]savedPlayer{},
		q: generic.NewFilter3[components.Player, components.Position, components.Look](),
	}
}

// run is the system.
func (s *playerSaver) run(ctx *ecs.Context) {
	tick := ctx.Tick
	if tick%s.batch != 0 {
		return
	}
	rounds := s.every / s.batch
	q := s.q.Query(ctx.World)
	for q.Next() {
		p, pos, look := q.Get()
		if (p.ID+tick/s.batch)%rounds != 0 {
			continue
		}
		rec := storage.PlayerRecord{Name: p.Name, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch}
		prev, ok := s.last[p.ID]
		if ok && !playerChanged(prev.rec, rec) {
			prev.seen = tick
			s.last[p.ID] = prev
			s.Skipped++
			continue
		}
		s.d.SavePlayer(rec)
		s.last[p.ID] = savedPlayer{rec: rec, seen: tick}
		s.Saved++
	}
	if tick%s.every == 0 {
		for id, sp := range s.last {
			if tick-sp.seen > 2*s.every {
				delete(s.last, id)
			}
		}
	}
}

// playerChanged reports whether b differs from a enough to be written.
func playerChanged(a, b storage.PlayerRecord) bool {
	dx, dy, dz := b.X-a.X, b.Y-a.Y, b.Z-a.Z
	if dx*dx+dy*dy+dz*dz > playerMoveEpsilon*playerMoveEpsilon {
		return true
	}
	turned := func(x, y float32) bool { d := x - y; return d > playerTurnEpsilon || d < -playerTurnEpsilon }
	return a.Name != b.Name || turned(a.Yaw, b.Yaw) || turned(a.Pitch, b.Pitch)
}
