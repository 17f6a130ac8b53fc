package cluster

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/stratavox/strata/resources/chunk"
)

// Keys of the world bucket. Coordinates are decimal with '-' for
// negatives (see the package comment); region coordinates lead.

func coord(v int32) string { return strconv.FormatInt(int64(v), 10) }

func leaseKey(r Region) string { return "lease." + coord(r.X) + "." + coord(r.Z) }

func sectionKey(p chunk.Pos) string {
	r := RegionOf(p)
	return "sec." + coord(r.X) + "." + coord(r.Z) + "." + coord(p.X) + "." + coord(p.Y) + "." + coord(p.Z)
}

func entityKey(x, z int32) string {
	r := columnRegion(x, z)
	return "ent." + coord(r.X) + "." + coord(r.Z) + "." + coord(x) + "." + coord(z)
}

func shardKey(name string) string   { return "shard." + name }
func sessionKey(name string) string { return "session." + hex.EncodeToString([]byte(name)) }
func playerKey(name string) string  { return "p." + hex.EncodeToString([]byte(name)) }

// parseCoords splits key into its prefix token and n int32 coordinates.
func parseCoords(key, prefix string, n int) ([]int32, error) {
	rest, ok := strings.CutPrefix(key, prefix+".")
	if !ok {
		return nil, fmt.Errorf("key %q: not a %s key", key, prefix)
	}
	parts := strings.Split(rest, ".")
	if len(parts) != n {
		return nil, fmt.Errorf("key %q: want %d coordinates", key, n)
	}
	out := make([]int32, n)
	for i, s := range parts {
		v, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("key %q: %w", key, err)
		}
		out[i] = int32(v)
	}
	return out, nil
}

func parseLeaseKey(key string) (Region, error) {
	v, err := parseCoords(key, "lease", 2)
	if err != nil {
		return Region{}, err
	}
	return Region{v[0], v[1]}, nil
}

func parseSectionKey(key string) (chunk.Pos, error) {
	v, err := parseCoords(key, "sec", 5)
	if err != nil {
		return chunk.Pos{}, err
	}
	p := chunk.Pos{X: v[2], Y: v[3], Z: v[4]}
	if RegionOf(p) != (Region{v[0], v[1]}) {
		return chunk.Pos{}, fmt.Errorf("key %q: section not in the key's region", key)
	}
	return p, nil
}

func parseSessionKey(key string) (string, error) {
	h, ok := strings.CutPrefix(key, "session.")
	if !ok {
		return "", fmt.Errorf("key %q: not a session key", key)
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return "", fmt.Errorf("key %q: %w", key, err)
	}
	return string(b), nil
}
