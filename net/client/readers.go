package client

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

func (c *Conn) readControl() {
	defer c.wg.Done()
	h := &c.opts.Handlers
	for {
		payload, err := frame.ReadFrame(c.ctlR, frame.ControlCap)
		if err != nil {
			c.readerDone(err, "control stream")
			return
		}
		m, err := frame.DecodeServer(payload)
		if err != nil {
			c.readerDone(err, "control stream")
			return
		}
		c.stats.control.Add(1)
		switch k := m.Kind.(type) {
		case *protocol.ServerMessage_Pong:
			if t := k.Pong.GetTime(); t != 0 {
				c.rtt.Store(time.Now().UnixNano() - t)
			}
		case *protocol.ServerMessage_Ping:
			_ = c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Pong{Pong: &protocol.Pong{
				Nonce: k.Ping.GetNonce(), Time: k.Ping.GetTime(), ReceiverTime: time.Now().UnixMicro(),
			}}})
		case *protocol.ServerMessage_BlockUpdate:
			c.applyBlockUpdate(k.BlockUpdate)
			if h.OnBlockUpdate != nil {
				h.OnBlockUpdate(k.BlockUpdate)
			}
		case *protocol.ServerMessage_ActionAck:
			if h.OnActionAck != nil {
				h.OnActionAck(k.ActionAck)
			}
		case *protocol.ServerMessage_Correction:
			if h.OnCorrection != nil {
				h.OnCorrection(k.Correction)
			}
		case *protocol.ServerMessage_Plugin:
			c.queuePlugin(k.Plugin)
		case *protocol.ServerMessage_EntitySpawns:
			c.applySpawns(k.EntitySpawns)
			if h.OnEntitySpawns != nil {
				h.OnEntitySpawns(k.EntitySpawns)
			}
		case *protocol.ServerMessage_EntityDespawns:
			c.applyDespawns(k.EntityDespawns)
			if h.OnEntityDespawns != nil {
				h.OnEntityDespawns(k.EntityDespawns)
			}
		case *protocol.ServerMessage_Error:
			lvl := c.log.Warn()
			if k.Error.GetFatal() {
				lvl = c.log.Error()
			}
			lvl.Stringer("code", k.Error.GetCode()).Str("message", k.Error.GetMessage()).Msg("server reported an error")
		}
		if h.OnControl != nil {
			h.OnControl(m)
		}
	}
}

// maxPendingUpdates bounds BlockUpdates held for sections whose Chunk has
// not arrived yet (the server only sends updates for sections it has sent,
// so the pending set is normally tiny).
const maxPendingUpdates = 4096

// applyBlockUpdate keeps a held section current. An update for a section
// not held yet is kept until its Chunk arrives: the control stream may
// overtake the chunk stream. Updates older than the held revision are
// ignored; equal ones are applied (replaying an edit is harmless, and a
// server may give several edits of one tick the same revision).
func (c *Conn) applyBlockUpdate(u *protocol.BlockUpdate) {
	c.stats.blockUpdates.Add(1)
	p := u.GetPos()
	x, y, z := int(p.GetX()), int(p.GetY()), int(p.GetZ())
	pos := chunk.PosOfBlock(x, y, z)
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.sections[pos]
	if !ok {
		if c.pendingCount >= maxPendingUpdates {
			return
		}
		c.pending[pos] = append(c.pending[pos], u)
		c.pendingCount++
		return
	}
	applyUpdate(s, u)
}

func applyUpdate(s *Section, u *protocol.BlockUpdate) {
	if u.GetRevision() < s.Revision {
		return
	}
	if s.Decoded != nil {
		p := u.GetPos()
		lx, ly, lz := chunk.LocalOfBlock(int(p.GetX()), int(p.GetY()), int(p.GetZ()))
		s.Decoded.Set(lx, ly, lz, chunk.Block(u.GetBlock()))
	}
	s.Revision = u.GetRevision()
}

