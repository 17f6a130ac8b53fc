package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

// Report is what Check (or Repair) found in a database.
type Report struct {
	// DataDir is the data directory checked; Out the one Repair wrote.
	DataDir, Out string
	// Opened is whether Pebble opens the database (read-only); OpenError
	// says why not.
	Opened    bool
	OpenError string
	// Meta is the world's metadata, nil when it is missing or damaged;
	// MetaProblem says which.
	Meta        *Meta
	MetaProblem string
	// MetaFrom says where Meta was read when its record is damaged or
	// missing: an older revision of it, its copy key, the file beside
	// the database (MetaFile) or a backup. MetaTried lists the places
	// outside the database looked at in vain.
	MetaFrom  string
	MetaTried []string
	// Tables and Logs are the files read; Entries the records in them
	// (every version of every key).
	Tables, Logs, Entries int
	// Sections, Players, Access and EntityColumns count the keys whose
	// newest record is intact (Access: name bindings, operators, bans and
	// the whitelist; EntityColumns: columns' saved entities; cleared
	// records left out of both).
	Sections, Players, Access, EntityColumns int
	// ByKind counts the keys whose newest record is intact and live, by
	// kind (RecordKind.Name; a plugin record's group, "plugin homes"),
	// every kind included.
	ByKind map[string]int
	// Damage lists the damaged parts of files.
	Damage []Damage
	// Bad lists every key whose newest record cannot be read, in key
	// order.
	Bad []BadKey
	// Notes are findings that are not damage.
	Notes []string
	// Written counts the records Repair wrote to Out; Verified is set
	// when Out then opened and checked clean (but for metadata lost and
	// not given); OutMeta is Out's metadata.
	Written  int
	Verified bool
	OutMeta  *Meta
}

// BadKey is a key whose newest record cannot be read.
type BadKey struct {
	Key []byte
	// Problem says what is wrong with it.
	Problem string
	// Older is set when an older revision of the record is intact (Check)
	// and was written in its place (Repair).
	Older bool
}

// What names the key: "section (x,y,z)", "player \"name\"", ...
func (b BadKey) What() string { return DescribeKey(b.Key) }

// Pos returns the section position of a section key.
func (b BadKey) Pos() (chunk.Pos, bool) {
	p, err := ParseSectionKey(b.Key)
	return p, err == nil
}

// Clean reports whether the database opens and every record in it is
// intact, metadata included.
func (r *Report) Clean() bool {
	return r.Opened && r.Meta != nil && r.MetaFrom == "" && len(r.Damage) == 0 && len(r.Bad) == 0
}

// Lost returns the bad keys no revision of which survives (the
// metadata's keys not among them when it was recovered elsewhere).
func (r *Report) Lost() []BadKey {
	var out []BadKey
	for _, b := range r.Bad {
		if !b.Older && !(isMetaKey(b.Key) && r.Meta != nil) {
			out = append(out, b)
		}
	}
	return out
}

