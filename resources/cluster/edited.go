package cluster

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// FollowEdited implements storage.EditFeed: fn gets the position of every
// section stored in the world (the keys only, read once at the call),
// then, on the watch's own goroutine, of every section any shard stores
// from then on, its own included. The watch is kept through NATS node
// losses (keepWatching). Its traffic is the world's edit rate, in
// headers, to every shard that follows.
func (s *Store) FollowEdited(fn func(chunk.Pos)) (stop func(), err error) {
	ctx, cancel := context.WithCancel(s.ctx)
	keys, opts := []string{"sec.>"}, []jetstream.WatchOpt{jetstream.MetaOnly()}
	// A copy: WatchFiltered writes the stream's prefix into it.
	w, err := s.world.WatchFiltered(ctx, append([]string(nil), keys...), opts...)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("follow edited sections: %w", err)
	}
	apply := func(e jetstream.KeyValueEntry) {
		p, err := parseSectionKey(e.Key())
		if err != nil {
			s.log.Warn().Err(err).Msg("edited-section watch: bad key")
			return
		}
		s.count("sec", true, 1)
		fn(p)
	}
	listed, lcancel := context.WithTimeout(ctx, opTimeout)
	defer lcancel()
	var last uint64
	for initial := true; initial; {
		select {
		case <-listed.Done():
			_ = w.Stop()
			cancel()
			return nil, fmt.Errorf("follow edited sections: list the stored ones: %w", listed.Err())
		case e, ok := <-w.Updates():
			if !ok {
				cancel()
				return nil, errors.New("follow edited sections: the watch ended while listing")
			}
			if e == nil {
				initial = false
				continue
			}
			apply(e)
			last = max(last, e.Revision())
		}
	}
	kw := s.keepWatching(ctx, s.worldSpec("edited section", keys, opts, apply), w, last)
	return func() { cancel(); <-kw.done }, nil
}

var _ storage.EditFeed = (*Store)(nil)
