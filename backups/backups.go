// Package backups keeps a world's backups: consistent copies of its
// database (Pebble checkpoints) in its data directory's backups folder,
// DATA/backups/NAME, taken on request (the admin listener, strata backup)
// or on a schedule, the scheduled ones pruned to a count.
//
// Every backup is a data directory of its own: strata serve --data
// DATA/backups/NAME serves it. A backup never goes anywhere else: a name is
// one path element, checked by CheckName, never a path.
package backups

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
)

// Folder is the folder of a data directory that holds its backups.
const Folder = "backups"

// ScheduledPrefix starts the name of every scheduled backup; pruning
// removes only those, never a backup someone asked for.
const ScheduledPrefix = "auto-"

// manualPrefix starts the name of a backup asked for without a name.
const manualPrefix = "manual-"

// partialPrefix names a backup being written: a folder without it is
// complete. CheckName refuses names starting with a dot, so none collides.
const partialPrefix = ".partial-"

// MaxNameLen bounds a backup's name.
const MaxNameLen = 100

// stampLayout is the UTC time in a generated name: sortable, and without
// the colons some file systems refuse.
const stampLayout = "20060102T150405.000Z"

// ErrInvalidName is wrapped by the errors of CheckName.
var ErrInvalidName = errors.New("invalid backup name")

// ErrStopped is returned by Take once Stop was called: the database is
// about to close.
var ErrStopped = errors.New("backups stopped: the server is shutting down")

// Dir returns the backups folder of a data directory.
func Dir(dataDir string) string { return filepath.Join(dataDir, Folder) }

