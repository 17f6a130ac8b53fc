package chunk

// Block is a block type ID. Air is 0.
type Block uint16

// The built-in blocks. IDs are part of the wire and disk formats: append,
// never renumber.
const (
	Air Block = iota
	Stone
	Deepslate
	Dirt
	Grass
	Sand
	Sandstone
	Gravel
	Clay
	Water
	Lava
	Snow
	Ice
	Bedrock
	OakLog
	OakLeaves
	SpruceLog
	SpruceLeaves
	Cactus
	CoalOre
	IronOre
	GoldOre
	DiamondOre
	// NumBlocks is the number of registered blocks; IDs at or above it are invalid.
	NumBlocks
)

// Props describes a block type.
type Props struct {
	Name        string
	Solid       bool // collides with players
	Transparent bool // light and sight pass; neighbours' faces are drawn
	Liquid      bool
	Replaceable bool   // a placed block may replace it
	Placeable   bool   // players may place it
	Color       uint32 // 0xRRGGBB for maps and simple renderers
}

var registry = [NumBlocks]Props{
	Air:          {Name: "air", Transparent: true, Replaceable: true, Color: 0x000000},
	Stone:        {Name: "stone", Solid: true, Placeable: true, Color: 0x7f7f7f},
	Deepslate:    {Name: "deepslate", Solid: true, Placeable: true, Color: 0x4d4d52},
	Dirt:         {Name: "dirt", Solid: true, Placeable: true, Color: 0x866043},
	Grass:        {Name: "grass", Solid: true, Placeable: true, Color: 0x5d9b3a},
	Sand:         {Name: "sand", Solid: true, Placeable: true, Color: 0xdbd3a0},
	Sandstone:    {Name: "sandstone", Solid: true, Placeable: true, Color: 0xd8cb8f},
	Gravel:       {Name: "gravel", Solid: true, Placeable: true, Color: 0x857f7c},
	Clay:         {Name: "clay", Solid: true, Placeable: true, Color: 0xa0a6b3},
	Water:        {Name: "water", Transparent: true, Liquid: true, Replaceable: true, Color: 0x3f76e4},
	Lava:         {Name: "lava", Liquid: true, Color: 0xcf5b13},
	Snow:         {Name: "snow", Solid: true, Placeable: true, Color: 0xf0fbfb},
	Ice:          {Name: "ice", Solid: true, Transparent: true, Placeable: true, Color: 0x91b7fd},
	Bedrock:      {Name: "bedrock", Solid: true, Color: 0x333333},
	OakLog:       {Name: "oak_log", Solid: true, Placeable: true, Color: 0x6b5430},
	OakLeaves:    {Name: "oak_leaves", Solid: true, Transparent: true, Placeable: true, Color: 0x3b7a24},
	SpruceLog:    {Name: "spruce_log", Solid: true, Placeable: true, Color: 0x3d2813},
	SpruceLeaves: {Name: "spruce_leaves", Solid: true, Transparent: true, Placeable: true, Color: 0x2d4d2d},
	Cactus:       {Name: "cactus", Solid: true, Transparent: true, Placeable: true, Color: 0x5a8c2b},
	CoalOre:      {Name: "coal_ore", Solid: true, Placeable: true, Color: 0x505050},
	IronOre:      {Name: "iron_ore", Solid: true, Placeable: true, Color: 0x9a8a7a},
	GoldOre:      {Name: "gold_ore", Solid: true, Placeable: true, Color: 0xb5a642},
	DiamondOre:   {Name: "diamond_ore", Solid: true, Placeable: true, Color: 0x5ad5cf},
}

// Valid reports whether b is a registered block.
func (b Block) Valid() bool { return b < NumBlocks }

// Props returns b's properties; an invalid ID gets the zero Props named "invalid".
func (b Block) Props() Props {
	if !b.Valid() {
		return Props{Name: "invalid"}
	}
	return registry[b]
}

// String returns the block's name.
func (b Block) String() string { return b.Props().Name }

// Solid reports whether b collides with players.
func (b Block) Solid() bool { return b.Valid() && registry[b].Solid }

// ByName looks a block up by its registered name.
func ByName(name string) (Block, bool) {
	for i := range registry {
		if registry[i].Name == name {
			return Block(i), true
		}
	}
	return 0, false
}
