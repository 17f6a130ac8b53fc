package gameplay

import (
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/physics"
)

// MoveIntent is one movement input of a player, emitted by ingest in
// arrival order. A system ordered before SystemMovement may Cancel it: the
// input and the player's later inputs of the tick are refused, and the
// client gets a Correction back to where the server has it.
type MoveIntent struct {
	ecs.Veto
	From  network.Sender
	Input *protocol.Input
}

// ActionIntent is one break or place request, emitted by ingest in
// arrival order. A system ordered before SystemActions may Cancel it: the
// client gets an ActionAck with ACTION_RESULT_VETOED and the reason, and
// the block as the server has it (a BlockUpdate), so that its prediction
// rolls back. Intents that survive are arbitrated by the rules (reach,
// residency, overlap...) and, when accepted, applied through Edits.
type ActionIntent struct {
	ecs.Veto
	From network.Sender
	// Name is the player's name.
	Name      string
	RequestID uint32
	// Place is set for a PlaceBlock (of Block, a raw block id from the
	// wire, not yet validated); otherwise the intent breaks the block.
	Place   bool
	Block   uint32
	X, Y, Z int
	// Remote is set on an intent another cluster shard forwarded to this
	// one, the owner of the block's region; From is then zero.
	Remote *RemoteActor
	// Handled is set by a system that answers the intent itself (a
	// cluster shard forwarding it to the owner of the block's region):
	// SystemActions then leaves it alone.
	Handled bool
}

// RemoteActor is the player behind a forwarded intent: who it is, where
// the forwarding shard had it standing, and where its answer goes.
type RemoteActor struct {
	ID   uint64
	Feet physics.Vec
	// Key names the player across the cluster ("shard/name"), for the
	// owner's rate limit of forwarded edits.
	Key string
	// Shard is the forwarding shard, and Stalled its ticks stalled
	// (ecs.App.Stalled) when it forwarded: a stall of it is credited to
	// its players' rate limits here (ActionLimits).
	Shard   string
	Stalled uint64
	// Reply receives the ActionAck (and, after a refusal, the block as
	// this shard has it). It is called once, from the tick goroutine or
	// the storage goroutine, so it must only queue.
	Reply func(ack *protocol.ActionAck, block *protocol.BlockUpdate)
}

// intents turns the inbound messages gameplay serves into its intent
// queues.
type intents struct {
	moves   *ecs.Events[MoveIntent]
	actions *ecs.Events[ActionIntent]
	names   func(e ecs.Entity) string
}

func (in *intents) input(_ *ecs.Context, from network.Sender, m *protocol.ClientMessage_Input) {
	in.moves.Emit(MoveIntent{From: from, Input: m.Input})
}

func (in *intents) breakBlock(_ *ecs.Context, from network.Sender, m *protocol.ClientMessage_BreakBlock) {
	p := m.BreakBlock.GetPos()
	in.actions.Emit(ActionIntent{From: from, Name: in.names(from.Entity), RequestID: m.BreakBlock.GetRequestId(),
		X: int(p.GetX()), Y: int(p.GetY()), Z: int(p.GetZ())})
}

func (in *intents) placeBlock(_ *ecs.Context, from network.Sender, m *protocol.ClientMessage_PlaceBlock) {
	p := m.PlaceBlock.GetPos()
	in.actions.Emit(ActionIntent{From: from, Name: in.names(from.Entity), RequestID: m.PlaceBlock.GetRequestId(),
		Place: true, Block: m.PlaceBlock.GetBlock(), X: int(p.GetX()), Y: int(p.GetY()), Z: int(p.GetZ())})
}
