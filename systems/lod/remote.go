package lod

import (
	"fmt"
	"sync"

	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/resources/storage"
)

// remoteEdits holds the sections other writers of the world stored (a
// cluster's other shards, as the backend's storage.EditFeed reports them)
// until lod_edits takes them on the tick. A shard hears the edits of the
// sections it holds through gameplay's Edits; the rest of the world, which
// its players' horizons cover, it would otherwise never hear of.
type remoteEdits struct {
	mu      sync.Mutex
	pending map[chunk.Pos]struct{}
	stop    func()
}

// note keeps p for the next take; the feed's goroutine calls it.
func (r *remoteEdits) note(p chunk.Pos) {
	r.mu.Lock()
	if r.pending == nil {
		r.pending = map[chunk.Pos]struct{}{}
	}
	r.pending[p] = struct{}{}
	r.mu.Unlock()
}

// take appends the positions noted since the last take to buf.
func (r *remoteEdits) take(buf []chunk.Pos) []chunk.Pos {
	r.mu.Lock()
	defer r.mu.Unlock()
	for p := range r.pending {
		buf = append(buf, p)
	}
	clear(r.pending)
	return buf
}

// followRemote starts following the sections stored by anyone when the
// Source's backend is shared (storage.EditFeed); the ones stored already
// join the edits at once, as loadEdited's do.
func (h *Horizon) followRemote() error {
	src, ok := h.gen.Source().(interface {
		EditFeed() (storage.EditFeed, bool)
	})
	if !ok {
		return nil
	}
	feed, ok := src.EditFeed()
	if !ok {
		return nil
	}
	stop, err := feed.FollowEdited(h.remote.note)
	if err != nil {
		return fmt.Errorf("lod: follow the sections other shards store: %w", err)
	}
	h.remote.stop = stop
	var anc []pyramid.Pos
	for _, p := range h.remote.take(nil) {
		anc = h.noteStored(anc, p)
	}
	return nil
}

// noteStored records level-0 section p, stored edited, as loaded from the
// Source when built, and its LOD ancestors as holding an edit, at build
// time (the tick's edits go through lod_edits' snapshots). anc is
// scratch space, returned for reuse.
func (h *Horizon) noteStored(anc []pyramid.Pos, p chunk.Pos) []pyramid.Pos {
	h.edits.level0[p] = nil
	anc = pyramid.Ancestors(anc[:0], p, pyramid.MaxLevel)
	for _, a := range anc {
		h.edits.lod[a] = true
	}
	return anc
}