// CheckName accepts a backup name: 1 to MaxNameLen letters, digits, '-',
// '_' and '.', not starting with a dot (so neither "." nor ".." nor a
// hidden name) and not with ScheduledPrefix (pruning would remove it).
// Path separators are refused: a backup is always DATA/backups/NAME.
func CheckName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: empty", ErrInvalidName)
	case len(name) > MaxNameLen:
		return fmt.Errorf("%w: %d bytes, at most %d", ErrInvalidName, len(name), MaxNameLen)
	case strings.ContainsAny(name, `/\`):
		return fmt.Errorf("%w: %q holds a path separator; a backup is always written under the data directory's %s folder, so give a folder name, not a path", ErrInvalidName, name, Folder)
	case strings.HasPrefix(name, "."):
		return fmt.Errorf("%w: %q starts with a dot", ErrInvalidName, name)
	case strings.HasPrefix(name, ScheduledPrefix):
		return fmt.Errorf("%w: %q starts with %q, which is reserved for scheduled backups (they are pruned)", ErrInvalidName, name, ScheduledPrefix)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("%w: %q holds %q; use letters, digits, '-', '_' and '.'", ErrInvalidName, name, r)
		}
	}
	return nil
}

// Checkpointer is what a backup needs of the database: a consistent copy
// into a new data directory (storage.DB is one).
type Checkpointer interface {
	Checkpoint(dataDir string) error
}

// Options configures a Keeper.
type Options struct {
	// DataDir is the world's data directory; backups go to Dir(DataDir).
	DataDir string
	// DB is the database to copy.
	DB Checkpointer
	// Log receives a line per backup and per failure.
	Log zerolog.Logger
	// Every is the interval of scheduled backups; 0 schedules none.
	Every time.Duration
	// Keep is how many scheduled backups are kept, the newest; 0 keeps
	// them all.
	Keep int
	// Now is the clock names are made from; nil means time.Now.
	Now func() time.Time
}

// Backup describes one backup taken.
type Backup struct {
	// Name is the backup's folder name under Dir(DataDir).
	Name string
	// Path is the backup's data directory, absolute.
	Path string
	// Took is how long the checkpoint took.
	Took time.Duration
}

// Keeper takes a world's backups. Take is safe from any goroutine;
// backups are taken one at a time. Start runs the schedule on a goroutine
// the Keeper owns; Stop ends it and must be called before the database
// closes.
type Keeper struct {
	opts Options
	dir  string
	log  zerolog.Logger

	mu      sync.Mutex // held for a whole backup and prune: one at a time
	stopped bool
	swept   bool   // leftovers of backups cut short were removed
	taken   uint64 // scheduled backups taken

	life    sync.Mutex // guards started, ended, quit and done
	started bool
	ended   bool
	quit    chan struct{}
	done    chan struct{}
}

// New returns a Keeper; it touches no file until a backup is taken.
func New(o Options) *Keeper {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Keeper{opts: o, dir: Dir(o.DataDir), log: o.Log.With().Str("component", "backups").Logger()}
}

// Dir returns the folder backups go to.
func (k *Keeper) Dir() string { return k.dir }

// Take checkpoints the database into Dir()/name now; an empty name means
// "manual-" and the UTC time. The name must pass CheckName; an existing
// backup of that name is an error wrapping fs.ErrExist and is left as it is.
func (k *Keeper) Take(name string) (Backup, error) {
	if name != "" {
		if err := CheckName(name); err != nil {
			return Backup{}, err
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.stopped {
		return Backup{}, ErrStopped
	}
	b, err := k.take(name, manualPrefix)
	if err != nil {
		k.log.Error().Err(err).Str("name", name).Msg("backup failed")
		return Backup{}, err
	}
	k.log.Info().Str("name", b.Name).Str("path", b.Path).Dur("took_ms", b.Took).Msg("backup written")
	return b, nil
}

// take writes one backup; k.mu is held. The checkpoint goes to a partial
// folder first and is renamed once complete, so that a backup folder that
// exists is always whole.
func (k *Keeper) take(name, prefix string) (Backup, error) {
	start := k.opts.Now()
	if err := os.MkdirAll(k.dir, 0o755); err != nil {
		return Backup{}, fmt.Errorf("backup: create %s: %w", k.dir, err)
	}
	if !k.swept {
		k.sweep()
	}
	explicit := name != ""
	if !explicit {
		name = prefix + start.UTC().Format(stampLayout)
	}
	final := filepath.Join(k.dir, name)
	for i := 1; ; i++ {
		_, err := os.Lstat(final)
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return Backup{}, fmt.Errorf("backup %q: %w", name, err)
		}
		if explicit {
			return Backup{}, fmt.Errorf("backup %q: %s: %w", name, final, fs.ErrExist)
		}
		// Two generated names in one millisecond.
		final = filepath.Join(k.dir, name+"-"+strconv.Itoa(i))
	}
	name = filepath.Base(final)
	partial := filepath.Join(k.dir, partialPrefix+name)
	if err := os.RemoveAll(partial); err != nil {
		return Backup{}, fmt.Errorf("backup %q: remove leftover %s: %w", name, partial, err)
	}
	if err := k.opts.DB.Checkpoint(partial); err != nil {
		_ = os.RemoveAll(partial)
		return Backup{}, fmt.Errorf("backup %q: %w", name, err)
	}
	if err := os.Rename(partial, final); err != nil {
		_ = os.RemoveAll(partial)
		return Backup{}, fmt.Errorf("backup %q: %w", name, err)
	}
	syncDir(k.dir)
	path, err := filepath.Abs(final)
	if err != nil {
		path = final
	}
	return Backup{Name: name, Path: path, Took: time.Since(start)}, nil
}

// sweep removes what backups cut short (a crash mid-checkpoint) left.
func (k *Keeper) sweep() {
	k.swept = true
	entries, err := os.ReadDir(k.dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), partialPrefix) {
			if err := os.RemoveAll(filepath.Join(k.dir, e.Name())); err != nil {
				k.log.Warn().Err(err).Str("name", e.Name()).Msg("cannot remove an unfinished backup")
			}
		}
	}
}

// syncDir makes a rename in dir durable; a failure only costs durability
// of the name, which the next backup's sync retries.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// Scheduled returns the names of the scheduled backups in Dir(), oldest
// first.
func (k *Keeper) Scheduled() ([]string, error) { return scheduled(k.dir) }

func scheduled(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list backups in %s: %w", dir, err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), ScheduledPrefix) {
			names = append(names, e.Name())
		}
	}
	// Generated names sort by time.
	slices.Sort(names)
	return names, nil
}

// prune removes the oldest scheduled backups beyond Keep; k.mu is held.
func (k *Keeper) prune() ([]string, error) {
	if k.opts.Keep <= 0 {
		return nil, nil
	}
	names, err := scheduled(k.dir)
	if err != nil || len(names) <= k.opts.Keep {
		return nil, err
	}
	var removed []string
	for _, name := range names[:len(names)-k.opts.Keep] {
		if err := os.RemoveAll(filepath.Join(k.dir, name)); err != nil {
			return removed, fmt.Errorf("prune backup %s: %w", name, err)
		}
		removed = append(removed, name)
	}
	return removed, nil
}

// Taken returns how many scheduled backups were taken.
func (k *Keeper) Taken() uint64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.taken
}

// Start runs the schedule, if Options.Every is positive: a backup every
// interval (a slow one delays the next rather than piling up), then the
// oldest beyond Keep are pruned. It does nothing after the first call or
// after Stop.
func (k *Keeper) Start() {
	k.life.Lock()
	defer k.life.Unlock()
	if k.started || k.ended || k.opts.Every <= 0 {
		return
	}
	k.started = true
	k.quit, k.done = make(chan struct{}), make(chan struct{})
	go k.run(k.quit, k.done)
	k.log.Info().Dur("every_ms", k.opts.Every).Int("keep", k.opts.Keep).Str("dir", k.dir).Msg("scheduled backups")
}

func (k *Keeper) run(quit <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(k.opts.Every)
	defer t.Stop()
	for {
		select {
		case <-quit:
			return
		case <-t.C:
			k.scheduledBackup()
		}
	}
}

// scheduledBackup takes one scheduled backup and prunes; a failure is
// logged and the schedule goes on.
func (k *Keeper) scheduledBackup() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.stopped {
		return
	}
	b, err := k.take("", ScheduledPrefix)
	if err != nil {
		k.log.Error().Err(err).Msg("scheduled backup failed")
		return
	}
	k.taken++
	removed, err := k.prune()
	if err != nil {
		k.log.Error().Err(err).Msg("pruning backups failed")
	}
	k.log.Info().Str("name", b.Name).Dur("took_ms", b.Took).Strs("pruned", removed).Msg("scheduled backup written")
}

// Stop ends the schedule and waits for a backup under way; Take fails
// afterwards. It is safe to call more than once, and without Start.
func (k *Keeper) Stop() {
	k.life.Lock()
	k.ended = true
	if k.quit != nil {
		close(k.quit)
		<-k.done
		k.quit = nil
	}
	k.life.Unlock()
	k.mu.Lock()
	k.stopped = true
	k.mu.Unlock()
}
