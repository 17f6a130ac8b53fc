package lod

import (
	"fmt"
	"maps"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/gameplay"
)

// maxSnapshots bounds the edited level-0 sections whose content the
// plugin keeps for builds; beyond it builds load them from storage.
const maxSnapshots = 8192

// editsSystem is lod_edits: each section the tick's edits changed dirties
// its LOD ancestors, which get a new revision and are rebuilt off the
// tick by lod_jobs, then re-sent by lod_deliver to the clients holding
// them. It runs before broadcast_blocks empties the edit list.
type editsSystem struct {
	h     *Horizon
	edits *gameplay.Edits
	store *resources.ChunkStore
	seen  map[chunk.Pos]bool
	// remote is scratch space for the sections other shards stored.
	remote []chunk.Pos
}

func addEdits(app *ecs.App, h *Horizon) {
	s := &editsSystem{
		h: h, edits: ecs.RequireResource[gameplay.Edits](app),
		store: ecs.RequireResource[resources.ChunkStore](app), seen: map[chunk.Pos]bool{},
	}
	app.AddSystem(ecs.Deliver, SystemEdits, s.run, ecs.Before(gameplay.SystemBlockUpdates))
}

func (s *editsSystem) run(_ *ecs.Context) {
	h := s.h
	s.remote = h.remote.take(s.remote[:0])
	if (s.edits == nil || s.edits.Len() == 0) && len(s.remote) == 0 {
		return
	}
	clear(s.seen)
	if s.edits != nil {
		for _, e := range s.edits.List() {
			s.seen[e.Section()] = true
		}
	}
	// Stored by another shard (or by this one, coming back): a section
	// held here hears its edits through Edits, with its content; one not
	// held is loaded from the Source when its ancestors are built.
	for _, p := range s.remote {
		if _, held := s.store.Section(p); !held {
			s.seen[p] = true
		}
	}
	ed := &editSnapshot{level0: maps.Clone(h.edits.level0), lod: maps.Clone(h.edits.lod), source: h.edits.source}
	var anc []pyramid.Pos
	for p := range s.seen {
		var snap *chunk.Section
		if sec, ok := s.store.Section(p); ok && len(ed.level0) < maxSnapshots {
			c := sec.Clone()
			snap = &c
		}
		ed.level0[p] = snap
		anc = pyramid.Ancestors(anc[:0], p, pyramid.MaxLevel)
		for _, a := range anc {
			ed.lod[a] = true
			h.revs[a]++
			if h.set.Contains(a) {
				h.missing = append(h.missing, a)
			}
		}
	}
	h.edits = ed
}

// loadEdited learns the sections edited in earlier runs from storage, so
// that their LOD ancestors show them from the first build.
func (h *Horizon) loadEdited(app *ecs.App) error {
	h.edits.source = h.gen.Source()
	db, ok := ecs.GetResource[storage.DB](app)
	if !ok {
		return nil
	}
	var anc []pyramid.Pos
	err := db.EditedSections(func(p chunk.Pos) error {
		anc = h.noteStored(anc, p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("lod: list edited sections: %w", err)
	}
	return nil
}
