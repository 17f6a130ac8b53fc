package affinity

import (
	"runtime"
	"slices"
	"testing"
)

func TestSetAndRestore(t *testing.T) {
	cpus := Allowed()
	if len(cpus) == 0 {
		t.Skip("no CPU affinity on this platform")
	}
	if !slices.IsSorted(cpus) {
		t.Fatalf("Allowed = %v, not in order", cpus)
	}
	done := make(chan error)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		last := cpus[len(cpus)-1]
		if err := Set(0, []int{last}); err != nil {
			done <- err
			return
		}
		got := Allowed()
		if err := Set(Thread(), cpus); err != nil {
			done <- err
			return
		}
		if !slices.Equal(got, []int{last}) {
			t.Errorf("bound to %v, want [%d]", got, last)
		}
		if back := Allowed(); !slices.Equal(back, cpus) {
			t.Errorf("restored to %v, want %v", back, cpus)
		}
		done <- nil
	}()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestSetRefusesNoCPU(t *testing.T) {
	if len(Allowed()) == 0 {
		t.Skip("no CPU affinity on this platform")
	}
	if err := Set(0, nil); err == nil {
		t.Fatal("an empty CPU set was accepted")
	}
}
