package worldgen

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

var update = flag.Bool("update", false, "rewrite testdata/worldgen/golden_v<N>.json (only with a version bump)")

// goldenFile records content hashes of fixed sections, so that any change
// to the output of a version fails a test. See docs/worldgen.md.
type goldenFile struct {
	Version int          `json:"version"`
	Note    string       `json:"note"`
	Seeds   []goldenSeed `json:"seeds"`
}

type goldenSeed struct {
	Seed     int64           `json:"seed"`
	Spawn    [3]int          `json:"spawn"`
	Sections []goldenSection `json:"sections"`
}

type goldenSection struct {
	Name    string   `json:"name"`
	Pos     [3]int32 `json:"pos"`
	Hash    string   `json:"hash"`
	Uniform bool     `json:"uniform"`
}

var goldenSeeds = []int64{1, -123456789}

// goldenPositions names the sections the golden file pins: a whole column
// at the origin, the spawn surface, negative and far coordinates, deep
// underground, sky, the world border.
func goldenPositions(spawn chunk.Pos) []struct {
	name string
	pos  chunk.Pos
} {
	type np = struct {
		name string
		pos  chunk.Pos
	}
	var ps []np
	for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
		ps = append(ps, np{fmt.Sprintf("origin y%d", y), chunk.Pos{Y: y}})
	}
	for _, d := range []int32{-1, 0, 1} {
		ps = append(ps, np{fmt.Sprintf("spawn surface %+d", d), spawn.Add(d, d, 0)})
	}
	b := int32(chunk.BorderSections)
	return append(ps,
		np{"negative", chunk.Pos{X: -1, Y: 4, Z: -1}},
		np{"negative far", chunk.Pos{X: -1000, Y: 3, Z: -777}},
		np{"+1,000,000", chunk.Pos{X: 62500, Y: 4, Z: 62500}},
		np{"-1,000,000", chunk.Pos{X: -62500, Y: 4, Z: -62500}},
		np{"-1,000,000 bedrock", chunk.Pos{X: 62500, Y: -4, Z: -62500}},
		np{"deep", chunk.Pos{X: 7, Y: -2, Z: -3}},
		np{"deep slate band", chunk.Pos{X: -7, Y: 0, Z: 3}},
		np{"sky", chunk.Pos{X: 5, Y: 12, Z: 5}},
		np{"border +", chunk.Pos{X: b, Y: 4, Z: b}},
		np{"border -", chunk.Pos{X: -b, Y: 3, Z: -b}},
	)
}

func buildGolden(t *testing.T, version int) goldenFile {
	t.Helper()
	gf := goldenFile{
		Version: version,
		Note:    "content hashes (chunk.Section.Hash) of generated sections; regenerate only with a new generator version",
	}
	for _, seed := range goldenSeeds {
		g, err := New(seed, version)
		if err != nil {
			t.Fatal(err)
		}
		sx, sy, sz := g.FindSpawn()
		gs := goldenSeed{Seed: seed, Spawn: [3]int{sx, sy, sz}}
		for _, np := range goldenPositions(chunk.PosOfBlock(sx, sy-1, sz)) {
			s := g.Generate(np.pos)
			gs.Sections = append(gs.Sections, goldenSection{
				Name: np.name, Pos: [3]int32{np.pos.X, np.pos.Y, np.pos.Z},
				Hash: fmt.Sprintf("%016x", s.Hash()), Uniform: s.IsUniform(),
			})
		}
		gf.Seeds = append(gf.Seeds, gs)
	}
	return gf
}

func TestGolden(t *testing.T) {
	path := filepath.Join("..", "testdata", "worldgen", fmt.Sprintf("golden_v%d.json", LatestVersion))
	got := buildGolden(t, LatestVersion)
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	onDisk, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with go test ./worldgen -run Golden -update)", err)
	}
	if bytes.Equal(onDisk, data) {
		return
	}
	var want goldenFile
	if err := json.Unmarshal(onDisk, &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for i := range want.Seeds {
		if i >= len(got.Seeds) {
			break
		}
		w, g := want.Seeds[i], got.Seeds[i]
		if w.Spawn != g.Spawn {
			t.Errorf("seed %d: spawn %v, golden %v", g.Seed, g.Spawn, w.Spawn)
		}
		for j := range w.Sections {
			if j < len(g.Sections) && w.Sections[j] != g.Sections[j] {
				t.Errorf("seed %d %s %v: hash %s, golden %s", g.Seed, w.Sections[j].Name, w.Sections[j].Pos, g.Sections[j].Hash, w.Sections[j].Hash)
			}
		}
	}
	t.Fatalf("generator version %d output differs from %s: a change to the terrain needs a new version (docs/worldgen.md)", LatestVersion, path)
}
