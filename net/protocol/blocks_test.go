package protocol_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
)

// oneBlock is a world of air around one block at the origin, resident
// everywhere, for asking the physics rules about that block.
type oneBlock struct{ b chunk.Block }

func (w oneBlock) Block(x, y, z int) (chunk.Block, bool) {
	if x == 0 && y == 0 && z == 0 {
		return w.b, true
	}
	return chunk.Air, true
}

// TestBlockRegistryIsWhatTheRulesDo: the registry a Welcome carries says,
// for every block, what the server's rules then do with it — break it,
// place it, place over it, walk through it — so a client that believes
// the registry is never refused for a block's sake.
func TestBlockRegistryIsWhatTheRulesDo(t *testing.T) {
	reg := protocol.BlockRegistry()
	if len(reg) != int(chunk.NumBlocks) {
		t.Fatalf("registry has %d blocks, resources/chunk %d", len(reg), chunk.NumBlocks)
	}
	if err := protocol.CheckBlockRegistry(reg); err != nil {
		t.Fatal(err)
	}
	lim := physics.DefaultLimits()
	feet := physics.Vec{X: 0.5, Y: 2, Z: 2.5} // within reach of the origin, not overlapping it
	for i, info := range reg {
		b := chunk.Block(i)
		p := b.Props()
		if info.GetName() != "strata:"+p.Name || info.GetColor() != p.Color || info.GetSolid() != p.Solid ||
			info.GetTransparent() != p.Transparent || info.GetLiquid() != p.Liquid {
			t.Errorf("block %d: %v does not describe %+v", i, info, p)
		}
		if got := physics.CheckBreak(oneBlock{b}, feet, physics.BlockPos{}, lim) == physics.OK; got != info.GetBreakable() {
			t.Errorf("%s: breakable %v, but CheckBreak says %v", info.GetName(), info.GetBreakable(), got)
		}
		if got := physics.CheckPlace(oneBlock{chunk.Air}, feet, physics.BlockPos{}, b, nil, lim) == physics.OK; got != info.GetPlaceable() {
			t.Errorf("%s: placeable %v, but CheckPlace says %v", info.GetName(), info.GetPlaceable(), got)
		}
		if got := physics.CheckPlace(oneBlock{b}, feet, physics.BlockPos{}, chunk.Stone, nil, lim) == physics.OK; got != info.GetReplaceable() {
			t.Errorf("%s: replaceable %v, but placing stone over it is %v", info.GetName(), info.GetReplaceable(), got)
		}
		blocked, _ := physics.Overlap(oneBlock{b}, physics.BlockBox(0, 0, 0))
		if blocked != info.GetSolid() {
			t.Errorf("%s: solid %v, but a box inside it is blocked: %v", info.GetName(), info.GetSolid(), blocked)
		}
	}
	if reg[0].GetName() != "strata:air" {
		t.Errorf("id 0 is %q; the protocol's air is 0", reg[0].GetName())
	}
}

func TestCheckBlockRegistryRefuses(t *testing.T) {
	ok := func() []*protocol.BlockInfo {
		return []*protocol.BlockInfo{{Id: 0, Name: "strata:air"}, {Id: 1, Name: "strata:stone"}}
	}
	tests := []struct {
		name string
		edit func([]*protocol.BlockInfo) []*protocol.BlockInfo
		want string // in the error; "" = accepted
	}{
		{"valid", func(b []*protocol.BlockInfo) []*protocol.BlockInfo { return b }, ""},
		{"empty", func([]*protocol.BlockInfo) []*protocol.BlockInfo { return nil }, ""},
		{"ids out of order", func(b []*protocol.BlockInfo) []*protocol.BlockInfo { b[1].Id = 2; return b }, "entry 1 has id 2"},
		{"repeated id", func(b []*protocol.BlockInfo) []*protocol.BlockInfo { b[1].Id = 0; return b }, "entry 1 has id 0"},
		{"repeated name", func(b []*protocol.BlockInfo) []*protocol.BlockInfo { b[1].Name = "strata:air"; return b }, "listed twice"},
		{"no namespace", func(b []*protocol.BlockInfo) []*protocol.BlockInfo { b[1].Name = "stone"; return b }, "no ':'"},
		{"upper case", func(b []*protocol.BlockInfo) []*protocol.BlockInfo { b[1].Name = "strata:Stone"; return b }, "forbidden character"},
	}
	for _, tt := range tests {
		err := protocol.CheckBlockRegistry(tt.edit(ok()))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}

// TestSpecBlockTable: the fallback table of docs/protocol.md §9.7 is the
// registry a server of this version sends.
func TestSpecBlockTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(doc), "\n### 9.7 Blocks\n")
	if !ok {
		t.Fatal("docs/protocol.md has no §9.7 Blocks")
	}
	sec, _, _ = strings.Cut(sec, "\n### ")
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "—"
	}
	var rows []string
	for _, line := range strings.Split(sec, "\n") {
		if len(line) > 2 && line[0] == '|' && line[2] >= '0' && line[2] <= '9' {
			rows = append(rows, line)
		}
	}
	reg := protocol.BlockRegistry()
	if len(rows) != len(reg) {
		t.Fatalf("the table has %d blocks, the registry %d", len(rows), len(reg))
	}
	for i, b := range reg {
		want := fmt.Sprintf("| %d | `%s` | %s | %s | %s | %s | %s | %s | `%06x` |", b.GetId(), b.GetName(),
			yes(b.GetSolid()), yes(b.GetTransparent()), yes(b.GetLiquid()), yes(b.GetReplaceable()),
			yes(b.GetPlaceable()), yes(b.GetBreakable()), b.GetColor())
		if rows[i] != want {
			t.Errorf("table row %d:\n  %s\nthe registry says\n  %s", i, rows[i], want)
		}
	}
}
