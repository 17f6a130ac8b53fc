package client

import (
	"fmt"
	"strings"

	"github.com/stratavox/strata/net/protocol"
)

// Blocks is the server's block registry, from Welcome.blocks: every block
// id the server sends or accepts, with its name and properties
// (docs/protocol.md §9.7). A server older than the field sends none; the
// registry is then the one built into this module (protocol.BlockRegistry),
// and FromServer reports false. Read-only and safe for concurrent use.
type Blocks struct {
	list       []*protocol.BlockInfo // entry i is id i
	byName     map[string]*protocol.BlockInfo
	fromServer bool
}

// NewBlocks indexes a registry as a Welcome lists it; nil or empty means
// the built-in one. A registry whose entry i is not id i, or with a
// repeated or malformed name, is refused (protocol.CheckBlockRegistry):
// blocks could not be told apart.
func NewBlocks(list []*protocol.BlockInfo) (*Blocks, error) {
	b := &Blocks{fromServer: len(list) > 0}
	if !b.fromServer {
		list = protocol.BlockRegistry()
	}
	if err := protocol.CheckBlockRegistry(list); err != nil {
		return nil, fmt.Errorf("client: Welcome: %w", err)
	}
	b.list = list
	b.byName = make(map[string]*protocol.BlockInfo, len(list))
	for _, info := range list {
		b.byName[info.GetName()] = info
	}
	return b, nil
}

// FromServer reports whether the server sent the registry (rather than
// the built-in one standing in for it).
func (b *Blocks) FromServer() bool { return b.fromServer }

// Len is the number of blocks.
func (b *Blocks) Len() int { return len(b.list) }

// List returns the blocks in id order. Read-only.
func (b *Blocks) List() []*protocol.BlockInfo { return b.list }

// ByID returns block id's description; false for an id the server did not
// list (a section holding one is malformed).
func (b *Blocks) ByID(id uint32) (*protocol.BlockInfo, bool) {
	if id >= uint32(len(b.list)) {
		return nil, false
	}
	return b.list[id], true
}

// ByName returns the block of a namespaced name ("strata:stone"); a name
// without a namespace ("stone") is looked up in the built-in one.
func (b *Blocks) ByName(name string) (*protocol.BlockInfo, bool) {
	if !strings.Contains(name, ":") {
		name = protocol.BlockName(name)
	}
	info, ok := b.byName[name]
	return info, ok
}
