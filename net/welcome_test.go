package transport_test

import (
	"math"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// TestWelcomeCarriesRegistryAndRules: every Welcome lists the block
// registry (resources/chunk's unless the configuration gives one) and the
// movement and action rules of Config.World.Rules in its limits.
func TestWelcomeCarriesRegistryAndRules(t *testing.T) {
	rules := transport.Rules{
		WalkSpeed: 4.317, SprintSpeed: 5.612, FlySpeed: 21.6, RiseSpeed: 10, FallSpeed: 78.4,
		SpeedTolerance: 1.25, MoveSlack: 0.05, AllowFlight: true,
		PlayerWidth: 0.6, PlayerHeight: 1.8, EyeHeight: 1.62, Reach: 6,
		ActionRate: 20, ActionBurst: 20, InputBankTicks: 20, InputClockSlack: 3,
	}
	h := newHarness(t, func(_ *harness, cfg *transport.Config) { cfg.World.Rules = rules })
	c := h.mustDial("alice")
	w := c.Welcome()
	reg := protocol.BlockRegistry()
	if len(w.GetBlocks()) != len(reg) {
		t.Fatalf("Welcome lists %d blocks, the registry has %d", len(w.GetBlocks()), len(reg))
	}
	for i, b := range w.GetBlocks() {
		if !proto.Equal(b, reg[i]) {
			t.Errorf("block %d: %v, want %v", i, b, reg[i])
		}
	}
	if s, ok := c.Blocks().ByName("strata:stone"); !ok || s.GetId() != 1 || !c.Blocks().FromServer() {
		t.Errorf("client registry: stone %v %v, from server %v", s, ok, c.Blocks().FromServer())
	}
	want := &protocol.ServerLimits{
		WalkSpeed: 4.317, SprintSpeed: 5.612, FlySpeed: 21.6, RiseSpeed: 10, FallSpeed: 78.4,
		SpeedTolerance: 1.25, MoveSlack: 0.05, AllowFlight: true,
		PlayerWidth: 0.6, PlayerHeight: 1.8, EyeHeight: 1.62, Reach: 6,
		ActionRate: 20, ActionBurst: 20, InputBankTicks: 20, InputClockSlack: 3,
	}
	got := proto.Clone(c.Limits()).(*protocol.ServerLimits)
	// Only the rules' fields: the caps and rates are checked elsewhere.
	got.MaxViewDistance, got.ControlFrameCap, got.ChunkFrameCap, got.MaxDatagramSize, got.TickRate = 0, 0, 0, 0, 0
	got.MaxChatLength, got.ControlRate, got.ControlBurst, got.SubscribeRate, got.ChatRate = 0, 0, 0, 0, 0
	got.SectionsPerTick, got.BytesPerTick, got.IdleTimeoutMs = 0, 0, 0
	if !proto.Equal(got, want) {
		t.Errorf("rules in the Welcome:\n got %v\nwant %v", got, want)
	}
}

// TestConfigRefusesBadWorld: rules no server could mean and a registry a
// client could not read are configuration errors, not Welcomes.
func TestConfigRefusesBadWorld(t *testing.T) {
	tests := []struct {
		name  string
		world transport.WorldInfo
		want  string
	}{
		{"NaN reach", transport.WorldInfo{Rules: transport.Rules{Reach: math.NaN()}}, "Rules.Reach"},
		{"negative speed", transport.WorldInfo{Rules: transport.Rules{SprintSpeed: -1}}, "Rules.SprintSpeed"},
		{"infinite slack", transport.WorldInfo{Rules: transport.Rules{MoveSlack: math.Inf(1)}}, "Rules.MoveSlack"},
		{"registry ids", transport.WorldInfo{Blocks: []*protocol.BlockInfo{{Id: 1, Name: "strata:stone"}}}, "entry 0 has id 1"},
		{"registry names", transport.WorldInfo{Blocks: []*protocol.BlockInfo{{Id: 0, Name: "air"}}}, "World.Blocks"},
	}
	for _, tt := range tests {
		srv, err := transport.NewSessionServer(transport.Config{World: tt.world})
		if err == nil {
			srv.Close()
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want it to name %q", tt.name, err, tt.want)
		}
	}
}
