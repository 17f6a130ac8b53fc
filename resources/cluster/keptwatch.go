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

// keptWatch is a long-lived KV watch that is started again, from the
// change after the last one it delivered, whenever its watcher ends
// underneath or stalls. Both happen when a NATS node dies: the client
// recreates a watcher's ordered consumer, and on some errors (no leader
// yet, no responders) gives up and closes it, with nothing said to its
// reader. A lease watch left dead that way froze a shard's view of every
// region's owner, and its forwards were refused as from an earlier lease
// turn for as long as it ran.
type keptWatch struct {
	l *link
	keptSpec
	ctx  context.Context
	done chan struct{} // closed when both goroutines have returned

	last atomic.Uint64 // the revision of the last change applied
	mu   sync.Mutex
	w    jetstream.KeyWatcher // the watcher running (nil between two)
	// stalled: checkStalls gave w up (said in its own log line).
	stalled bool
	// abandon tells drain to give its watcher up: a stalled one's
	// Stop does not always end its updates (the client may have closed
	// or swapped its subscription already, and then Stop does nothing),
	// and drain must not wait on it.
	abandon chan struct{}
	st      jetstream.Stream // the bucket's stream, looked up on first check
}

// keptSpec says what a kept watch watches.
type keptSpec struct {
	what   string             // for logs: "lease", "entity key"
	kv     jetstream.KeyValue // the bucket
	bucket string             // its name ("<prefix>_world")
	keys   []string           // filters under it
	opts   []jetstream.WatchOpt
	apply  func(jetstream.KeyValueEntry)
	// check is how often a stall is looked for (0: stallCheck).
	check time.Duration
}

// worldSpec is a keptSpec of the world bucket.
func (l *link) worldSpec(what string, keys []string, opts []jetstream.WatchOpt, apply func(jetstream.KeyValueEntry)) keptSpec {
	return keptSpec{what: what, kv: l.world, bucket: l.o.Bucket + "_world", keys: keys, opts: opts, apply: apply}
}

// keepWatching runs w, a watcher made by spec of which changes up to
// revision last were applied already, on its own goroutine until ctx
// ends or the link stops: spec.apply gets every change, in order, on
// that goroutine. The link's wait group counts it.
func (l *link) keepWatching(ctx context.Context, spec keptSpec, w jetstream.KeyWatcher, last uint64) *keptWatch {
	kw := &keptWatch{l: l, keptSpec: spec, ctx: ctx, w: w, done: make(chan struct{}), abandon: make(chan struct{}, 1)}
	kw.last.Store(last)
	ran := make(chan struct{})
	l.wg.Add(2)
	go func() {
		defer l.wg.Done()
		defer close(ran)
		kw.run()
	}()
	go func() {
		defer l.wg.Done()
		defer close(kw.done)
		kw.checkStalls(ran)
		<-ran
	}()
	return kw
}

// listThenKeep starts a watch of spec (with its initial values) under
// ctx, applies every value stored now before it returns — waiting for
// them at most until listCtx ends — and then keeps the watch running
// (keepWatching).
func (l *link) listThenKeep(ctx, listCtx context.Context, spec keptSpec) (*keptWatch, error) {
	// A copy: WatchFiltered writes the stream's prefix into it.
	w, err := spec.kv.WatchFiltered(ctx, append([]string(nil), spec.keys...), spec.opts...)
	if err != nil {
		return nil, fmt.Errorf("watch %s keys: %w", spec.what, err)
	}
	var last uint64
	for {
		select {
		case <-listCtx.Done():
			_ = w.Stop()
			return nil, fmt.Errorf("watch %s keys: list the stored ones: %w", spec.what, listCtx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				return nil, fmt.Errorf("watch %s keys: the watch ended while listing", spec.what)
			}
			if e == nil {
				return l.keepWatching(ctx, spec, w, last), nil
			}
			spec.apply(e)
			last = max(last, e.Revision())
		}
	}
}

// ended reports whether the watch is to end.
func (kw *keptWatch) ended() bool {
	select {
	case <-kw.l.stop:
		return true
	default:
		return kw.ctx.Err() != nil
	}
}

