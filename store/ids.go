package store

import (
	"crypto/rand"
	"encoding/binary"
	"sync"

	"github.com/bwmarrin/snowflake"

	"github.com/stgy/stgypub"
)

var (
	idOnce sync.Once
	idNode *snowflake.Node
)

// NewID mints a Snowflake-style ID: milliseconds since the Unix epoch above a
// 20-bit part made of an 8-bit node chosen at random per process and a 12-bit
// sequence (docs/ARCHITECTURE.md "Identifiers and time").
func NewID() stgypub.ID {
	idOnce.Do(func() {
		snowflake.Epoch = 0
		snowflake.NodeBits = 8
		snowflake.StepBits = 12
		var b [2]byte
		_, _ = rand.Read(b[:])
		n, err := snowflake.NewNode(int64(binary.BigEndian.Uint16(b[:]) & 0xFF))
		if err != nil {
			panic(err) // unreachable: node is within 8 bits
		}
		idNode = n
	})
	return stgypub.ID(idNode.Generate().Int64())
}
