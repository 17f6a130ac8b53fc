package cli

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"

	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// nameEntry is one binding as the admin listener lists it (GET
// /api/names, POST /api/names/prune).
type nameEntry struct {
	Name      string `json:"name"`
	Key       string `json:"key"`
	At        string `json:"at"`
	Seen      string `json:"seen"`
	Lapses    string `json:"lapses"`
	Lapsed    bool   `json:"lapsed"`
	Protected string `json:"protected"`
	Damaged   bool   `json:"damaged"`
}

// offlineNames are the flags that open a stopped server's registry
// straight from its data directory instead of asking a running one.
type offlineNames struct {
	data           string
	unplayed, idle time.Duration
}

func (o *offlineNames) bind(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.data, "data", "", "data directory of a stopped server: work on its database directly instead of asking the running server at --admin (one server; a cluster's names are the cluster's, ask any shard)")
	o.unplayed, o.idle = access.DefaultUnplayedTTL, access.DefaultIdleTTL
	f.Var((*days)(&o.unplayed), "name-unplayed-ttl", "with --data: the server's --name-unplayed-ttl, which decides what has lapsed")
	f.Var((*days)(&o.idle), "name-idle-ttl", "with --data: the server's --name-idle-ttl, which decides what has lapsed")
}

// open opens the registry of the stopped server's data directory, as the
// server would at its start (which upgrades old bindings and deletes up
// to 1,024 lapsed ones); close releases the database.
func (o *offlineNames) open(cmd *cobra.Command) (reg *access.Registry, closeDB func() error, err error) {
	if _, err := os.Stat(filepath.Join(o.data, "world")); err != nil {
		return nil, nil, fmt.Errorf("--data %s: no world database there: %w", o.data, err)
	}
	log := zerolog.New(cmd.ErrOrStderr()).Level(zerolog.WarnLevel)
	db, err := storage.Open(o.data, log)
	if err != nil {
		return nil, nil, fmt.Errorf("open %s (is its server still running? stop it, or leave out --data to ask it through --admin): %w", o.data, err)
	}
	reg, err = access.Open(db, access.Options{Log: log, Names: access.NameLimits{UnplayedTTL: o.unplayed, IdleTTL: o.idle}})
	if err != nil {
		return nil, nil, errors.Join(err, db.Close())
	}
	return reg, func() error { reg.Close(); return db.Close() }, nil
}

