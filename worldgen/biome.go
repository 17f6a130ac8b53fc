package worldgen

// Biome classifies a column for its surface blocks and its trees.
type Biome uint8

// The biomes. Their numbering is not part of any format.
const (
	Ocean Biome = iota
	Beach
	River
	Plains
	Forest
	Desert
	Snowy
	Mountains
	numBiomes
)

var biomeNames = [numBiomes]string{
	Ocean: "ocean", Beach: "beach", River: "river", Plains: "plains",
	Forest: "forest", Desert: "desert", Snowy: "snowy", Mountains: "mountains",
}

// String returns the biome's name.
func (b Biome) String() string {
	if b >= numBiomes {
		return "unknown"
	}
	return biomeNames[b]
}