// run delivers what the watcher brings and starts another when it ends.
func (kw *keptWatch) run() {
	l := kw.l
	var cancel context.CancelFunc // of the watcher run started, if any
	defer func() {
		if cancel != nil {
			cancel()
		}
	}()
	for {
		kw.mu.Lock()
		w := kw.w
		kw.mu.Unlock()
		if w != nil {
			kw.drain(w)
			if cancel != nil {
				cancel() // its subscription ends with its context
				cancel = nil
			}
			if kw.ended() {
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
		case <-kw.ctx.Done():
			return
		case <-time.After(watchRetry):
		}
		select {
		case <-kw.abandon: // for the watcher that just ended by itself
		default:
		}
		opts := kw.opts
		if last := kw.last.Load(); last > 0 {
			opts = append(opts[:len(opts):len(opts)], jetstream.ResumeFromRevision(last+1))
		}
		nw, wcancel, err := kw.start(opts)
		kw.mu.Lock()
		kw.w = nw
		kw.mu.Unlock()
		if err != nil {
			l.log.Warn().Err(err).Str("watch", kw.what).Msg("watch not started; trying again")
			continue
		}
		cancel = wcancel
		l.st.watchRestarts.Add(1)
		l.log.Debug().Str("watch", kw.what).Uint64("after_revision", kw.last.Load()).Msg("watch started again")
	}
}

// watchStart bounds the start of a watcher. Its consumer's creation is a
// request that, with no deadline, waits for an answer for ever, and a
// stream electing a leader may never answer it: a kept watch waited
// there, its view frozen, for the rest of a run.
const watchStart = 3 * time.Second

// start starts a watcher of the watch's keys with opts, under a context
// of its own (the client ends its subscription with it) that is
// cancelled if the start takes longer than watchStart.
func (kw *keptWatch) start(opts []jetstream.WatchOpt) (jetstream.KeyWatcher, context.CancelFunc, error) {
	ctx, cancel := context.WithCancel(kw.ctx)
	bound := time.AfterFunc(watchStart, cancel)
	// A copy: WatchFiltered writes the stream's prefix into it.
	w, err := kw.kv.WatchFiltered(ctx, append([]string(nil), kw.keys...), opts...)
	if !bound.Stop() {
		if err == nil {
			_ = w.Stop()
		}
		err = fmt.Errorf("no answer in %v", watchStart)
	}
	if err != nil {
		cancel()
		return nil, nil, err
	}
	return w, cancel, nil
}

// drain applies w's changes until it ends, checkStalls gives it up, or
// the watch is to end.
func (kw *keptWatch) drain(w jetstream.KeyWatcher) {
	// Stopped without waiting: Stop deletes the watcher's consumer with a
	// request that has no deadline, and a stream electing a leader may
	// never answer it (the watch waited there, frozen, for the rest of a
	// run). The request ends with the connection at the latest.
	defer func() { go func() { _ = w.Stop() }() }()
	for {
		select {
		case <-kw.l.stop:
			return
		case <-kw.ctx.Done():
			return
		case <-kw.abandon:
			kw.discard(w)
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

// discard reads what an abandoned watcher may still deliver, on a
// goroutine of its own until its updates end or the link stops, so that
// the client's delivery goroutine, which holds the watcher's lock while
// it hands an update over, is never left blocked on it.
func (kw *keptWatch) discard(w jetstream.KeyWatcher) {
	kw.l.wg.Add(1)
	go func() {
		defer kw.l.wg.Done()
		for {
			select {
			case <-kw.l.stop:
				return
			case _, ok := <-w.Updates():
				if !ok {
					return
				}
			}
		}
	}()
}

// checkStalls gives the watcher up (run starts another) when, at two checks
// running, a change newer than the last one applied is stored under its
// keys and nothing was applied in between: a consumer that is being
// recreated delivers nothing, and may never again.
func (kw *keptWatch) checkStalls(ran <-chan struct{}) {
	every := kw.check
	if every == 0 {
		every = stallCheck
	}
	t := time.NewTicker(every)
	defer t.Stop()
	var behind bool // at the previous check, a newer change was stored
	var at uint64   // the last revision applied then
	for {
		select {
		case <-ran:
			return
		case <-t.C:
		}
		last := kw.last.Load()
		newer, err := kw.storedAfter(last)
		if err != nil {
			kw.l.log.Debug().Err(err).Str("watch", kw.what).Uint64("after_revision", last).Msg("watch stall check failed")
		}
		switch {
		case err != nil || !newer:
			behind = false
		case behind && at == last:
			kw.l.log.Warn().Str("watch", kw.what).Uint64("after_revision", last).Msg("watch stalled; starting it again")
			kw.mu.Lock()
			if kw.w != nil {
				kw.stalled = true
				select {
				case kw.abandon <- struct{}{}:
				default: // given up already, not yet replaced
				}
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
	ctx, cancel := context.WithTimeout(kw.ctx, stallCheck)
	defer cancel()
	if kw.st == nil {
		st, err := kw.l.js.Stream(ctx, "KV_"+kw.bucket)
		if err != nil {
			return false, err
		}
		kw.st = st
	}
	for _, k := range kw.keys {
		_, err := kw.st.GetMsg(ctx, rev+1, jetstream.WithGetMsgSubject("$KV."+kw.bucket+"."+k))
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
