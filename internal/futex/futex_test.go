package futex

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestWaitWake: a waiter sleeps until the word changes and it is woken,
// and Wait on a word that already changed returns at once.
func TestWaitWake(t *testing.T) {
	if !Supported {
		t.Skip("no futex here")
	}
	var word uint32
	woke := make(chan struct{})
	go func() {
		for atomic.LoadUint32(&word) == 0 {
			Wait(&word, 0)
		}
		close(woke)
	}()
	select {
	case <-woke:
		t.Fatal("woke before the word changed")
	case <-time.After(20 * time.Millisecond):
	}
	atomic.StoreUint32(&word, 1)
	Wake(&word, 1)
	select {
	case <-woke:
	case <-time.After(5 * time.Second):
		t.Fatal("not woken")
	}
	Wait(&word, 0) // the word is 1: returns at once
}
