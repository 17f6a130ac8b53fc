package scenario

import (
	"sync"
	"sync/atomic"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// Client is a connected player: the real client connection, and a record
// of what it received, kept by its Handlers. The record only grows; tests
// compare lengths before and after an action to see what it caused. Every
// method is safe to call while the client's readers run.
type Client struct {
	// Conn is the client connection (client.Open, or client.Dial with
	// OverQUIC); use it to act: Break, Place, SendPlugin, Subscribe...
	*client.Conn

	name string
	conn atomic.Pointer[client.Conn] // Conn, for the handlers

	mu      sync.Mutex
	control []*protocol.ServerMessage
	plugins []*protocol.PluginMessage
	states  []*protocol.PlayerState
	drops   []Drop
}

// Drop is one section the server told the client to forget (a Drop, or
// one position of a batched Drops), with the number of sections the
// client held once it was reported. The client reports every position of
// a Drops after removing the whole batch and a Drop frame removes one
// section, so the positions of one frame share Held and consecutive
// frames do not (DropFrames).
type Drop struct {
	Pos  chunk.Pos
	Held int
}

func newClient(name string) *Client { return &Client{name: name} }

// attach sets the connection once the handshake is done.
func (c *Client) attach(conn *client.Conn) {
	c.Conn = conn
	c.conn.Store(conn)
}

// wrap returns handlers that record and then call h's.
func (c *Client) wrap(h client.Handlers) client.Handlers {
	out := h
	out.OnControl = func(m *protocol.ServerMessage) {
		c.mu.Lock()
		c.control = append(c.control, m)
		c.mu.Unlock()
		if h.OnControl != nil {
			h.OnControl(m)
		}
	}
	out.OnPlugin = func(m *protocol.PluginMessage) {
		c.mu.Lock()
		c.plugins = append(c.plugins, m)
		c.mu.Unlock()
		if h.OnPlugin != nil {
			h.OnPlugin(m)
		}
	}
	out.OnPlayerState = func(ps *protocol.PlayerState) {
		c.mu.Lock()
		c.states = append(c.states, ps)
		c.mu.Unlock()
		if h.OnPlayerState != nil {
			h.OnPlayerState(ps)
		}
	}
	out.OnDrop = func(p chunk.Pos) {
		held := -1
		if conn := c.conn.Load(); conn != nil {
			held = conn.Stats().Sections
		}
		c.mu.Lock()
		c.drops = append(c.drops, Drop{Pos: p, Held: held})
		c.mu.Unlock()
		if h.OnDrop != nil {
			h.OnDrop(p)
		}
	}
	return out
}

// Name returns the player's name.
func (c *Client) Name() string { return c.name }

// Gone reports whether the connection has ended (see Conn.Err for why).
func (c *Client) Gone() bool {
	select {
	case <-c.Done():
		return true
	default:
		return false
	}
}

// Control returns every control message received after the Welcome, in
// order (plugin messages included, as OnControl sees them).
func (c *Client) Control() []*protocol.ServerMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*protocol.ServerMessage(nil), c.control...)
}

// controlOf returns the non-nil results of get over the control messages.
func controlOf[T any](c *Client, get func(*protocol.ServerMessage) *T) []*T {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*T
	for _, m := range c.control {
		if v := get(m); v != nil {
			out = append(out, v)
		}
	}
	return out
}

// Errors returns the Error messages received, fatal or not.
func (c *Client) Errors() []*protocol.Error {
	return controlOf(c, (*protocol.ServerMessage).GetError)
}

// Acks returns the ActionAcks received.
func (c *Client) Acks() []*protocol.ActionAck {
	return controlOf(c, (*protocol.ServerMessage).GetActionAck)
}

// Ack returns the ActionAck of request id, once received.
func (c *Client) Ack(id uint32) (*protocol.ActionAck, bool) {
	for _, a := range c.Acks() {
		if a.GetRequestId() == id {
			return a, true
		}
	}
	return nil, false
}

// BlockUpdates returns the BlockUpdates received.
func (c *Client) BlockUpdates() []*protocol.BlockUpdate {
	return controlOf(c, (*protocol.ServerMessage).GetBlockUpdate)
}

