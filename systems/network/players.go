package network

import (
	"fmt"
	"sync"

	"github.com/mlange-42/arche/generic"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
)

// playerLoad is a finished player-record lookup.
type playerLoad struct {
	ev     InEvent
	record storage.PlayerRecord
	found  bool
	err    error
	// data is the plugins' player records (persist.PlayerData), read
	// with the player record.
	data persist.PlayerRecords
	// claimed is set when the name was claimed in the cluster (Sessions)
	// and must be released if the client does not stay.
	claimed bool
}

// playerRecords is where the loader reads records: persist.Durability,
// which sees records queued or in flight to the storage writer before the
// database does.
type playerRecords interface {
	LoadPlayer(name string) (storage.PlayerRecord, bool, error)
	LoadPlayerData(name string) (persist.PlayerRecords, error)
}

// playerLoader reads player records off the tick: a connecting client is
// admitted once its record (or the news that it has none) is back. In
// deterministic mode it reads inline so replays do not depend on timing.
//
// It reads through persist.Durability, not the database: a player who
// leaves and joins again within a few milliseconds would otherwise be
// read from a database that does not have the record of their leaving
// yet, spawn where they had been before, and have that position saved
// for good.
type playerLoader struct {
	records  playerRecords
	sessions Sessions
	inline   bool
	done     mailbox[playerLoad]
	jobs     chan InEvent
	wg       sync.WaitGroup
	stopped  bool
}

func newPlayerLoader(records playerRecords, sessions Sessions, inline bool) *playerLoader {
	l := &playerLoader{records: records, sessions: sessions, inline: inline}
	if !inline {
		l.jobs = make(chan InEvent, 1024)
		l.wg.Add(1)
		go l.loop()
	}
	return l
}

func (l *playerLoader) load(ev InEvent) playerLoad {
	if l.sessions != nil {
		// Claimed first: the record is only current once no other
		// server has the player.
		if err := l.sessions.Claim(ev.Name); err != nil {
			return playerLoad{ev: ev, err: fmt.Errorf("claim name %q: %w", ev.Name, err)}
		}
	}
	r, ok, err := l.records.LoadPlayer(ev.Name)
	var data persist.PlayerRecords
	if err == nil {
		data, err = l.records.LoadPlayerData(ev.Name)
	}
	return playerLoad{ev: ev, record: r, found: ok, err: err, data: data, claimed: l.sessions != nil}
}

func (l *playerLoader) loop() {
	defer l.wg.Done()
	for ev := range l.jobs {
		l.done.put(l.load(ev))
	}
}

// request starts a lookup; false when the loader is saturated (the client
// is then refused as if the server were full).
func (l *playerLoader) request(ev InEvent) bool {
	if l.inline {
		l.done.put(l.load(ev))
		return true
	}
	select {
	case l.jobs <- ev:
		return true
	default:
		return false
	}
}

// drain appends the finished lookups to dst without blocking.
func (l *playerLoader) drain(dst []playerLoad) []playerLoad {
	return l.done.drain(dst)
}

// stop ends the goroutine; no goroutine outlives it.
func (l *playerLoader) stop() {
	if l.inline || l.stopped {
		return
	}
	l.stopped = true
	close(l.jobs)
	l.wg.Wait()
}

// recordOf is what is kept of a player between sessions.
func recordOf(p *components.Player, pos *components.Position, look *components.Look) storage.PlayerRecord {
	return storage.PlayerRecord{Name: p.Name, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch}
}

// saveAllPlayers queues a record of every connected player, at shutdown.
func saveAllPlayers(app *ecs.App) {
	dur, ok := ecs.GetResource[persist.Durability](app)
	if !ok {
		return
	}
	q := generic.NewFilter3[components.Player, components.Position, components.Look]().Query(app.World())
	for q.Next() {
		p, pos, look := q.Get()
		dur.SavePlayer(recordOf(p, pos, look))
	}
}
