package storage

import "encoding/json"

// PlayerRecord is what the server keeps of a player between sessions.
type PlayerRecord struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Z     float64 `json:"z"`
	Yaw   float32 `json:"yaw"`
	Pitch float32 `json:"pitch"`
	// The view distance is not kept: a returning client asks for its own.
	// Records written before carry "view_distance", which is ignored.
}

func marshalPlayer(r PlayerRecord) ([]byte, error) { return json.Marshal(r) }
