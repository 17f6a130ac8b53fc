package storage

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MetaFile is the world metadata's copy beside the database, in the data
// directory: DATA/world-meta.json, the same JSON as the record. With the
// record and its copy key (at either end of the key space) the metadata
// is kept in three places, so the loss of any one table block leaves it
// recoverable (Repair).
const MetaFile = "world-meta.json"

// WriteMetaFile writes m to dataDir/MetaFile atomically: into a
// temporary file, synced, renamed over the old one, the directory synced.
func WriteMetaFile(dataDir string, m Meta) error {
	v, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(dataDir, ".world-meta-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(append(v, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dataDir, MetaFile))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", filepath.Join(dataDir, MetaFile), err)
	}
	if d, err := os.Open(dataDir); err == nil {
		err = d.Sync()
		d.Close()
		if err != nil {
			return fmt.Errorf("sync %s: %w", dataDir, err)
		}
	}
	return nil
}

// ReadMetaFile reads dataDir/MetaFile; an error wraps fs.ErrNotExist when
// there is none.
func ReadMetaFile(dataDir string) (Meta, error) {
	path := filepath.Join(dataDir, MetaFile)
	v, err := os.ReadFile(path)
	if err != nil {
		return Meta{}, err
	}
	var m Meta
	if err := json.Unmarshal(v, &m); err != nil {
		return Meta{}, fmt.Errorf("%s does not decode: %w", path, err)
	}
	if m.FormatVersion == 0 {
		return Meta{}, fmt.Errorf("%s holds no format version", path)
	}
	return m, nil
}

// sameMeta reports whether a and b are the same metadata (times compared
// as instants).
func sameMeta(a, b Meta) bool {
	return a.FormatVersion == b.FormatVersion && a.Seed == b.Seed && a.GeneratorVersion == b.GeneratorVersion && a.CreatedAt.Equal(b.CreatedAt)
}

// metaBackups looks for the world metadata of dataDir in the newest
// backup the server kept in dataDir/backups whose metadata reads, for a
// repair that found it nowhere else. from says where, for people; tried
// lists the backups looked at in vain and why.
func metaBackups(dataDir string) (m Meta, from string, ok bool, tried []string) {
	dir := filepath.Join(dataDir, "backups")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return Meta{}, "", false, tried
	}
	type backup struct {
		path string
		at   int64
	}
	var bs []backup
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue // a backup being written (.partial-NAME) is not whole
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		bs = append(bs, backup{filepath.Join(dir, e.Name()), fi.ModTime().UnixNano()})
	}
	slices.SortFunc(bs, func(a, b backup) int { return int(b.at - a.at) })
	for _, b := range bs {
		m, ok, err := ReadMeta(b.path)
		switch {
		case err != nil:
			tried = append(tried, fmt.Sprintf("backup %s: %v", b.path, err))
		case !ok:
			tried = append(tried, fmt.Sprintf("backup %s: no metadata", b.path))
		default:
			return m, "backup " + b.path, true, tried
		}
	}
	return Meta{}, "", false, tried
}
