package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/stratavox/strata/resources/chunk"
)

// Backend is where a Writer commits its batches and loads what is not in
// its overlays: Pebble on disk (*DB) for one server, a JetStream store for
// a shard of a cluster.
type Backend interface {
	// LoadSection returns the stored version of an edited section; ok is
	// false for a section never edited.
	LoadSection(p chunk.Pos) (s chunk.Section, rev uint64, ok bool, err error)
	// LoadPlayer returns a player's stored record; ok is false for a new
	// player.
	LoadPlayer(name string) (PlayerRecord, bool, error)
	// LoadEntities returns the stored entity record of a column.
	LoadEntities(x, z int32) (EntityColumn, bool, error)
	// Commit makes a batch durable, all of it or (for a *FencedError)
	// all but the sections and columns it names; any other error means
	// nothing of it may be relied on and it is retried whole.
	Commit(b *Batch) error
}

// Fencer is a Backend that fences writes by region (a cluster shard's
// store): a section or entity column is stored only under the lease its
// edit was made under. Epoch returns the token of the lease held now on
// section column (x, z)'s region, or NoEpoch; the persist plugin records it
// with each write as it hands the write over (the tick of the edit), and
// Commit refuses as fenced a write whose epoch is not the lease's now —
// one made under a lease lost since, even when the region was taken back.
// A write with epoch 0 (not recorded) is fenced on the lease held when it
// is committed.
type Fencer interface {
	Epoch(x, z int32) uint64
}

// RemoteEntities is a Backend whose entity records are read over the
// network (a shard's store): it knows, without a read, which columns may
// have one, and reads many in one round trip. The persist plugin reads
// them ahead of the tick, and a tick's in one batch.
type RemoteEntities interface {
	MayHaveEntities(x, z int32) bool
	// LoadEntitiesAll is LoadEntities for each of cols (X and Z set),
	// into cols[i], ok[i] and errs[i].
	LoadEntitiesAll(cols []EntityColumn, ok []bool, errs []error)
}

// EditFeed is a Backend other processes write too (a cluster's shards).
// FollowEdited calls fn with the position of every section stored
// already, and returns once it has; it then calls fn, on a goroutine of
// its own, with each section stored from then on, by any writer, until
// stop is called or the backend closes. What is built from stored
// sections without holding them (the LOD horizon) so learns they changed.
type EditFeed interface {
	FollowEdited(fn func(chunk.Pos)) (stop func(), err error)
}

// NoEpoch is a Fencer's epoch where no lease is held: it matches none.
const NoEpoch = ^uint64(0)

// Batch is what one commit writes: the Writes gathered since the last.
// Within it a later write of the same key wins.
type Batch struct {
	Sections []SectionWrite
	Players  []PlayerRecord
	Entities []EntityColumn
	// Records are plugin records (RecordBackend).
	Records []RecordWrite
	// Bytes is set by Commit: the encoded bytes it wrote, for the stats.
	Bytes int
}

// Commit writes the batch to Pebble in one synced batch: all of it or,
// on an error, nothing.
func (d *DB) Commit(b *Batch) error {
	d.ents.add(b.Entities)
	pb := d.db.NewBatch()
	var buf []byte
	b.Bytes = 0
	set := func(k, v []byte) error {
		b.Bytes += len(v)
		return pb.Set(k, v, nil)
	}
	var err error
	for i := 0; i < len(b.Sections) && err == nil; i++ {
		sw := &b.Sections[i]
		buf = appendSectionRecord(buf[:0], &sw.Section, sw.Revision)
		err = set(SectionKey(sw.Pos), buf)
	}
	for i := 0; i < len(b.Players) && err == nil; i++ {
		var v []byte
		if v, err = marshalPlayer(b.Players[i]); err == nil {
			err = set(PlayerKey(b.Players[i].Name), v)
		}
	}
	for i := 0; i < len(b.Entities) && err == nil; i++ {
		c := &b.Entities[i]
		buf = entityValue(buf, c)
		err = set(EntityKey(c.X, c.Z), buf)
	}
	for i := 0; i < len(b.Records) && err == nil; i++ {
		err = set(b.Records[i].Key.Bytes(), b.Records[i].Value)
	}
	if err != nil {
		pb.Close()
		return err
	}
	// commit closes the batch and fails it if Pebble stopped.
	return d.commit(pb)
}

// FencedError reports the writes of a batch the backend refused because
// this process no longer owns their region (its lease lapsed and another
// owner took it): everything else in the batch is durable. Retrying the
// refused writes cannot succeed, so the Writer reports them in the
// Result's Refused lists instead.
type FencedError struct {
	Sections []chunk.Pos
	Columns  [][2]int32
	// Records are the plugin records refused: a column's written under a
	// lost lease, a world record another server changed first.
	Records []RecordKey
	Reason  string
}

func (e *FencedError) Error() string {
	return fmt.Sprintf("fenced: %d sections, %d entity columns and %d plugin records refused: %s", len(e.Sections), len(e.Columns), len(e.Records), e.Reason)
}

// AsFenced returns the FencedError in err's chain, if any.
func AsFenced(err error) (*FencedError, bool) {
	var f *FencedError
	ok := errors.As(err, &f)
	return f, ok
}

// EncodeSection appends the checksummed record of a section at a
// revision: the value a backend stores for it.
func EncodeSection(dst []byte, s *chunk.Section, rev uint64) []byte {
	return appendSectionRecord(dst, s, rev)
}

// DecodeSection validates and decodes a section record; damage is an
// error wrapping ErrCorrupt.
func DecodeSection(v []byte) (chunk.Section, uint64, error) { return decodeSectionRecord(v) }

// EncodeEntities appends the record of an entity column; an Empty column
// encodes as no bytes.
func EncodeEntities(dst []byte, c *EntityColumn) []byte { return entityValue(dst, c) }

// DecodeEntities validates and decodes the record of column (x, z).
func DecodeEntities(x, z int32, v []byte) (EntityColumn, error) { return decodeEntityRecord(x, z, v) }

// EncodePlayer returns the stored form of a player record.
func EncodePlayer(r PlayerRecord) ([]byte, error) { return marshalPlayer(r) }

// DecodePlayer decodes a stored player record; damage is an error
// wrapping ErrCorrupt.
func DecodePlayer(v []byte) (PlayerRecord, error) {
	var r PlayerRecord
	if err := json.Unmarshal(v, &r); err != nil {
		return PlayerRecord{}, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if strings.TrimSpace(r.Name) == "" {
		return PlayerRecord{}, fmt.Errorf("%w: player record without a name", ErrCorrupt)
	}
	return r, nil
}

// AccessProblem says why a stored access record's value cannot be used,
// or "" when it is intact (an empty value is a cleared record).
func AccessProblem(v []byte) string { return accessProblem(v) }