// readChunks accepts a server stream and reads it: the chunk stream, or
// with feature "lod" the LOD stream, which come in no set order and carry
// frames of the same kinds (docs/protocol.md §5.6), so one loop reads
// either. With another set, it first starts a reader for the second.
func (c *Conn) readChunks(another bool) {
	defer c.wg.Done()
	st, err := c.sess.AcceptUniStream(c.ctx)
	if err != nil {
		c.readerDone(err, "chunk stream")
		return
	}
	if another {
		c.wg.Add(1)
		go c.readChunks(false)
	}
	// This stream's own wire bytes: the LOD stream's are reported apart.
	var wire atomic.Uint64
	r := chunkSource(&countingReader{r: st, n: &wire}, c.HasFeature(protocol.FeatureDeflateChunks), &c.stats.wireBytes, &c.stats.streamBytes)
	h := &c.opts.Handlers
	for {
		payload, err := frame.ReadFrame(r, frame.ChunkCap)
		if err != nil {
			c.readerDone(err, "chunk stream")
			return
		}
		m, err := frame.DecodeChunk(payload)
		if err != nil {
			c.readerDone(err, "chunk stream")
			return
		}
		switch k := m.Kind.(type) {
		case *protocol.ChunkMessage_Chunk:
			pos := k.Chunk.GetPos().Chunk()
			c.applyChunk(pos, k.Chunk)
			c.stats.chunks.Add(1)
			c.stats.chunkBytes.Add(uint64(len(payload)))
			if h.OnChunk != nil {
				h.OnChunk(pos, k.Chunk.GetRevision(), k.Chunk.GetData())
			}
		case *protocol.ChunkMessage_Drop:
			c.applyDrops(k.Drop.GetPos().Chunk())
		case *protocol.ChunkMessage_Drops:
			// Feature batched-drops: the same as one Drop per position,
			// in the order listed.
			ps, err := k.Drops.Positions()
			if err != nil {
				c.invalidMessage(err, "chunk stream")
				return
			}
			c.applyDrops(ps...)
		case *protocol.ChunkMessage_Air:
			// Feature air-sections: the same as one Chunk per position,
			// each a section of air at revision 0, in the order listed.
			ps, err := k.Air.Positions()
			if err != nil {
				c.invalidMessage(err, "chunk stream")
				return
			}
			c.stats.chunkBytes.Add(uint64(len(payload)))
			c.applyAir(ps)
		case *protocol.ChunkMessage_Lod:
			if err := c.applyLOD(k.Lod, len(payload)); err != nil {
				c.invalidMessage(err, "chunk stream")
				return
			}
			c.stats.lodWire.Store(wire.Load()) // only the LOD stream has them
		case *protocol.ChunkMessage_LodUnload:
			if err := c.applyLODUnload(k.LodUnload); err != nil {
				c.invalidMessage(err, "chunk stream")
				return
			}
		}
	}
}

// applyAir applies an AirSections: a Chunk of air at revision 0 for each
// position, in order, each counted and reported to OnChunk as one.
func (c *Conn) applyAir(ps []chunk.Pos) {
	air := &protocol.Chunk{Data: c.airData}
	for _, pos := range ps {
		c.applyChunk(pos, air)
		c.stats.chunks.Add(1)
		if h := c.opts.Handlers.OnChunk; h != nil {
			h(pos, 0, c.airData)
		}
	}
}

// applyDrops forgets sections (a Drop, or each position of a Drops in
// order), then reports each to OnDrop as a Drop of its own.
func (c *Conn) applyDrops(ps ...chunk.Pos) {
	if len(ps) == 0 {
		return
	}
	c.mu.Lock()
	for _, pos := range ps {
		delete(c.sections, pos)
		c.pendingCount -= len(c.pending[pos])
		delete(c.pending, pos)
	}
	c.mu.Unlock()
	c.stats.drops.Add(uint64(len(ps)))
	if h := c.opts.Handlers.OnDrop; h != nil {
		for _, pos := range ps {
			h(pos)
		}
	}
}

func (c *Conn) applyChunk(pos chunk.Pos, m *protocol.Chunk) {
	s := &Section{Revision: m.GetRevision(), Data: m.GetData()}
	if c.opts.DecodeSection != nil {
		d, err := c.opts.DecodeSection(s.Data)
		if err != nil {
			if c.opts.Handlers.OnError != nil {
				c.opts.Handlers.OnError(fmt.Errorf("client: section %v revision %d: %w", pos, s.Revision, err))
			}
		} else {
			s.Decoded = &d
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.sections[pos]; ok && old.Revision > s.Revision {
		return // an older copy overtaken by updates already applied
	}
	c.sections[pos] = s
	for _, u := range c.pending[pos] {
		if u.GetRevision() > s.Revision {
			applyUpdate(s, u)
		}
	}
	c.pendingCount -= len(c.pending[pos])
	delete(c.pending, pos)
}

func (c *Conn) readDatagrams() {
	defer c.wg.Done()
	for {
		b, err := c.sess.ReceiveDatagram(c.ctx)
		if err != nil {
			return // the connection's end is recorded by the other readers
		}
		d, err := frame.DecodeDatagram(b)
		if err != nil {
			continue // datagrams are best effort; a bad one is just lost
		}
		c.stats.datagrams.Add(1)
		if b := d.GetCompactStates(); b != nil { // feature state-batches
			for _, cs := range b.GetStates() {
				c.onState(cs.PlayerState())
			}
			continue
		}
		ps := d.GetPlayerState()
		if cs := d.GetCompactState(); cs != nil {
			ps = cs.PlayerState() // feature compact-states
		}
		if ps != nil {
			c.onState(ps)
		}
	}
}

// onState applies an entity's state from a datagram and hands it to the
// OnPlayerState handler.
func (c *Conn) onState(ps *protocol.PlayerState) {
	c.applyState(ps)
	if c.opts.Handlers.OnPlayerState != nil {
		c.opts.Handlers.OnPlayerState(ps)
	}
}