// BlockUpdatesAt returns the BlockUpdates received for block (x, y, z).
func (c *Client) BlockUpdatesAt(x, y, z int) []*protocol.BlockUpdate {
	var out []*protocol.BlockUpdate
	for _, u := range c.BlockUpdates() {
		if p := u.GetPos(); int(p.GetX()) == x && int(p.GetY()) == y && int(p.GetZ()) == z {
			out = append(out, u)
		}
	}
	return out
}

// EntitySpawns returns every EntitySpawn received (feature "entities"),
// in order, the spawns of each EntitySpawns message one after another.
func (c *Client) EntitySpawns() []*protocol.EntitySpawn {
	var out []*protocol.EntitySpawn
	for _, m := range controlOf(c, (*protocol.ServerMessage).GetEntitySpawns) {
		out = append(out, m.GetEntities()...)
	}
	return out
}

// EntitySpawnsOf returns the EntitySpawns received for entity id, in
// order: more than one when it left the client's interest and came back.
func (c *Client) EntitySpawnsOf(id uint64) []*protocol.EntitySpawn {
	var out []*protocol.EntitySpawn
	for _, s := range c.EntitySpawns() {
		if s.GetEntityId() == id {
			out = append(out, s)
		}
	}
	return out
}

// EntityDespawns returns every entity id an EntityDespawns named, in
// order.
func (c *Client) EntityDespawns() []uint64 {
	var out []uint64
	for _, m := range controlOf(c, (*protocol.ServerMessage).GetEntityDespawns) {
		out = append(out, m.GetEntityIds()...)
	}
	return out
}

// Despawned reports how many times an EntityDespawns named entity id.
func (c *Client) Despawned(id uint64) int {
	n := 0
	for _, d := range c.EntityDespawns() {
		if d == id {
			n++
		}
	}
	return n
}

// PlayerStatesOf returns the PlayerState datagrams received for entity id.
func (c *Client) PlayerStatesOf(id uint64) []*protocol.PlayerState {
	var out []*protocol.PlayerState
	for _, ps := range c.PlayerStates() {
		if ps.GetEntityId() == id {
			out = append(out, ps)
		}
	}
	return out
}

// Corrections returns the movement Corrections received.
func (c *Client) Corrections() []*protocol.Correction {
	return controlOf(c, (*protocol.ServerMessage).GetCorrection)
}

// Plugins returns the PluginMessages delivered to Handlers.OnPlugin, in
// order.
func (c *Client) Plugins() []*protocol.PluginMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*protocol.PluginMessage(nil), c.plugins...)
}

// PluginsOn returns the PluginMessages delivered on channel name.
func (c *Client) PluginsOn(name string) []*protocol.PluginMessage {
	var out []*protocol.PluginMessage
	for _, m := range c.Plugins() {
		if m.GetChannel() == name {
			out = append(out, m)
		}
	}
	return out
}

// PlayerStates returns the PlayerState datagrams received.
func (c *Client) PlayerStates() []*protocol.PlayerState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*protocol.PlayerState(nil), c.states...)
}

// Drops returns the sections the server made the client forget, in order.
func (c *Client) Drops() []Drop {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Drop(nil), c.drops...)
}

// DropFrames groups Drops()[from:] by the chunk-stream frame that carried
// them: consecutive positions reported with the same Held. A client
// granted batched-drops normally gets a view change's Drops in one frame;
// any other gets one frame per section.
func (c *Client) DropFrames(from int) [][]chunk.Pos {
	ds := c.Drops()
	if from > len(ds) {
		from = len(ds)
	}
	var out [][]chunk.Pos
	for i, d := range ds[from:] {
		if i == 0 || d.Held != ds[from+i-1].Held {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], d.Pos)
	}
	return out
}

// Holds reports whether the client holds section p.
func (c *Client) Holds(p chunk.Pos) bool {
	_, ok := c.Section(p)
	return ok
}

// Block returns block (x, y, z) in the client's copy of the world, and
// whether it holds (and could decode) its section.
func (c *Client) Block(x, y, z int) (chunk.Block, bool) {
	s, ok := c.Section(chunk.PosOfBlock(x, y, z))
	if !ok || s.Decoded == nil {
		return chunk.Air, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return s.Decoded.Get(lx, ly, lz), true
}
