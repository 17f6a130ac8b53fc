package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rs/zerolog"
)

// repairBatchBytes bounds one batch of salvaged records.
const repairBatchBytes = 4 << 20

// RepairOptions configure Repair.
type RepairOptions struct {
	// Log receives Pebble's messages about the new database.
	Log zerolog.Logger
	// Meta, when set, is written as the world metadata if the damaged
	// database lost its own: the seed and generator version the world was
	// made with, which the operator knows. Ignored when the metadata
	// survived.
	Meta *Meta
}

// Repair salvages every readable record of the database in dataDir/world
// into a new database in outDir/world: for each key, its newest intact
// record (an older revision when the newest is damaged, which the report
// says). It reads the files as Check does, without trusting the MANIFEST,
// so it also salvages a database Pebble cannot open. The report lists
// every key lost or restored older, and every damaged part of a file;
// Repair then checks the new database. It refuses an outDir that exists
// and is not empty, and never writes to dataDir.
func Repair(dataDir, outDir string, opts RepairOptions) (*Report, error) {
	if err := checkOut(dataDir, outDir); err != nil {
		return nil, err
	}
	s, err := surveyDir(dataDir)
	if err != nil {
		return nil, err
	}
	defer s.close()
	r := s.report
	r.Out = outDir
	out, err := Open(outDir, opts.Log)
	if err != nil {
		return nil, err
	}
	err = s.copyWinners(out)
	// The metadata goes to every place of the copy (both keys and the
	// file beside it) from wherever the survey found it (Report.MetaFrom),
	// else as given.
	switch {
	case err != nil:
	case r.Meta != nil:
		if err = out.putMeta(*r.Meta); err == nil {
			for _, k := range [][]byte{metaKey, metaCopyKey} {
				if st := s.keys[string(k)]; st == nil || !st.written {
					r.Written++
				}
			}
			if g := opts.Meta; g != nil && (g.Seed != r.Meta.Seed || g.GeneratorVersion != r.Meta.GeneratorVersion) {
				r.Notes = append(r.Notes, fmt.Sprintf("the world metadata survived; the seed %d and generator version %d given differ from it and were not used", g.Seed, g.GeneratorVersion))
			} else if g != nil {
				r.Notes = append(r.Notes, "the world metadata survived; the seed and generator version given were not used")
			}
		}
	case opts.Meta != nil:
		m := *opts.Meta
		m.FormatVersion = FormatVersion
		if err = out.putMeta(m); err == nil {
			r.Written += 2 // the record and its copy
			r.Notes = append(r.Notes, fmt.Sprintf("the world metadata was lost; %s has it as given: seed %d, generator version %d", outDir, m.Seed, m.GeneratorVersion))
		}
	}
	restored := r.Meta != nil || opts.Meta != nil
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", out.Path(), err)
	}
	v, err := Check(outDir)
	if err != nil {
		return nil, fmt.Errorf("check the repaired copy: %w", err)
	}
	r.OutMeta = v.Meta
	r.Verified = v.Opened && len(v.Damage) == 0 && len(v.Bad) == 0 && (v.Meta != nil || !restored)
	if v.Meta == nil {
		r.Notes = append(r.Notes, fmt.Sprintf("the world metadata is lost, so %s has none: repair again with the world's own --seed and --generator-version to write it, or the first strata serve on the copy binds it to the ones it is given (other ones generate every unedited section anew)", outDir))
	}
	return r, nil
}

// checkOut refuses an output directory that is the source or is not
// empty: repair creates, it never overwrites.
func checkOut(dataDir, outDir string) error {
	if outDir == "" {
		return errors.New("repair: no output directory")
	}
	src, err1 := filepath.Abs(dataDir)
	dst, err2 := filepath.Abs(outDir)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if src == dst {
		return fmt.Errorf("repair: --out %s is the damaged data directory itself; give a new one", outDir)
	}
	ents, err := os.ReadDir(outDir)
	if err == nil && len(ents) > 0 {
		return fmt.Errorf("repair: %s exists and is not empty; repair writes a new database and overwrites nothing", outDir)
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("repair: %w", err)
	}
	return nil
}

// copyWinners reads the sources again and writes each key's chosen
// record to out, in synced batches.
func (s *survey) copyWinners(out *DB) error {
	b := out.db.NewBatch()
	var werr error
	flush := func() {
		if werr == nil && b.Count() > 0 {
			werr = out.commit(b)
			b = out.db.NewBatch()
		}
	}
	for i := range s.sources {
		err := s.read(i, false, func(src int, e *entry) {
			st := s.keys[string(e.key)]
			if werr != nil || st == nil || st.written || !wellFormed(e.key) {
				return
			}
			if w, ok := st.winner(); !ok || w.src != src || w.seq != e.seq {
				return
			}
			if err := b.Set(e.key, e.value, nil); err != nil {
				werr = err
				return
			}
			st.written = true
			s.report.Written++
			if b.Len() >= repairBatchBytes {
				flush()
			}
		})
		if err != nil {
			b.Close()
			return err
		}
	}
	flush()
	b.Close()
	return werr
}
