package cluster

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/storage"
)

// CheckReport is what Check found in the buckets of a cluster's world.
type CheckReport struct {
	// Bucket is the world's bucket prefix.
	Bucket string
	// Meta is the world's identity, nil when missing or damaged;
	// MetaProblem says which.
	Meta        *Meta
	MetaProblem string
	// The keys whose values are intact, by kind (cleared entity columns
	// and access records left out).
	Sections, EntityColumns, Handoffs, Leases, Shards, Sessions, Players, Access int
	// Records counts plugin records (deleted ones left out), by kind.
	Records map[string]int
	// Bad lists every key whose value cannot be used, bucket by bucket
	// in the order read.
	Bad []BadValue
}

// BadValue is a key whose stored value cannot be used.
type BadValue struct {
	Bucket, Key, Problem string
}

// Clean reports whether the world's identity is there and every value
// is intact.
func (r *CheckReport) Clean() bool { return r.Meta != nil && len(r.Bad) == 0 }

// WriteText writes the report for people.
func (r *CheckReport) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.Meta != nil {
		fmt.Fprintf(&b, "world %s: seed %d, generator version %d, created %s\n", r.Bucket, r.Meta.Seed, r.Meta.GeneratorVersion, r.Meta.CreatedAt.Format("2006-01-02 15:04:05Z07:00"))
	} else {
		fmt.Fprintf(&b, "world %s: metadata %s\n", r.Bucket, r.MetaProblem)
	}
	fmt.Fprintf(&b, "intact: %d sections, %d entity columns, %d hand-over records, %d leases, %d shards, %d sessions, %d players, %d access records\n",
		r.Sections, r.EntityColumns, r.Handoffs, r.Leases, r.Shards, r.Sessions, r.Players, r.Access)
	for _, k := range slices.Sorted(maps.Keys(r.Records)) {
		fmt.Fprintf(&b, "intact: %d %s records\n", r.Records[k], k)
	}
	for _, v := range r.Bad {
		fmt.Fprintf(&b, "bad: %s_%s %s: %s\n", r.Bucket, v.Bucket, v.Key, v.Problem)
	}
	if r.Clean() {
		b.WriteString("clean\n")
	} else {
		fmt.Fprintf(&b, "NOT clean: %d bad values", len(r.Bad))
		if r.Meta == nil {
			b.WriteString(", no world metadata")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Check connects to the cluster at urls (comma-separated) without joining
// it as a shard and reads every value of the world in bucket prefix
// bucket ("" for "strata"): its metadata, sections, entity columns and
// hand-over records, leases, shards and sessions, players and access
// records. A value that fails its checksum or decoding, or a key Strata
// does not write, is listed as bad: the key a shard would refuse to load
// (a corrupt section is not regenerated over, a corrupt player record
// refuses its player's login). The error is for a cluster or bucket that
// cannot be read at all.
func Check(ctx context.Context, urls, bucket string) (*CheckReport, error) {
	if bucket == "" {
		bucket = "strata"
	}
	nc, js, err := connectReader(urls, "strata-check")
	if err != nil {
		return nil, fmt.Errorf("cluster check: %w", err)
	}
	defer nc.Close()
	r := &CheckReport{Bucket: bucket, MetaProblem: "missing"}
	for _, b := range []struct {
		name  string
		check func(key string, v []byte) string
	}{
		{"world", r.worldValue},
		{"players", r.playerValue},
		{"access", r.accessValue},
	} {
		kv, err := js.KeyValue(ctx, bucket+"_"+b.name)
		if err != nil {
			return nil, fmt.Errorf("cluster check: bucket %s_%s: %w", bucket, b.name, err)
		}
		err = eachValue(ctx, kv, []string{jetstream.AllKeys}, func(key string, v []byte) {
			if problem := b.check(key, v); problem != "" {
				r.Bad = append(r.Bad, BadValue{Bucket: b.name, Key: key, Problem: problem})
			}
		})
		if err != nil {
			return nil, fmt.Errorf("cluster check: bucket %s_%s: %w", bucket, b.name, err)
		}
	}
	return r, nil
}

// eachValue calls fn with every key of kv matching filters
// (jetstream.AllKeys: every key) and its newest value, in one watch:
// values come with the initial state, so no get per key.
func eachValue(ctx context.Context, kv jetstream.KeyValue, filters []string, fn func(key string, v []byte)) error {
	w, err := kv.WatchFiltered(ctx, filters, jetstream.IgnoreDeletes())
	if err != nil {
		return err
	}
	defer w.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case e, ok := <-w.Updates():
			if !ok {
				return fmt.Errorf("watch closed")
			}
			if e == nil {
				return nil // the end of the initial values
			}
			fn(e.Key(), e.Value())
		}
	}
}

