package wire

// Pooled reports whether e's bytes came from a FramePool.
func Pooled(e Encoded) bool { return e.ref != nil && e.ref.pool != nil }

// FrameClass is frameClass, for tests.
var FrameClass = frameClass
