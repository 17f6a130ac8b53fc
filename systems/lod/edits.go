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
}

func addEdits(app *ecs.App, h *Horizon) {
	s := &editsSystem{
		h: h, edits: ecs.RequireResource[gameplay.Edits](app),
		store: ecs.RequireResource[resources.ChunkStore](app), seen: map[chunk.Pos]bool{},
	}
	app.AddSystem(ecs.Deliver, SystemEdits, s.run, ecs.Before(gameplay.SystemBlockUpdates))
}

func (s *editsSystem) run(_ *ecs.Context) {
	if s.edits == nil || s.edits.Len() == 0 {
		return
	}
	clear(s.seen)
	for _, e := range s.edits.List() {
		s.seen[e.Section()] = true
	}
	h := s.h
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
		h.edits.level0[p] = nil // loaded from the Source when built
		anc = pyramid.Ancestors(anc[:0], p, pyramid.MaxLevel)
		for _, a := range anc {
			h.edits.lod[a] = true
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("lod: list edited sections: %w", err)
	}
	return nil
}
