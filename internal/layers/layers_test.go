package layers_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module is the module's path; the rules name its packages relative to it.
const module = "github.com/stratavox/strata"

// root is the module's root, from this package's directory.
const root = "../.."

// pkg is what go list says of one of the module's packages.
type pkg struct {
	ImportPath                         string
	Dir                                string
	GoFiles, TestGoFiles, XTestGoFiles []string
	Imports, TestImports, XTestImports []string
}

// project returns p's path relative to the module, and whether p is one
// of the module's packages at all.
func project(p string) (string, bool) {
	if p == module {
		return ".", true
	}
	return strings.CutPrefix(p, module+"/")
}

// load lists the module's packages (go list ./... from its root), by
// their path relative to the module.
func load(t *testing.T) map[string]*pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,TestGoFiles,XTestGoFiles,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v\n%s", err, stderr.Bytes())
	}
	pkgs := map[string]*pkg{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list ./...: %v", err)
		}
		rel, ok := project(p.ImportPath)
		if !ok {
			t.Fatalf("go list ./... listed %s, outside the module", p.ImportPath)
		}
		pkgs[rel] = &p
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list ./... listed %d packages; is %s the module's root?", len(pkgs), root)
	}
	return pkgs
}

// where returns the file and line of p's files (its tests' when test)
// that import path, for a failure to point at; "" if none is found.
func where(p *pkg, path string, test bool) string {
	files := p.GoFiles
	if test {
		files = slices.Concat(p.TestGoFiles, p.XTestGoFiles)
	}
	for _, name := range files {
		f, err := os.Open(filepath.Join(p.Dir, name))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if strings.Contains(sc.Text(), `"`+path+`"`) {
				f.Close()
				rel, _ := project(p.ImportPath)
				return fmt.Sprintf("%s/%s:%d", rel, name, line)
			}
		}
		f.Close()
	}
	return ""
}

// A set of packages, by their path relative to the module.
type set func(p string) bool

// under is the packages roots and every package below one of them.
func under(roots ...string) set {
	return func(p string) bool {
		for _, r := range roots {
			if p == r || strings.HasPrefix(p, r+"/") {
				return true
			}
		}
		return false
	}
}

// is is exactly the packages paths.
func is(paths ...string) set {
	return func(p string) bool { return slices.Contains(paths, p) }
}

// or is the union of sets.
func or(sets ...set) set {
	return func(p string) bool {
		for _, s := range sets {
			if s(p) {
				return true
			}
		}
		return false
	}
}

// internal is every internal package: internal/* and any .../internal/*.
func internal(p string) bool {
	return under("internal")(p) || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}

// transport is the QUIC transport (package transport, and its
// WebTransport sessions): not net/wire, net/protocol, net/frame, which
// plugins and the transport share, nor the client library net/client.
var transport = is("net", "net/wt")

