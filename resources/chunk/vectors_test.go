package chunk

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the shared section vectors and the fuzz seed corpus")

// vectorsDir holds encodings shared with other implementations (the JS
// client): each valid vector with the content hash it must decode to, each
// invalid one with the reason it must be rejected.
const vectorsDir = "../../testdata/sections"

// vectorManifest is testdata/sections/manifest.json.
type vectorManifest struct {
	Format  string          `json:"format"`
	Hash    string          `json:"hash"`
	Valid   []validVector   `json:"valid"`
	Invalid []invalidVector `json:"invalid"`
}

type validVector struct {
	File    string         `json:"file"`
	Kind    string         `json:"kind"`
	Uniform bool           `json:"uniform"`
	Hash    string         `json:"hash"`   // 16 hex digits of Section.Hash
	Counts  map[string]int `json:"counts"` // cells per block name
	Cells   []int          `json:"cells"`  // block IDs of cells 0, 1, 255, 256, 4095
}

type invalidVector struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

var kindNames = map[byte]string{kindUniform: "uniform", kindRuns: "runs", kindPacked: "packed"}

func buildManifest(t *testing.T) (vectorManifest, map[string][]byte) {
	t.Helper()
	files := map[string][]byte{}
	m := vectorManifest{
		Format: "chunk section encoding version 1; see README.md",
		Hash:   "FNV-1a 64 over cells in index order (x + 16*z + 256*y), 2 little-endian bytes each",
	}
	for _, tc := range codecCases() {
		data := Encode(&tc.s)
		name := tc.name + ".bin"
		files[name] = data
		counts := map[string]int{}
		for i := 0; i < Volume; i++ {
			counts[tc.s.At(i).String()]++
		}
		var cells []int
		for _, i := range []int{0, 1, 255, 256, Volume - 1} {
			cells = append(cells, int(tc.s.At(i)))
		}
		m.Valid = append(m.Valid, validVector{
			File: name, Kind: kindNames[data[1]], Uniform: tc.s.IsUniform(),
			Hash: fmt.Sprintf("%016x", tc.s.Hash()), Counts: counts, Cells: cells,
		})
	}
	for _, tc := range invalidCases() {
		name := "invalid_" + tc.name + ".bin"
		files[name] = tc.data
		m.Invalid = append(m.Invalid, invalidVector{File: name, Reason: tc.reason})
	}
	return m, files
}

func invalidCases() []struct {
	name, reason string
	data         []byte
} {
	return []struct {
		name, reason string
		data         []byte
	}{
		{"version", "unknown version byte 2", []byte{2, kindUniform, 0}},
		{"kind", "unknown kind 3", []byte{CodecVersion, 3, 0}},
		{"block", "block ID not registered", []byte{CodecVersion, kindUniform, 0x7f}},
		{"varint", "varint not in shortest form", []byte{CodecVersion, kindUniform, 0x81, 0x00}},
		{"palette_repeat", "palette lists a block twice", []byte{CodecVersion, kindRuns, 2, 1, 1, 0, 0x80, 0x20}},
		{"runs_short", "runs cover 4095 cells", []byte{CodecVersion, kindRuns, 1, 1, 0, 0xff, 0x1f}},
		{"runs_long", "runs cover 4097 cells", []byte{CodecVersion, kindRuns, 1, 1, 0, 0x81, 0x20}},
		{"runs_zero", "zero-length run", []byte{CodecVersion, kindRuns, 1, 1, 0, 0, 0, 0x80, 0x20}},
		{"packed_index", "packed index 3 with a 3-entry palette",
			append([]byte{CodecVersion, kindPacked, 3, 1, 2, 3}, bytes.Repeat([]byte{0xff}, Volume/4)...)},
		{"packed_short", "packed body truncated", []byte{CodecVersion, kindPacked, 2, 1, 2, 0}},
		{"trailing", "a trailing byte after a uniform section", []byte{CodecVersion, kindUniform, 1, 0}},
	}
}

func TestSharedVectors(t *testing.T) {
	m, files := buildManifest(t)
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	manifest = append(manifest, '\n')
	if *update {
		if err := os.MkdirAll(vectorsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(vectorsDir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(vectorsDir, "manifest.json"), manifest, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	onDisk, err := os.ReadFile(filepath.Join(vectorsDir, "manifest.json"))
	if err != nil {
		t.Fatalf("%v (run go test ./resources/chunk -run SharedVectors -update)", err)
	}
	if !bytes.Equal(onDisk, manifest) {
		t.Fatal("manifest.json differs from what the encoder produces: the encoding changed (bump CodecVersion) or run -update")
	}
	// Decode the files as a client would, from disk.
	for _, v := range m.Valid {
		data, err := os.ReadFile(filepath.Join(vectorsDir, v.File))
		if err != nil {
			t.Fatal(err)
		}
		s, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", v.File, err)
		}
		if got := fmt.Sprintf("%016x", s.Hash()); got != v.Hash {
			t.Errorf("%s: hash %s, manifest says %s", v.File, got, v.Hash)
		}
		if !bytes.Equal(Encode(&s), data) {
			t.Errorf("%s: re-encoding differs", v.File)
		}
	}
	for _, v := range m.Invalid {
		data, err := os.ReadFile(filepath.Join(vectorsDir, v.File))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(data); !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrCodecVersion) {
			t.Errorf("%s (%s): Decode error %v", v.File, v.Reason, err)
		}
	}
}

// TestFuzzCorpus keeps the committed seed corpus in the format go test
// reads, and rewrites it under -update.
func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeSection")
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		_, files := buildManifest(t)
		for name, data := range files {
			body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
			if err := os.WriteFile(filepath.Join(dir, name[:len(name)-len(".bin")]), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) < 5 {
		t.Fatalf("seed corpus missing or small (%v); run with -update", err)
	}
}
