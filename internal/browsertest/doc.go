// Package browsertest drives a headless Chromium for the browser tests:
// it finds the binary, launches it in a process group of its own with the
// flags a test asks for, keeps its log, and speaks the DevTools protocol
// over --remote-debugging-pipe (no WebSocket library, no virtual time).
//
// It is test support: only _test.go files import it, and it may call
// testing.TB methods (Fatal, Errorf, TempDir, Cleanup) of the test it is
// handed.
package browsertest