// worldValue checks a value of the world bucket, counts it if intact, and
// says what is wrong with it otherwise.
func (r *CheckReport) worldValue(key string, v []byte) string {
	kind, _, _ := strings.Cut(key, ".")
	switch kind {
	case "meta":
		if key != "meta" {
			break
		}
		var m Meta
		if err := json.Unmarshal(v, &m); err != nil {
			r.MetaProblem = "damaged: " + err.Error()
			return "world metadata does not decode: " + err.Error()
		}
		r.Meta, r.MetaProblem = &m, ""
		return ""
	case "sec":
		if _, err := parseSectionKey(key); err != nil {
			return err.Error()
		}
		if _, _, err := storage.DecodeSection(v); err != nil {
			return err.Error()
		}
		r.Sections++
		return ""
	case "ent":
		c, err := parseCoords(key, "ent", 4)
		if err != nil {
			return err.Error()
		}
		if columnRegion(c[2], c[3]) != (Region{c[0], c[1]}) {
			return "column not in the key's region"
		}
		if len(v) == 0 {
			return "" // cleared
		}
		if _, err := storage.DecodeEntities(c[2], c[3], v); err != nil {
			return err.Error()
		}
		r.EntityColumns++
		return ""
	case "hand":
		col, err := parseHandKey(key)
		if err != nil {
			return err.Error()
		}
		rec, err := storage.DecodeEntities(col[0], col[1], v)
		if err != nil {
			return err.Error()
		}
		if len(rec.Entities) != 1 {
			return fmt.Sprintf("hand-over record of %d entities, want 1", len(rec.Entities))
		}
		r.Handoffs++
		return ""
	case "lease":
		if _, err := parseLeaseKey(key); err != nil {
			return err.Error()
		}
		if !shardName.Match(v) {
			return fmt.Sprintf("lease held by %q, not a shard name", v)
		}
		r.Leases++
		return ""
	case "shard":
		var rec shardRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return "shard record does not decode: " + err.Error()
		}
		if "shard."+rec.Name != key {
			return fmt.Sprintf("shard record names %q", rec.Name)
		}
		r.Shards++
		return ""
	case "rec":
		return r.recordValue(key, v)
	case "session":
		if _, err := parseSessionKey(key); err != nil {
			return err.Error()
		}
		if shard, _ := parseSession(v); !shardName.MatchString(shard) {
			return fmt.Sprintf("session held by %q, not a shard", v)
		}
		r.Sessions++
		return ""
	}
	return "not a key Strata writes"
}

// playerValue checks a value of the players bucket.
func (r *CheckReport) playerValue(key string, v []byte) string {
	if strings.HasPrefix(key, "r.") {
		return r.recordValue(key, v)
	}
	h, ok := strings.CutPrefix(key, "p.")
	name, err := hex.DecodeString(h)
	if !ok || err != nil || len(name) == 0 {
		return "not a key Strata writes"
	}
	rec, err := storage.DecodePlayer(v)
	if err != nil {
		return err.Error()
	}
	if rec.Name != string(name) {
		return fmt.Sprintf("player record of %q names %q", name, rec.Name)
	}
	r.Players++
	return ""
}

// accessValue checks a value of the access bucket.
func (r *CheckReport) accessValue(key string, v []byte) string {
	k, err := parseAccessKey(key)
	if err != nil {
		return "not a key Strata writes"
	}
	if _, _, err := storage.ParseAccessKey(k); err != nil {
		return err.Error()
	}
	if problem := storage.AccessProblem(v); problem != "" {
		return problem
	}
	if len(v) > 0 {
		r.Access++
	}
	return ""
}

// recordValue checks a plugin record (records.go), naming its kind and
// key when it is damaged.
func (r *CheckReport) recordValue(key string, v []byte) string {
	k, err := parseRecordKey(key)
	if err != nil {
		return err.Error()
	}
	if p := storage.RecordProblem(v); p != "" {
		return k.String() + ": " + p
	}
	if len(v) > 0 {
		if r.Records == nil {
			r.Records = map[string]int{}
		}
		r.Records[k.Kind]++
	}
	return ""
}
