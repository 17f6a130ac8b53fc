package cluster

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/storage"
)

// Access keeps the access registry's records (name bindings, operators,
// bans, the whitelist) in the cluster's access bucket, which every shard
// shares: a name bound on one shard is bound on all, a ban made on one
// holds on all. It is an access.Backend and an access.Watcher.
type Access struct {
	c *Cluster
	// scanned is the bucket's last revision ScanAccess saw: the watch
	// resumes after it, so that no change falls between the two.
	scanned atomic.Uint64
}

// Access returns the shard's access backend.
func (c *Cluster) Access() *Access { return c.access }

// accessKey is the bucket key of an access record's storage key.
func accessKey(k []byte) string { return "a." + hex.EncodeToString(k) }

func parseAccessKey(key string) ([]byte, error) {
	h, ok := strings.CutPrefix(key, "a.")
	if !ok {
		return nil, fmt.Errorf("access key %q: no a. prefix", key)
	}
	return hex.DecodeString(h)
}

// PutAccess writes the records one by one (the bucket has no batches; each
// record stands alone): a cleared one is deleted, an IfAbsent one is
// created, refused with storage.ErrAccessExists when another shard wrote
// the key first.
func (a *Access) PutAccess(writes []storage.AccessWrite) error {
	c := a.c
	ctx, cancel := context.WithTimeout(c.ctx, opTimeout)
	defer cancel()
	for _, w := range writes {
		key := accessKey(w.Key)
		start := time.Now()
		c.Count("access", false, 1)
		var err error
		switch {
		case len(w.Value) == 0:
			err = c.accessKV.Delete(ctx, key)
		case w.IfAbsent:
			err = a.create(ctx, key, w)
		default:
			_, err = c.accessKV.Put(ctx, key, w.Value)
		}
		c.roundTrip(start)
		if err != nil {
			return fmt.Errorf("put %s: %w", storage.DescribeKey(w.Key), err)
		}
	}
	return nil
}

// create writes w at key if the key holds no record, and, with w.Since
// set, was not deleted at or after then (its delete marker is the key's
// last message: the bucket keeps one).
func (a *Access) create(ctx context.Context, key string, w storage.AccessWrite) error {
	kv := a.c.accessKV
	if !w.Since.IsZero() {
		hist, err := kv.History(ctx, key)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
		case err != nil:
			return err
		default:
			last := hist[len(hist)-1]
			switch {
			case last.Operation() == jetstream.KeyValuePut:
				return storage.ErrAccessExists
			case !last.Created().Before(w.Since):
				return storage.ErrAccessDeleted
			}
			// Deleted before the record was made: written over the
			// marker, unless the key changed since it was read.
			_, err := kv.Update(ctx, key, w.Value, last.Revision())
			if errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
				return storage.ErrAccessExists
			}
			return err
		}
	}
	_, err := kv.Create(ctx, key, w.Value)
	if errors.Is(err, jetstream.ErrKeyExists) {
		return storage.ErrAccessExists
	}
	return err
}

// ScanAccess calls fn with every access record stored, in key order.
func (a *Access) ScanAccess(fn func(key, value []byte) error) error {
	c := a.c
	ctx, cancel := context.WithTimeout(c.ctx, opTimeout)
	defer cancel()
	w, err := c.accessKV.Watch(ctx, "a.>")
	if err != nil {
		return fmt.Errorf("scan access records: %w", err)
	}
	defer w.Stop()
	type record struct{ k, v []byte }
	var recs []record
	var last uint64
	for done := false; !done; {
		select {
		case <-ctx.Done():
			return fmt.Errorf("scan access records: %w", ctx.Err())
		case e, ok := <-w.Updates():
			switch {
			case !ok:
				return errors.New("scan access records: the watch ended")
			case e == nil:
				done = true
			default:
				last = max(last, e.Revision())
				if e.Operation() != jetstream.KeyValuePut {
					continue
				}
				k, err := parseAccessKey(e.Key())
				if err != nil {
					c.log.Warn().Err(err).Msg("access scan: bad key skipped")
					continue
				}
				recs = append(recs, record{k, e.Value()})
			}
		}
	}
	a.scanned.Store(last)
	slices.SortFunc(recs, func(x, y record) int { return bytes.Compare(x.k, y.k) })
	for _, r := range recs {
		if err := fn(r.k, r.v); err != nil {
			return err
		}
	}
	return nil
}

// WatchAccess calls apply, on its own goroutine, with every access record
// changed after the last ScanAccess (value nil: cleared), this shard's own
// changes included, until stop is called or the cluster closes.
func (a *Access) WatchAccess(apply func(key, value []byte)) (stop func(), err error) {
	c := a.c
	ctx, cancel := context.WithCancel(c.ctx)
	from := a.scanned.Load()
	w, err := c.accessKV.Watch(ctx, "a.>", jetstream.ResumeFromRevision(from+1))
	if err != nil {
		cancel()
		return nil, fmt.Errorf("watch access records: %w", err)
	}
	spec := keptSpec{what: "access", kv: c.accessKV, bucket: c.o.Bucket + "_access", keys: []string{"a.>"}, apply: func(e jetstream.KeyValueEntry) {
		k, err := parseAccessKey(e.Key())
		if err != nil {
			c.log.Warn().Err(err).Msg("access watch: bad key skipped")
			return
		}
		c.Count("access", true, 1)
		if e.Operation() == jetstream.KeyValuePut {
			apply(k, e.Value())
		} else {
			apply(k, nil)
		}
	}}
	kw := c.keepWatching(ctx, spec, w, from)
	return func() { cancel(); <-kw.done }, nil
}