// std reports whether path is the standard library's.
func std(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// noIO is the standard packages a pure function does not import: files,
// the network, the system, logs, the clock and randomness.
func noIO(path string) bool {
	for _, banned := range []string{"os", "io", "bufio", "net", "syscall", "log", "time", "math/rand", "crypto/rand", "path/filepath", "runtime", "unsafe", "plugin"} {
		if path == banned || strings.HasPrefix(path, banned+"/") {
			return true
		}
	}
	return false
}

// rule is an import rule of docs/architecture.md.
type rule struct {
	name string // the rule, as a failure states it
	of   set    // the packages it is about
	bans set    // the module's packages they may not import
	// bansOther, if set, is the packages outside the module they may not
	// import (directly: the standard library's own imports are its own).
	bansOther func(path string) bool
	// deps: bans holds for every package of the module they depend on,
	// not only for those they import.
	deps bool
	// tests: their tests' imports obey bans too, but for testsMay.
	tests    bool
	testsMay set
}

var rules = []rule{{
	name: "the network (net/...) knows no systems, no plugins and no ECS world (ecs, components), nor the server",
	of:   under("net"),
	bans: or(under("systems", "plugins", "server"), is("ecs", "components")),
	deps: true,
	// Its tests may check that it agrees with the rules: net/protocol's
	// registry test asks systems/physics what it does with each block.
}, {
	name:      "worldgen is a pure function: of the module it imports resources/chunk alone, of the rest its noise and nothing that does I/O or reads the clock",
	of:        is("worldgen"),
	bans:      func(p string) bool { return p != "resources/chunk" },
	bansOther: func(path string) bool { return noIO(path) || !std(path) && path != "github.com/ojrac/opensimplex-go" },
	deps:      true,
}, {
	name: "resources are below systems: resources/* import no systems/*, no plugins/*, no server",
	of:   under("resources"),
	bans: under("systems", "plugins", "server"),
	deps: true,
}, {
	name: "components are plain data: they import no systems/*, no plugins/*, no server and not the transport (net)",
	of:   is("components"),
	bans: or(under("systems", "plugins", "server"), transport),
	deps: true,
}, {
	name: "the engine (ecs) knows no gameplay: no systems/*, plugins/*, components, resources, net, server, worldgen",
	of:   under("ecs"),
	bans: under("systems", "plugins", "components", "resources", "net", "server", "worldgen"),
	deps: true,
}, {
	name:  "plugins/* use the public surface alone: no internal package",
	of:    under("plugins"),
	bans:  internal,
	tests: true,
}, {
	name:     "plugins/* use the public surface alone: not the transport (net), not the server (their tests may use server and server/scenario)",
	of:       under("plugins"),
	bans:     or(transport, under("server")),
	deps:     true,
	tests:    true,
	testsMay: is("server", "server/scenario"),
}, {
	name:  "components, systems/*, plugins/*, replay, bench, testkit → net/wire (never net, the transport)",
	of:    or(under("systems", "plugins"), is("components", "replay", "bench", "testkit")),
	bans:  transport,
	tests: true,
}, {
	name:  "the admin listener sits below the server that composes it: admin imports no server/*",
	of:    under("admin"),
	bans:  under("server"),
	deps:  true,
	tests: true,
}}

// TestImportRules checks every rule against the module's imports.
func TestImportRules(t *testing.T) {
	pkgs := load(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range pkgs {
			if !yield(name) {
				return
			}
		}
	})
	for _, r := range rules {
		matched := 0
		for _, name := range names {
			if !r.of(name) {
				continue
			}
			matched++
			for _, v := range check(pkgs, name, r) {
				t.Errorf("%s\n\tbroken: %s", r.name, v)
			}
		}
		if matched == 0 {
			t.Errorf("%s: no package of the module is one it is about", r.name)
		}
	}
}

// check returns how name breaks r, one line per import.
func check(pkgs map[string]*pkg, name string, r rule) []string {
	p := pkgs[name]
	var out []string
	at := func(p *pkg, path string, test bool) string {
		if w := where(p, path, test); w != "" {
			return " (" + w + ")"
		}
		return ""
	}
	for _, path := range p.Imports {
		if rel, ok := project(path); !ok && r.bansOther != nil && r.bansOther(path) {
			out = append(out, fmt.Sprintf("%s imports %s%s", name, path, at(p, path, false)))
		} else if ok && !r.deps && r.bans(rel) {
			out = append(out, fmt.Sprintf("%s imports %s%s", name, rel, at(p, path, false)))
		}
	}
	if r.deps {
		// Breadth first through the module's packages, keeping the way.
		from := map[string]string{name: ""}
		queue := []string{name}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, path := range pkgs[cur].Imports {
				rel, ok := project(path)
				if _, seen := from[rel]; !ok || seen || pkgs[rel] == nil {
					continue
				}
				from[rel] = cur
				queue = append(queue, rel)
				if !r.bans(rel) {
					continue
				}
				if cur == name {
					out = append(out, fmt.Sprintf("%s imports %s%s", name, rel, at(p, path, false)))
					continue
				}
				way := []string{rel}
				for q := cur; q != ""; q = from[q] {
					way = append(way, q)
				}
				slices.Reverse(way)
				out = append(out, fmt.Sprintf("%s depends on %s: %s%s", name, rel, strings.Join(way, " → "), at(pkgs[cur], path, false)))
			}
		}
	}
	if r.tests {
		for _, path := range slices.Concat(p.TestImports, p.XTestImports) {
			rel, ok := project(path)
			if !ok || rel == name || !r.bans(rel) || r.testsMay != nil && r.testsMay(rel) {
				continue
			}
			line := fmt.Sprintf("%s's tests import %s%s", name, rel, at(p, path, true))
			if !slices.Contains(out, line) {
				out = append(out, line)
			}
		}
	}
	return out
}

