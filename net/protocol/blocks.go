package protocol

import (
	"fmt"

	"github.com/stratavox/strata/resources/chunk"
)

// BlockNamespace is the namespace of the built-in blocks' names on the
// wire: block "stone" of resources/chunk is BlockInfo.name "strata:stone".
// Names are namespaced like plugin channels so that blocks added by a
// plugin later can never collide with the built-in ones.
const BlockNamespace = "strata"

// BlockName returns the wire name of a built-in block name ("stone" →
// "strata:stone").
func BlockName(name string) string { return BlockNamespace + ":" + name }

// Breakable reports whether BreakBlock may remove block b: anything but
// air that players may place, and the liquids. It restates the rule of
// systems/physics.CheckBreak for the registry a Welcome carries; a test
// holds the two together.
func Breakable(b chunk.Block) bool {
	p := b.Props()
	return b.Valid() && b != chunk.Air && (p.Placeable || p.Liquid)
}

// BlockInfoOf describes block b as Welcome.blocks lists it.
func BlockInfoOf(b chunk.Block) *BlockInfo {
	p := b.Props()
	return &BlockInfo{
		Id:          uint32(b),
		Name:        BlockName(p.Name),
		Solid:       p.Solid,
		Transparent: p.Transparent,
		Color:       p.Color,
		Liquid:      p.Liquid,
		Replaceable: p.Replaceable,
		Placeable:   p.Placeable,
		Breakable:   Breakable(b),
	}
}

// BlockRegistry returns the block registry of resources/chunk as a
// Welcome lists it: every block, in id order. The slice and its messages
// are fresh; the server builds it once and shares it between Welcomes.
func BlockRegistry() []*BlockInfo {
	out := make([]*BlockInfo, 0, chunk.NumBlocks)
	for b := chunk.Block(0); b < chunk.NumBlocks; b++ {
		out = append(out, BlockInfoOf(b))
	}
	return out
}

// CheckBlockRegistry reports why a registry (Welcome.blocks) cannot be
// used, or nil. A client looks blocks up by id and by name, so entry i
// must have id i (ids 0..n−1 in order, n within a section cell's uint16)
// and names must be unique "namespace:name"s of the plugin channel rule
// (ValidChannel; lower case, so comparing them exactly is enough).
func CheckBlockRegistry(blocks []*BlockInfo) error {
	if len(blocks) > 1<<16 {
		return fmt.Errorf("protocol: block registry of %d entries; ids must fit a section cell (uint16)", len(blocks))
	}
	names := make(map[string]bool, len(blocks))
	for i, b := range blocks {
		if b.GetId() != uint32(i) {
			return fmt.Errorf("protocol: block registry entry %d has id %d; ids must be 0..n-1 in order", i, b.GetId())
		}
		if err := ValidChannel(b.GetName()); err != nil {
			return fmt.Errorf("protocol: block %d: name %q: %w", i, b.GetName(), err)
		}
		if names[b.GetName()] {
			return fmt.Errorf("protocol: block %d: name %q listed twice", i, b.GetName())
		}
		names[b.GetName()] = true
	}
	return nil
}