func entryOf(b access.NameBinding) nameEntry {
	return nameEntry{Name: b.Name, Key: b.Key, At: rfc3339(b.At), Seen: rfc3339(b.Seen), Lapses: rfc3339(b.Lapses),
		Lapsed: b.Lapsed, Protected: b.Protected, Damaged: b.Damaged}
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// newNamesListCmd is strata admin names list.
func newNamesListCmd(f *adminFlags) *cobra.Command {
	var off offlineNames
	var lapsed, neverPlayed bool
	var limit int
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the name bindings: counts, then each name, its key, when it was bound, last in the world and lapses",
		Long: `List the names bound to keys (trust on first use), with how many there are,
how many never entered the world and how many lapsed, then one line per name:
its key, when it was bound, when its player was last in the world, and when
the binding lapses (a lapsed name goes to the next key that logs in with it).
Operators' and whitelisted names never lapse.

Asks the running server at --admin; with --data, reads a stopped server's
database instead.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			filter := "all"
			switch {
			case lapsed && neverPlayed:
				return errors.New("give --lapsed or --never-played, not both")
			case lapsed:
				filter = "lapsed"
			case neverPlayed:
				filter = "never-played"
			}
			var list struct {
				Bindings    int `json:"bindings"`
				NeverPlayed int `json:"never_played"`
				Lapsed      int `json:"lapsed"`
				Limits      struct {
					UnplayedTTL int64 `json:"unplayed_ttl_s"`
					IdleTTL     int64 `json:"idle_ttl_s"`
					Max         int   `json:"max"`
				} `json:"limits"`
				Names     []nameEntry `json:"names"`
				Truncated bool        `json:"truncated"`
			}
			if off.data != "" {
				reg, closeDB, err := off.open(cmd)
				if err != nil {
					return err
				}
				st := reg.NameStats()
				list.Bindings, list.NeverPlayed, list.Lapsed = st.Bindings, st.NeverPlayed, st.Lapsed
				list.Limits.UnplayedTTL, list.Limits.IdleTTL = int64(off.unplayed/time.Second), int64(off.idle/time.Second)
				for _, b := range reg.Bindings() {
					if lapsed && !b.Lapsed || neverPlayed && (!b.Seen.IsZero() || b.Damaged) {
						continue
					}
					if len(list.Names) == limit {
						list.Truncated = true
						break
					}
					list.Names = append(list.Names, entryOf(b))
				}
				if err := closeDB(); err != nil {
					return err
				}
			} else if err := f.client().get("/api/names?"+url.Values{"filter": {filter}, "limit": {strconv.Itoa(limit)}}.Encode(), &list); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			max := "no bound"
			if list.Limits.Max > 0 {
				max = fmt.Sprintf("at most %d", list.Limits.Max)
			}
			fmt.Fprintf(out, "%d bindings (%s), %d never played, %d lapsed; unplayed ones lapse after %s, idle ones after %s\n",
				list.Bindings, max, list.NeverPlayed, list.Lapsed, ttlText(list.Limits.UnplayedTTL), ttlText(list.Limits.IdleTTL))
			if len(list.Names) > 0 {
				if err := writeNames(out, list.Names); err != nil {
					return err
				}
			}
			if list.Truncated {
				fmt.Fprintf(out, "(the first %d shown: --limit)\n", len(list.Names))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&lapsed, "lapsed", false, "only the lapsed bindings")
	cmd.Flags().BoolVar(&neverPlayed, "never-played", false, "only the bindings whose player never entered the world")
	cmd.Flags().IntVar(&limit, "limit", 1000, "most names listed (0 to 1000)")
	off.bind(cmd)
	return cmd
}

// newNamesPruneCmd is strata admin names prune.
func newNamesPruneCmd(f *adminFlags) *cobra.Command {
	var off offlineNames
	var neverPlayed, dryRun bool
	var idle time.Duration
	cmd := &cobra.Command{
		Use:   "prune",
		Short: "Delete the lapsed name bindings, and with --never-played or --idle more",
		Long: `Delete the lapsed name bindings now (the server also deletes them as new
names are bound), and, when asked, every binding whose player never entered
the world (--never-played: after a squatting run) or that was not in the
world for --idle (such as 30d). Operators' and whitelisted names and damaged
records are never pruned (names release takes those). A pruned name goes to
the next key that logs in with it, with the name's saved position.

Asks the running server at --admin; with --data, works on a stopped server's
database instead.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var res struct {
				Pruned    int         `json:"pruned"`
				Names     []nameEntry `json:"names"`
				Truncated bool        `json:"truncated"`
			}
			if off.data != "" {
				reg, closeDB, err := off.open(cmd)
				if err != nil {
					return err
				}
				pruned, err := reg.Prune(access.PruneOptions{NeverPlayed: neverPlayed, IdleFor: idle, DryRun: dryRun})
				if err = errors.Join(err, closeDB()); err != nil {
					return err
				}
				res.Pruned = len(pruned)
				for _, b := range pruned {
					res.Names = append(res.Names, entryOf(b))
				}
			} else {
				body := map[string]any{"never_played": neverPlayed, "dry_run": dryRun}
				if idle > 0 {
					body["idle"] = strconv.FormatInt(int64(idle/time.Second), 10) + "s"
				}
				if err := f.client().post("/api/names/prune", body, &res); err != nil {
					return err
				}
			}
			out := cmd.OutOrStdout()
			verb := "pruned"
			if dryRun {
				verb = "would prune"
			}
			fmt.Fprintf(out, "%s %d name bindings\n", verb, res.Pruned)
			if len(res.Names) > 0 {
				if err := writeNames(out, res.Names); err != nil {
					return err
				}
			}
			if res.Truncated {
				fmt.Fprintf(out, "(the first %d shown)\n", len(res.Names))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&neverPlayed, "never-played", false, "also every binding whose player never entered the world, however young")
	cmd.Flags().Var((*days)(&idle), "idle", "also every binding not in the world for this long, such as 30d (0: only what lapsed)")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "delete nothing: list what would be pruned")
	off.bind(cmd)
	return cmd
}

// writeNames prints bindings as a table.
func writeNames(w io.Writer, names []nameEntry) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tKEY\tBOUND\tLAST IN WORLD\tLAPSES")
	for _, n := range names {
		key := n.Key
		if len(key) > 16 {
			key = key[:16] + "…"
		}
		if n.Damaged {
			key = "(damaged record)"
		}
		seen := n.Seen
		if seen == "" {
			seen = "never"
		}
		lapses := n.Lapses
		switch {
		case n.Protected != "":
			lapses = "never (" + n.Protected + ")"
		case lapses == "":
			lapses = "never"
		case n.Lapsed:
			lapses += " (lapsed)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", n.Name, key, orDash(n.At), seen, lapses)
	}
	return tw.Flush()
}

// ttlText is a lapse time in seconds as a reader takes it.
func ttlText(s int64) string {
	if s <= 0 {
		return "never"
	}
	d := days(time.Duration(s) * time.Second)
	return d.String()
}
