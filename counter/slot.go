package counter

import (
	"strconv"
	"sync"

	"github.com/stgy/stgypub"
)

// clusterSlots is the number of Redis Cluster hash slots.
const clusterSlots = 16384

// crc16 is Redis Cluster's key hash (CRC-16/XMODEM: polynomial 0x1021,
// initial value 0).
func crc16(s string) uint16 {
	var crc uint16
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// idSlot is the slot of every key of owner: their hash tag is the owner
// as 16 upper-case hexadecimal digits.
func idSlot(owner stgypub.ID) int {
	var b [16]byte
	return int(crc16(string(appendID(b[:0], owner))) % clusterSlots)
}

var (
	slotTagsOnce sync.Once
	slotTags     []string
)

// slotTag is a short hash tag in slot (the smallest decimal number that
// hashes there): the batch marker of a slot's views carries it, so it
// shares their slot whichever owners they belong to.
func slotTag(slot int) string {
	slotTagsOnce.Do(func() {
		slotTags = make([]string, clusterSlots)
		left := clusterSlots
		for i := 0; left > 0; i++ {
			s := strconv.Itoa(i)
			if k := crc16(s) % clusterSlots; slotTags[k] == "" {
				slotTags[k] = s
				left--
			}
		}
	})
	return slotTags[slot]
}
