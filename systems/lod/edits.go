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

// editsSystem is lod_edits: it copies each section the tick's edits
// changed (a clone of the resident section, while the planner keeps
// fewer than maxSnapshots; the planner loads the rest from storage when
// it builds), for lod_handoff to give the planner, which dirties their
// LOD ancestors: they get a new revision and are rebuilt off the tick,
// then re-sent to the clients holding them. It runs before
// broadcast_blocks empties the edit list.
type editsSystem struct {
	edits *gameplay.Edits
	store *resources.ChunkStore
	seen  map[chunk.Pos]bool
	out   []editIn
	// snapshots approximates the planner's count of kept sections: the
	// tick's own count of those it cloned.
	snapshots int
	// remote has the sections other shards stored; scratch holds them.
	remote  *remoteEdits
	scratch []chunk.Pos
}

func addEdits(app *ecs.App, remote *remoteEdits) *editsSystem {
	s := &editsSystem{
		remote: remote, edits: ecs.RequireResource[gameplay.Edits](app),
		store: ecs.RequireResource[resources.ChunkStore](app), seen: map[chunk.Pos]bool{},
	}
	app.AddSystem(ecs.Deliver, SystemEdits, s.run, ecs.Before(gameplay.SystemBlockUpdates))
	return s
}

func (s *editsSystem) run(_ *ecs.Context) {
	s.scratch = s.remote.take(s.scratch[:0])
	if (s.edits == nil || s.edits.Len() == 0) && len(s.scratch) == 0 {
		return
	}
	clear(s.seen)
	if s.edits != nil {
		for _, e := range s.edits.List() {
			p := e.Section()
			if s.seen[p] {
				continue
			}
			s.seen[p] = true
			in := editIn{pos: p}
			if sec, ok := s.store.Section(p); ok && s.snapshots < maxSnapshots {
				c := sec.Clone()
				in.sec = &c
				s.snapshots++
			}
			s.out = append(s.out, in)
		}
	}
	// Stored by another shard (or by this one, coming back): a section
	// held here hears its edits through Edits, with its content; one not
	// held is loaded from the Source when its ancestors are built.
	for _, p := range s.scratch {
		if _, held := s.store.Section(p); !held && !s.seen[p] {
			s.seen[p] = true
			s.out = append(s.out, editIn{pos: p})
		}
	}
}

// take returns the tick's edited sections and forgets them (the slice is
// reused next tick: the hand-over copies it).
func (s *editsSystem) take() []editIn {
	out := s.out
	s.out = s.out[:0]
	return out
}

// applyEdits is the planner's step for edits: each edited section's
// content goes into a new edit snapshot (builds in flight keep the old
// one) and its LOD ancestors get a new revision, to be rebuilt if wanted.
func (h *Horizon) applyEdits(edits []editIn) {
	if len(edits) == 0 {
		return
	}
	ed := &editSnapshot{level0: maps.Clone(h.edits.level0), lod: maps.Clone(h.edits.lod), source: h.edits.source}
	var anc []pyramid.Pos
	for _, e := range edits {
		if e.sec != nil && (len(ed.level0) < maxSnapshots || ed.level0[e.pos] != nil) {
			ed.level0[e.pos] = e.sec
		} else {
			ed.level0[e.pos] = nil // loaded from the Source when built
		}
		anc = pyramid.Ancestors(anc[:0], e.pos, pyramid.MaxLevel)
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
