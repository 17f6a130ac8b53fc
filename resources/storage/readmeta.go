package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/rs/zerolog"
)

// ReadMeta returns the metadata of the world stored in dataDir/world
// without claiming or changing the database: it is opened read-only and
// closed again. ok is false when no database is there yet or it holds no
// metadata (a new world). A server must read the seed before it builds
// its generator; Open and Claim come after.
func ReadMeta(dataDir string) (m Meta, ok bool, err error) {
	path := filepath.Join(dataDir, "world")
	desc, err := pebble.Peek(path, vfs.Default)
	if errors.Is(err, fs.ErrNotExist) {
		return Meta{}, false, nil
	}
	if err != nil {
		return Meta{}, false, fmt.Errorf("read world metadata in %s: %w", path, err)
	}
	if !desc.Exists {
		return Meta{}, false, nil
	}
	d, err := open(dataDir, path, nil, true, zerolog.Nop())
	if err != nil {
		return Meta{}, false, fmt.Errorf("read world metadata: open %s read-only: %w", path, err)
	}
	m, ok, err = d.Meta()
	if cerr := d.Close(); cerr != nil && err == nil {
		err = cerr
	}
	if err != nil {
		return Meta{}, false, fmt.Errorf("read world metadata in %s: %w", path, err)
	}
	return m, ok, nil
}
