package transport

// Released reports whether e, a frame from a FramePool, has been given
// back to its pool (and not handed out again since).
func Released(e Encoded) bool { return Pooled(e) && !e.ref.out.Load() }

// Pooled reports whether e's bytes came from a FramePool.
func Pooled(e Encoded) bool { return e.ref != nil && e.ref.pool != nil }

// FrameClass is frameClass, for tests.
var FrameClass = frameClass
