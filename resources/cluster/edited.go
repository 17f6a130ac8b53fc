package cluster

import (
	"context"
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
	kw, err := s.listThenKeep(ctx, listed, s.worldSpec("edited section", []string{"sec.>"}, []jetstream.WatchOpt{jetstream.MetaOnly()}, apply))
	if err != nil {
		cancel()
		return nil, fmt.Errorf("follow edited sections: %w", err)
	}
	return func() { cancel(); <-kw.done }, nil
}

var _ storage.EditFeed = (*Store)(nil)