// WriteText writes the report for people: what was read, every damaged
// part and every bad key, and what to do.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "database %s: %s, %s, %s read (every version of every key)\n", filepath.Join(r.DataDir, "world"), count(r.Tables, "table"), count(r.Logs, "log"), count(r.Entries, "record"))
	if r.Opened {
		b.WriteString("opens: yes\n")
	} else {
		fmt.Fprintf(&b, "opens: no (%s)\n", r.OpenError)
	}
	if r.Meta != nil {
		fmt.Fprintf(&b, "world metadata: seed %d, generator version %d, format %d, created %s\n", r.Meta.Seed, r.Meta.GeneratorVersion, r.Meta.FormatVersion, r.Meta.CreatedAt.Format("2006-01-02 15:04:05Z07:00"))
		if r.MetaFrom != "" {
			fmt.Fprintf(&b, "world metadata: its record is %s; recovered from %s\n", r.MetaProblem, r.MetaFrom)
		}
	} else {
		fmt.Fprintf(&b, "world metadata: %s\n", r.MetaProblem)
		for _, t := range r.MetaTried {
			fmt.Fprintf(&b, "world metadata: not in %s\n", t)
		}
	}
	fmt.Fprintf(&b, "intact: %d sections, %d players, %s, %s%s\n", r.Sections, r.Players, count(r.Access, "access record"), count(r.EntityColumns, "entity column"), r.pluginCounts())
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	bad := map[string]bool{}
	for _, k := range r.Bad {
		bad[string(k.Key)] = true
	}
	for _, d := range r.Damage {
		fmt.Fprintf(&b, "damaged: %s, %s: %s (%s)\n", d.File, d.Where, d.Problem, d.Range())
		for _, k := range d.Keys {
			if !bad[string(k)] {
				fmt.Fprintf(&b, "  held an older record of %s (the newest is intact)\n", DescribeKey(k))
			}
		}
	}
	for _, k := range r.Bad {
		state := "lost"
		if isMetaKey(k.Key) && r.Meta != nil {
			from := r.MetaFrom
			if from == "" {
				from = "the record"
			}
			state = "recoverable from " + from
			if r.Out != "" {
				state = "restored from " + from
			}
		} else if k.Older {
			state = "older revision intact"
			if r.Out != "" {
				state = "older revision restored"
			}
		}
		fmt.Fprintf(&b, "bad: %s: %s [%s]\n", k.What(), k.Problem, state)
	}
	switch {
	case r.Out != "":
		fmt.Fprintf(&b, "repaired: %s written to %s; %s lost", count(r.Written, "record"), filepath.Join(r.Out, "world"), count(len(r.Lost()), "key"))
		switch {
		case r.Verified && r.OutMeta == nil:
			b.WriteString("; the copy opens and its records check clean, but it has no world metadata (see the note)")
		case r.Verified:
			b.WriteString("; the copy opens and checks clean")
		}
		fmt.Fprintf(&b, "\nnext: strata serve --data %s\n", r.Out)
	case r.Clean():
		b.WriteString("clean\n")
	default:
		var why []string
		if !r.Opened {
			why = append(why, "Pebble cannot open it")
		}
		if len(r.Damage) > 0 {
			why = append(why, count(len(r.Damage), "damaged part"))
		}
		if len(r.Bad) > 0 {
			why = append(why, count(len(r.Bad), "bad key"))
		}
		if r.Meta == nil {
			why = append(why, "no world metadata")
		}
		fmt.Fprintf(&b, "NOT clean: %s\n", strings.Join(why, ", "))
		hint := ""
		if r.Meta == nil {
			hint = " --seed SEED --generator-version V (the world's own: its metadata is lost)"
		}
		fmt.Fprintf(&b, "next: stop the server and run strata repair --data %s --out NEW%s, then serve NEW\n", r.DataDir, hint)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// count writes n and a noun, plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Check reads every record of the database in dataDir/world — every
// table block by block, every log record by record, without trusting the
// MANIFEST — and reports the damaged parts and every key whose newest
// record fails its checksum, does not decode, is malformed or sits in a
// damaged block. It also opens the database read-only, as a server would.
// It takes the database's lock: it refuses a database a server holds. The
// error is for a directory that cannot be checked at all.
func Check(dataDir string) (*Report, error) {
	s, err := surveyDir(dataDir)
	if err != nil {
		return nil, err
	}
	defer s.close()
	return s.report, nil
}

// missingTable finds the table Pebble names when it refuses to open a
// database whose MANIFEST lists a table the directory lacks.
var missingTable = regexp.MustCompile(`file (\d+) \(type sstable\)`)

// version is one record of a key, as the survey saw it.
type version struct {
	seq     uint64
	src     int    // index of the file it was read from
	problem string // why the record is unusable; "" when intact
	tomb    bool
	empty   bool // an empty value: a cleared access or entity record
}

// keyState is what the survey knows of one key: its newest record, its
// newest intact one, and a newer record in a damaged block, if any.
type keyState struct {
	newest, best       version
	hasNewest, hasBest bool
	damagedSeq         uint64
	damagedIn          string // file and place of the damaged record, "" if none
	written            bool   // by Repair
}

// source is a file the survey reads, in order.
type source struct {
	ref   fileRef
	table bool
	// only, for a table the MANIFEST lost, is the set of its keys the
	// database lacks: the rest of it is obsolete.
	only map[string]bool
}

// survey is one pass over a database's files.
type survey struct {
	report  *Report
	path    string
	lock    *pebble.Lock
	sources []source
	keys    map[string]*keyState
}

func (s *survey) close() {
	if s.lock != nil {
		s.lock.Close()
	}
}

// surveyDir reads every file of the database under its lock and builds
// the report. The lock stays held until close, so that Repair's second
// pass reads the same files.
func surveyDir(dataDir string) (*survey, error) {
	path := filepath.Join(dataDir, "world")
	if !hasManifest(path) {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("no database in %s: %w", dataDir, err)
		}
	}
	lock, err := pebble.LockDirectory(path, vfs.Default)
	if err != nil {
		return nil, fmt.Errorf("lock database %s (is a server running on it?): %w", path, err)
	}
	s := &survey{report: &Report{DataDir: dataDir}, path: path, lock: lock, keys: map[string]*keyState{}}
	if err := s.run(); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// run chooses the files to read, reads them, and judges every key.
func (s *survey) run() error {
	r := s.report
	files, err := listFiles(s.path)
	if err != nil {
		return err
	}
	if len(files.manifests) == 0 && len(files.tables) == 0 && len(files.logs) == 0 {
		return fmt.Errorf("no database in %s", s.path)
	}
	probe := newHealth(r.DataDir, zerolog.Nop())
	db, err := openPebble(probe, s.path, nil, true, s.lock)
	openDamage := -1 // index of the damage Pebble's refusal is put down to
	if err != nil {
		openDamage = len(r.Damage)
		r.OpenError = firstLine(err.Error())
		var ce *CorruptionError
		if errors.As(err, &ce) {
			r.OpenError = ce.Reason
		}
		if m := missingTable.FindStringSubmatch(r.OpenError); m != nil && errors.Is(err, fs.ErrNotExist) {
			num, _ := strconv.ParseUint(m[1], 10, 64)
			r.Damage = append(r.Damage, Damage{File: tableName(num), Where: "whole table", Problem: "listed in the MANIFEST but missing from the directory, so Pebble cannot open the database"})
		} else {
			name := "MANIFEST"
			if n := len(files.manifests); n > 0 {
				name = files.manifests[n-1]
			}
			r.Damage = append(r.Damage, Damage{File: name, Where: "whole file", Problem: "Pebble cannot open the database: " + r.OpenError})
		}
		r.Notes = append(r.Notes, "Pebble cannot open the database, so every table in the directory was read, the newest record of each key winning")
		for _, ref := range files.tables {
			s.sources = append(s.sources, source{ref: ref, table: true})
		}
	} else {
		r.Opened = true
		err := s.liveSources(db, files)
		if cerr := closePebble(db); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	for _, ref := range files.logs {
		s.sources = append(s.sources, source{ref: ref})
	}
	for i := range s.sources {
		if err := s.read(i, true, s.observe); err != nil {
			return err
		}
	}
	if openDamage >= 0 && len(r.Damage) > openDamage+1 {
		// What kept Pebble from opening was found in a file: the
		// MANIFEST is not to blame.
		for _, d := range r.Damage[openDamage+1:] {
			if strings.HasSuffix(d.File, ".log") && strings.Contains(r.OpenError, "replaying WAL") {
				r.Damage = slices.Delete(r.Damage, openDamage, openDamage+1)
				break
			}
		}
	}
	s.judge()
	return nil
}

// liveSources picks the tables the MANIFEST lists, and reports the ones
// it lists that are missing; of the tables it does not list, those that
// hold keys the database lacks are read too (the MANIFEST lost them),
// for those keys only.
func (s *survey) liveSources(db *pebble.DB, files dbFiles) error {
	r := s.report
	live, err := liveTables(db)
	if err != nil {
		return fmt.Errorf("list tables: %w", err)
	}
	onDisk := map[uint64]bool{}
	for _, ref := range files.tables {
		onDisk[ref.num] = true
		if _, ok := live[ref.num]; ok {
			s.sources = append(s.sources, source{ref: ref, table: true})
			continue
		}
		only := map[string]bool{}
		var first []byte
		_, err := scanTable(ref, func(e *entry) {
			if !isSet(e.kind) || only[string(e.key)] {
				return
			}
			if _, closer, err := db.Get(e.key); err == nil {
				closer.Close()
			} else if errors.Is(err, pebble.ErrNotFound) {
				if first == nil {
					first = e.key
				}
				only[string(e.key)] = true
			}
		})
		if err != nil {
			return err
		}
		if len(only) == 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("%s is left over from a compaction and holds nothing the database lacks; Pebble deletes it", ref.name))
			continue
		}
		r.Damage = append(r.Damage, Damage{File: ref.name, Where: "whole table",
			Problem: fmt.Sprintf("the MANIFEST does not list it, yet it holds %d keys the database lacks (first %s): the MANIFEST has lost records", len(only), DescribeKey(first))})
		s.sources = append(s.sources, source{ref: ref, table: true, only: only})
	}
	nums := make([]uint64, 0, len(live))
	for n := range live {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	for _, n := range nums {
		if onDisk[n] {
			continue
		}
		t := live[n]
		r.Damage = append(r.Damage, Damage{File: tableName(n), Where: "whole table", Problem: "listed in the MANIFEST but missing from the directory",
			First: t.Smallest.UserKey, Last: t.Largest.UserKey})
	}
	return nil
}

// read reads source i, calling fn with each of its entries. The first
// pass (account set) adds what it finds to the report; later passes read
// the same entries again.
func (s *survey) read(i int, account bool, fn func(src int, e *entry)) error {
	src := s.sources[i]
	visit := func(e *entry) {
		if src.only != nil && !src.only[string(e.key)] {
			return
		}
		fn(i, e)
	}
	r := s.report
	if src.table {
		ts, err := scanTable(src.ref, visit)
		if err != nil || !account {
			return err
		}
		r.Tables++
		r.Entries += ts.entries
		for _, d := range ts.damage {
			r.Damage = append(r.Damage, d)
			for j, k := range d.Keys {
				s.observeDamaged(k, d.keySeqs[j], d.File+", "+d.Where)
			}
		}
		return nil
	}
	ls, err := scanLog(src.ref, visit)
	if err != nil || !account {
		return err
	}
	r.Logs++
	r.Entries += ls.entries
	r.Damage = append(r.Damage, ls.damage...)
	switch {
	case ls.tail == "":
	case i == len(s.sources)-1:
		r.Notes = append(r.Notes, fmt.Sprintf("%s: %s (the last write cut short, as a crash leaves it)", src.ref.name, ls.tail))
	default:
		// Pebble closes every log but the newest cleanly.
		r.Damage = append(r.Damage, Damage{File: src.ref.name, Where: "end of the log", Problem: ls.tail + ", but only the newest log may end so"})
	}
	return nil
}

func (s *survey) state(key []byte) *keyState {
	st := s.keys[string(key)]
	if st == nil {
		st = &keyState{}
		s.keys[string(key)] = st
	}
	return st
}

// observe records one entry of an intact block or log record.
func (s *survey) observe(src int, e *entry) {
	if e.elsewhere {
		// An older version than one the same table holds in place.
		return
	}
	v := version{seq: e.seq, src: src}
	switch {
	case isSet(e.kind):
		v.problem = recordProblem(e.key, e.value)
		v.empty = len(e.value) == 0
	case e.kind == pebble.InternalKeyKindDelete || e.kind == pebble.InternalKeyKindSingleDelete || e.kind == pebble.InternalKeyKindDeleteSized:
		v.tomb = true
	default:
		v.problem = fmt.Sprintf("unexpected record kind %v", e.kind)
	}
	st := s.state(e.key)
	if !st.hasNewest || v.seq > st.newest.seq {
		st.newest, st.hasNewest = v, true
	}
	if v.problem == "" && !v.tomb && (!st.hasBest || v.seq > st.best.seq) {
		st.best, st.hasBest = v, true
	}
}

// observeDamaged records a key legible in a damaged block.
func (s *survey) observeDamaged(key []byte, seq uint64, where string) {
	st := s.state(key)
	if st.damagedIn == "" || seq > st.damagedSeq {
		st.damagedSeq, st.damagedIn = seq, where
	}
}

// winner returns the version of key to keep, if any: its newest intact
// record, unless its newest record of all deletes it.
func (st *keyState) winner() (version, bool) {
	if !st.hasBest || st.hasNewest && st.newest.tomb && st.newest.seq > st.best.seq {
		return version{}, false
	}
	return st.best, true
}

// judge sorts every key into intact or bad and reads the metadata.
func (s *survey) judge() {
	r := s.report
	// The metadata keys' newest records when intact, and their older
	// intact revisions when the newest is not.
	metas, olderMetas := map[string]*Meta{}, map[string]*Meta{}
	keys := make([]string, 0, len(s.keys))
	for k := range s.keys {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		st := s.keys[k]
		key := []byte(k)
		damagedNewer := st.damagedIn != "" && (!st.hasNewest || st.damagedSeq >= st.newest.seq)
		var problem string
		switch {
		case !wellFormed(key):
			problem = "not a key Strata writes"
		case damagedNewer:
			problem = "its newest record is in a damaged block (" + st.damagedIn + ")"
		case st.newest.tomb:
			continue // deleted
		case st.newest.problem != "":
			problem = st.newest.problem
		}
		if problem != "" {
			w, ok := st.winner()
			older := ok && wellFormed(key) && (damagedNewer || w.seq < st.newest.seq)
			r.Bad = append(r.Bad, BadKey{Key: key, Problem: problem, Older: older})
			if bytes.Equal(key, metaKey) {
				r.MetaProblem = "damaged: " + problem
			}
			if w, ok := st.winner(); ok && older && isMetaKey(key) {
				olderMetas[k] = s.metaOf(key, w)
			}
			continue
		}
		if isMetaKey(key) {
			if w, ok := st.winner(); ok {
				metas[k] = s.metaOf(key, w)
			}
			continue
		}
		rk, _ := KindOf(key) // wellFormed: registered
		if rk.Live != nil && st.newest.empty && !rk.Live(nil) {
			continue // cleared
		}
		if rk.Tally != nil {
			rk.Tally(r, key, nil)
		}
		if r.ByKind == nil {
			r.ByKind = map[string]int{}
		}
		r.ByKind[rk.group(key)]++
	}
	// The metadata is read from its record, else its copy key, else the
	// file beside the database (MetaFile), else an older intact revision
	// of either key, else a backup. The file before older revisions: the
	// newest versions of both keys sit in one small table just after a
	// --migrate-generator, and their older revisions name the generator
	// version before it.
	var tried []string
	for step := 0; r.Meta == nil && step < 6; step++ {
		switch step {
		case 0:
			r.Meta = metas[string(metaKey)]
		case 1:
			r.Meta, r.MetaFrom = metas[string(metaCopyKey)], fmt.Sprintf("its copy in the database (key %x)", metaCopyKey)
		case 2:
			if r.DataDir != "" {
				m, err := ReadMetaFile(r.DataDir)
				if err == nil {
					r.Meta, r.MetaFrom = &m, filepath.Join(r.DataDir, MetaFile)
				} else {
					tried = append(tried, fmt.Sprintf("%s: %v", filepath.Join(r.DataDir, MetaFile), errors.Unwrap(err)))
				}
			}
		case 3:
			r.Meta, r.MetaFrom = olderMetas[string(metaKey)], fmt.Sprintf("an older revision of its record (key %x)", metaKey)
		case 4:
			r.Meta, r.MetaFrom = olderMetas[string(metaCopyKey)], fmt.Sprintf("an older revision of its copy (key %x)", metaCopyKey)
		case 5:
			if r.DataDir != "" {
				m, from, ok, more := metaBackups(r.DataDir)
				if ok {
					r.Meta, r.MetaFrom = &m, from
				}
				tried = append(tried, more...)
			}
		}
	}
	if r.Meta == nil {
		r.MetaFrom, r.MetaTried = "", tried
	} else if r.DataDir != "" && !strings.HasSuffix(r.MetaFrom, MetaFile) {
		if f, err := ReadMetaFile(r.DataDir); err == nil && !sameMeta(f, *r.Meta) {
			r.Notes = append(r.Notes, fmt.Sprintf("%s holds seed %d, generator version %d, not the database's (seed %d, generator version %d): the write of a --migrate-generator lost, or the file of another world; a server that opens the database rewrites the file from it",
				filepath.Join(r.DataDir, MetaFile), f.Seed, f.GeneratorVersion, r.Meta.Seed, r.Meta.GeneratorVersion))
		}
	}
	if r.MetaFrom != "" && r.MetaProblem == "" {
		r.MetaProblem = "missing"
	}
	if r.Meta == nil && r.MetaProblem == "" {
		r.MetaProblem = "missing"
		if len(r.ByKind) > 0 {
			r.MetaProblem = "missing, though the database holds records: the world's seed and generator version are lost"
		}
	}
	if r.Meta != nil && r.Meta.FormatVersion != FormatVersion {
		r.Notes = append(r.Notes, fmt.Sprintf("storage format %d; this build reads format %d", r.Meta.FormatVersion, FormatVersion))
	}
}

// metaOf reads the metadata record of version w again (the survey keeps
// no values).
func (s *survey) metaOf(key []byte, w version) *Meta {
	var m *Meta
	_ = s.read(w.src, false, func(_ int, e *entry) {
		if m == nil && e.seq == w.seq && bytes.Equal(e.key, key) {
			var v Meta
			if json.Unmarshal(e.value, &v) == nil {
				m = &v
			}
		}
	})
	return m
}

// wellFormed reports whether k is a key Strata writes: one its kind
// (RecordKind) describes.
func wellFormed(k []byte) bool {
	rk, ok := KindOf(k)
	if !ok {
		return false
	}
	_, ok = rk.Describe(k)
	return ok
}

// recordProblem says why a record cannot be used, or "" when it is
// intact, as its kind (RecordKind.Problem) judges it.
func recordProblem(k, v []byte) string {
	rk, ok := KindOf(k)
	if !ok {
		return "not a key Strata writes"
	}
	return rk.Problem(k, v)
}
