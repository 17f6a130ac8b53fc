package access

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stratavox/strata/resources/storage"
)

// Migration counts what Migrate did.
type Migration struct {
	// Moved records were written to the destination; Kept ones it already
	// had (the cluster bound the name first, say), which stand as it has
	// them; Settings are registry-wide settings left behind (whether the
	// whitelist is on is the cluster's to decide, not one joining
	// server's); Damaged records could not be read and stay where they
	// were; Revoked ones the destination deleted after they were made (a
	// de-op, an unban on the cluster), whose deletion stands.
	Moved, Kept, Settings, Damaged, Revoked int
}

// Migrate moves a server's own access records (bindings, operators,
// bans, whitelist entries) into the backend it now uses — on joining a
// cluster, from its world database into the cluster's access bucket — and
// then clears them at the source, so that they move once and a later
// change made on the cluster is not undone by the next start. Each record
// is written only where the destination has none and did not delete one
// after the record was made (storage.AccessWrite's IfAbsent and Since);
// one a crash left half moved is moved again, harmlessly, at the next
// start.
func Migrate(from, to Backend) (Migration, error) {
	var m Migration
	var moved []storage.AccessWrite
	err := from.ScanAccess(func(k, v []byte) error {
		kind, _, err := storage.ParseAccessKey(k)
		switch {
		case err != nil || !json.Valid(v):
			m.Damaged++
			return nil
		case kind == storage.AccessSetting:
			m.Settings++
			return nil
		}
		var made struct{ At time.Time }
		_ = json.Unmarshal(v, &made) // a record without a time: any deletion is overwritten
		switch err := to.PutAccess([]storage.AccessWrite{{Key: k, Value: v, IfAbsent: true, Since: made.At}}); {
		case errors.Is(err, storage.ErrAccessExists):
			m.Kept++
		case errors.Is(err, storage.ErrAccessDeleted):
			m.Revoked++
		case err != nil:
			return fmt.Errorf("move %s: %w", storage.DescribeKey(k), err)
		default:
			m.Moved++
		}
		moved = append(moved, storage.AccessWrite{Key: k})
		return nil
	})
	if err != nil {
		return m, fmt.Errorf("migrate the access records: %w", err)
	}
	if len(moved) > 0 {
		if err := from.PutAccess(moved); err != nil {
			return m, fmt.Errorf("migrate the access records: clear the %d moved: %w", len(moved), err)
		}
	}
	return m, nil
}
