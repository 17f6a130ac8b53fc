package transport

// Released reports whether e, a frame from a FramePool, has been given
// back to its pool (and not handed out again since).
func Released(e Encoded) bool { return e.pooled != nil && !e.pooled.out.Load() }

// Pooled reports whether e's bytes came from a FramePool.
func Pooled(e Encoded) bool { return e.pooled != nil }

// FrameClass is frameClass, for tests.
var FrameClass = frameClass
