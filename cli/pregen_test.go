package cli

import (
	"bytes"
	"regexp"
	"testing"
)

func runPregen(t *testing.T, args ...string) (hash string, out string) {
	t.Helper()
	cmd := newPregenCmd()
	var stdout, stderr bytes.Buffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs(args)
	if err := cmd.Execute(); err != nil {
		t.Fatalf("pregen %v: %v\n%s", args, err, stderr.String())
	}
	m := regexp.MustCompile(`(?m)^hash\s+([0-9a-f]{64})$`).FindStringSubmatch(stdout.String())
	if m == nil || !regexp.MustCompile(`(?m)^rate\s+\d+ sections/s$`).MatchString(stdout.String()) {
		t.Fatalf("output lacks rate or hash:\n%s", stdout.String())
	}
	return m[1], stdout.String()
}

func TestPregenCommand(t *testing.T) {
	a, out := runPregen(t, "--radius", "1", "--workers", "1", "--center", "20,-40", "--seed", "7")
	b, _ := runPregen(t, "--radius", "1", "--workers", "2", "--center", "31,-33", "--seed", "7") // same chunk
	if a != b {
		t.Fatalf("hash depends on workers or on the block within the centre chunk:\n%s", out)
	}
	c, _ := runPregen(t, "--radius", "1", "--workers", "2", "--center", "20,-40", "--seed", "8")
	if c == a {
		t.Fatal("hash does not depend on the seed")
	}
	cmd := newPregenCmd()
	cmd.SetArgs([]string{"--center", "nope"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if cmd.Execute() == nil {
		t.Fatal("bad --center accepted")
	}
}
