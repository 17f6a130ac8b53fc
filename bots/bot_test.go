package bots

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
)

// turnCounter is a pattern that counts corrections.
type turnCounter struct {
	still
	n int
}

func (t *turnCounter) corrected(*motion) { t.n++ }

// TestCorrectionSnaps checks that a bot restarts from the server's
// position (it does not replay the inputs that were refused) and that its
// pattern hears of it; a teleport also sets the look.
func TestCorrectionSnaps(t *testing.T) {
	pat := &turnCounter{}
	s := &sessionState{b: &bot{}, pat: pat}
	s.m.pos = vec{5, 0, 0}
	s.correct(&protocol.Correction{Position: protocol.V3(1.5, 0, 0), LastInputTick: 2})
	if s.m.pos != (vec{1.5, 0, 0}) || pat.n != 1 {
		t.Fatalf("after correction at %v, pattern told %d times", s.m.pos, pat.n)
	}
	s.correct(&protocol.Correction{Position: protocol.V3(100, 70, 100), LastInputTick: 3, Teleport: true, Yaw: 90})
	if s.m.pos != (vec{100, 70, 100}) || s.m.yaw != 90 {
		t.Fatalf("after teleport at %v, yaw %v", s.m.pos, s.m.yaw)
	}
	if s.b.res.corrections != 2 {
		t.Errorf("%d corrections counted", s.b.res.corrections)
	}
}

// TestHeldAndErrors checks that Held…Released is timed and a server Error
// counts as an error.
func TestHeldAndErrors(t *testing.T) {
	s := &sessionState{b: &bot{}, pat: still{}, ev: &events{}}
	t0 := time.Unix(100, 0)
	s.ev.control(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Held{Held: &protocol.Held{}}})
	s.apply(t0)
	if !s.held {
		t.Fatal("not held after Held")
	}
	s.ev.control(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Released{Released: &protocol.Released{}}})
	s.ev.control(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Message: "no"}}})
	s.ev.control(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Pong{Pong: &protocol.Pong{}}})
	s.apply(t0.Add(1500 * time.Millisecond))
	if s.held || s.b.res.held != 1500*time.Millisecond {
		t.Errorf("held %v for %v, want released after 1.5s", s.held, s.b.res.held)
	}
	if s.b.res.errors != 1 || !strings.Contains(s.b.res.messages[0], "no") {
		t.Errorf("errors %d %v", s.b.res.errors, s.b.res.messages)
	}
}

// TestFeatures: bots ask for predicted-states unless NoPredictedStates,
// as for state-batches.
func TestFeatures(t *testing.T) {
	for _, c := range []struct {
		cfg       Config
		predicted bool
		batches   bool
	}{
		{Config{}, true, true},
		{Config{NoPredictedStates: true}, false, true},
		{Config{NoStateBatches: true}, true, false},
	} {
		fs := (&bot{r: &runner{cfg: c.cfg}}).features()
		if got := slices.Contains(fs, protocol.FeaturePredictedStates); got != c.predicted {
			t.Errorf("%+v: predicted-states asked %v, want %v (%v)", c.cfg, got, c.predicted, fs)
		}
		if got := slices.Contains(fs, protocol.FeatureStateBatches); got != c.batches {
			t.Errorf("%+v: state-batches asked %v, want %v (%v)", c.cfg, got, c.batches, fs)
		}
	}
}

func TestRejectHint(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		hint bool
	}{
		{"names rate-limited", fmt.Errorf("dial: %w", &client.RejectError{Code: protocol.ErrorCode_ERROR_CODE_RATE_LIMITED, Reason: "too many new player names"}), true},
		{"server full", &client.RejectError{Code: protocol.ErrorCode_ERROR_CODE_SERVER_FULL}, false},
		{"not a rejection", errors.New("dial: timeout"), false},
	} {
		if got := rejectHint(c.err); (got != "") != c.hint || c.hint && !strings.Contains(got, "--name-bind-burst") {
			t.Errorf("%s: hint %q", c.name, got)
		}
	}
}