// plugin reports whether p is a plugin package whose imports the
// document's arrows draw: systems/* and plugins/*, not internal ones.
func plugin(p string) bool {
	return under("systems", "plugins")(p) && !internal(p)
}

// arrows reads the arrows block of docs/architecture.md: the lines
// "A, B → C, D   (what A and B use of C and D); B → E" between the
// fences after "Arrows (", as the module's packages each short name is
// (systems/NAME or plugins/NAME). Segments whose left side names no
// plugin package (server, cli, replay.HashPlugin, net, ...) are not
// returned; names on a right side that are not plugin packages are left out.
func arrows(t *testing.T, pkgs map[string]*pkg) map[[2]string]bool {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\nArrows (")
	if !ok {
		t.Fatal("docs/architecture.md has no \"Arrows (\" paragraph")
	}
	_, rest, ok = strings.Cut(rest, "\n```\n")
	block, _, closed := strings.Cut(rest, "\n```\n")
	if !ok || !closed {
		t.Fatal("docs/architecture.md: the arrows are not in a fenced block after \"Arrows (\"")
	}
	resolve := func(short string) string {
		var found []string
		for _, dir := range []string{"systems/", "plugins/"} {
			if pkgs[dir+short] != nil && plugin(dir+short) {
				found = append(found, dir+short)
			}
		}
		if len(found) > 1 {
			t.Fatalf("docs/architecture.md's arrows: %q is both %s", short, strings.Join(found, " and "))
		}
		if len(found) == 0 {
			return ""
		}
		return found[0]
	}
	drawn := map[[2]string]bool{}
	for line := range strings.Lines(block) {
		// Drop what is in parentheses: what A uses of B, in words.
		var plain strings.Builder
		depth := 0
		for _, c := range line {
			switch {
			case c == '(':
				depth++
			case c == ')':
				depth--
			case depth == 0:
				plain.WriteRune(c)
			}
		}
		for seg := range strings.SplitSeq(plain.String(), ";") {
			left, right, ok := strings.Cut(seg, "→")
			if !ok {
				continue
			}
			for a := range strings.SplitSeq(left, ",") {
				from := resolve(strings.TrimSpace(a))
				if from == "" {
					continue
				}
				for b := range strings.SplitSeq(right, ",") {
					if to := resolve(strings.TrimSpace(b)); to != "" {
						drawn[[2]string{from, to}] = true
					}
				}
			}
		}
	}
	if len(drawn) == 0 {
		t.Fatal("docs/architecture.md's arrows draw nothing between plugin packages")
	}
	return drawn
}

// TestArrows checks the arrows of docs/architecture.md between the plugin
// packages (systems/* and plugins/*) against their real imports: every
// import is drawn, and every arrow is an import.
func TestArrows(t *testing.T) {
	pkgs := load(t)
	drawn := arrows(t, pkgs)
	real := map[[2]string]bool{}
	for name, p := range pkgs {
		if !plugin(name) {
			continue
		}
		for _, path := range p.Imports {
			if rel, ok := project(path); ok && plugin(rel) {
				real[[2]string{name, rel}] = true
				if !drawn[[2]string{name, rel}] {
					t.Errorf("docs/architecture.md's arrows leave out %s → %s: %s imports %s (%s)", short(name), short(rel), name, rel, where(p, path, false))
				}
			}
		}
	}
	for arrow := range drawn {
		if !real[arrow] {
			t.Errorf("docs/architecture.md's arrows draw %s → %s, but %s does not import %s", short(arrow[0]), short(arrow[1]), arrow[0], arrow[1])
		}
	}
}

// short is a plugin package's name in the arrows.
func short(p string) string { return p[strings.LastIndex(p, "/")+1:] }
