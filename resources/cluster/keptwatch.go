package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// keptWatch is a long-lived watch of the world bucket's keys that is
// started again, from the change after the last one it delivered,
// whenever its watcher ends underneath or stalls. Both happen when a NATS
// node dies: the client recreates a watcher's ordered consumer, and on
// some errors (no leader yet, no responders) gives up and closes it, with
// nothing said to its reader. A lease watch left dead that way froze a
// shard's view of every region's owner, and its forwards were refused as
// from an earlier lease turn for as long as it ran.
type keptWatch struct {
	l     *link
	what  string   // for logs: "lease", "entity key"
	keys  []string // filters under the world bucket
	opts  []jetstream.WatchOpt
	apply func(jetstream.KeyValueEntry)

	last atomic.Uint64 // the revision of the last change applied
	mu   sync.Mutex
	w    jetstream.KeyWatcher // the watcher running (nil between two)
	// stalled: checkStalls stopped w (said in its own log line).
	stalled bool
}

// keepWatching runs w, a watcher of keys made with opts of which changes
// up to revision last were applied already, on its own goroutine until
// the link stops: apply gets every change, in order, on that goroutine.
func (l *link) keepWatching(what string, keys []string, opts []jetstream.WatchOpt, w jetstream.KeyWatcher, last uint64, apply func(jetstream.KeyValueEntry)) *keptWatch {
	kw := &keptWatch{l: l, what: what, keys: keys, opts: opts, apply: apply, w: w}
	kw.last.Store(last)
	done := make(chan struct{})
	l.wg.Add(2)
	go func() {
		defer l.wg.Done()
		defer close(done)
		kw.run()
	}()
	go func() {
		defer l.wg.Done()
		kw.checkStalls(done)
	}()
	return kw
}

// run delivers what the watcher brings and starts another when it ends.
func (kw *keptWatch) run() {
	l := kw.l
	for {
		kw.mu.Lock()
		w := kw.w
		kw.mu.Unlock()
		if w != nil {
			kw.drain(w)
			if l.ctx.Err() != nil {
				return
			}
			kw.mu.Lock()
			stalled := kw.stalled
			kw.stalled = false
			kw.mu.Unlock()
			if !stalled {
				l.log.Warn().Str("watch", kw.what).Uint64("after_revision", kw.last.Load()).Msg("watch ended; starting it again")
			}
		}
		select {
		case <-l.stop:
			return
		case <-l.ctx.Done():
			return
		case <-time.After(watchRetry):
		}
		opts := kw.opts
		if last := kw.last.Load(); last > 0 {
			opts = append(opts[:len(opts):len(opts)], jetstream.ResumeFromRevision(last+1))
		}
		// A copy: WatchFiltered writes the stream's prefix into it.
		nw, err := l.world.WatchFiltered(l.ctx, append([]string(nil), kw.keys...), opts...)
		kw.mu.Lock()
		kw.w = nw
		kw.mu.Unlock()
		if err != nil {
			l.log.Warn().Err(err).Str("watch", kw.what).Msg("watch not started; trying again")
			continue
		}
		l.st.watchRestarts.Add(1)
	}
}

// drain applies w's changes until it ends or the link stops.
func (kw *keptWatch) drain(w jetstream.KeyWatcher) {
	defer func() { _ = w.Stop() }()
	for {
		select {
		case <-kw.l.stop:
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil {
				continue // the end of the initial values
			}
			kw.apply(e)
			kw.last.Store(max(kw.last.Load(), e.Revision()))
		}
	}
}

// checkStalls stops the watcher (run starts another) when, at two checks
// running, a change newer than the last one applied is stored under its
// keys and nothing was applied in between: a consumer that is being
// recreated delivers nothing, and may never again.
func (kw *keptWatch) checkStalls(done <-chan struct{}) {
	t := time.NewTicker(stallCheck)
	defer t.Stop()
	var behind bool // at the previous check, a newer change was stored
	var at uint64   // the last revision applied then
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		last := kw.last.Load()
		newer, err := kw.storedAfter(last)
		switch {
		case err != nil || !newer:
			behind = false
		case behind && at == last:
			kw.l.log.Warn().Str("watch", kw.what).Uint64("after_revision", last).Msg("watch stalled; starting it again")
			kw.mu.Lock()
			if kw.w != nil {
				kw.stalled = true
				_ = kw.w.Stop()
			}
			kw.mu.Unlock()
			behind = false
		default:
			behind, at = true, last
		}
	}
}

// storedAfter reports whether a change under the watch's keys is stored
// at a revision after rev: one request per key.
func (kw *keptWatch) storedAfter(rev uint64) (bool, error) {
	l := kw.l
	ctx, cancel := context.WithTimeout(l.ctx, stallCheck)
	defer cancel()
	st, err := l.worldStreamOf(ctx)
	if err != nil {
		return false, err
	}
	for _, k := range kw.keys {
		_, err := st.GetMsg(ctx, rev+1, jetstream.WithGetMsgSubject(l.worldPre+k))
		switch {
		case err == nil:
			return true, nil
		case !errors.Is(err, jetstream.ErrMsgNotFound):
			return false, fmt.Errorf("%s watch: newest stored change: %w", kw.what, err)
		}
	}
	return false, nil
}

// worldStreamOf returns the world bucket's stream, looked up once.
func (l *link) worldStreamOf(ctx context.Context) (jetstream.Stream, error) {
	l.streamMu.Lock()
	defer l.streamMu.Unlock()
	if l.worldStream == nil {
		st, err := l.js.Stream(ctx, "KV_"+l.o.Bucket+"_world")
		if err != nil {
			return nil, err
		}
		l.worldStream = st
	}
	return l.worldStream, nil
}
