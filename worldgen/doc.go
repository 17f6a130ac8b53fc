// Package worldgen is Strata's deterministic terrain generator.
//
// A Generator is built once per world from (seed, version) and is then
// read-only: Generate(pos) is a pure function of the seed, the version and
// the section's absolute coordinates, safe to call from any number of
// goroutines at once. It never depends on which other sections were
// generated, or in which order.
//
// The terrain is a heightmap from OpenSimplex noise sampled on coarse
// lattices (16 and 4 blocks) and interpolated per block, carved by 3D caves
// sampled on a 4×8×4 lattice, with ores as small per-section veins and trees
// placed on a jittered grid whose shapes depend only on the root's
// coordinates, so they cross section borders without seams. See
// docs/worldgen.md for the model and the versioning rules: any change to the
// output of an existing version is a bug; new output needs a new version
// and a new golden file.
package worldgen
