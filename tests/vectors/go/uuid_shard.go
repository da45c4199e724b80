// Package uuidshard computes the shard keys and buckets of the uuid_shard PostgreSQL extension,
// bit for bit (standard library only; Go 1.13+). Specified in docs/algorithms.md and checked
// against tests/vectors/vectors.json by uuid_shard_test.go. Paste freely into application
// code. A UUID is a [16]byte, so github.com/google/uuid's UUID can be passed as it is.
package uuidshard

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
)

// ErrNoRandomTail: shard keys and buckets need a UUID of version 3, 4, 5 or 7, RFC 9562 variant.
var ErrNoRandomTail = errors.New("expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)")

// Parse reads the text form of a UUID: 8-4-4-4-12 hex digits, any case.
func Parse(s string) ([16]byte, error) {
	var u [16]byte
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, fmt.Errorf("not a UUID: %q", s)
	}
	h := s[0:8] + s[9:13] + s[14:18] + s[19:23] + s[24:36]
	if _, err := hex.Decode(u[:], []byte(h)); err != nil {
		return u, fmt.Errorf("not a UUID: %q", s)
	}
	return u, nil
}

// HasRandomTail reports whether ShardKey and Bucket accept u: RFC 9562 variant (byte 8 =
// 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
func HasRandomTail(u [16]byte) bool {
	v := u[6] >> 4
	return u[8]>>6 == 0b10 && (v == 3 || v == 4 || v == 5 || v == 7)
}

// ShardKey returns the first length (1..15) hex digits of u read backwards, lower case.
func ShardKey(u [16]byte, length int) (string, error) {
	if length < 1 || length > 15 {
		return "", fmt.Errorf("shard key length must be between 1 and 15, got %d", length)
	}
	if !HasRandomTail(u) {
		return "", ErrNoRandomTail
	}
	const digits = "0123456789abcdef"
	key := make([]byte, length)
	for i := range key {
		b := u[15-i/2]
		if i%2 == 0 {
			key[i] = digits[b&0x0f]
		} else {
			key[i] = digits[b>>4]
		}
	}
	return string(key), nil
}

// Bucket returns the bucket of u among n (1..2147483647): jump consistent hash of bytes 8..16.
func Bucket(u [16]byte, n int) (int, error) {
	if n < 1 || int64(n) > 2147483647 {
		return 0, fmt.Errorf("bucket count must be between 1 and 2147483647, got %d", n)
	}
	if !HasRandomTail(u) {
		return 0, ErrNoRandomTail
	}
	key := binary.BigEndian.Uint64(u[8:]) & 0x3FFF_FFFF_FFFF_FFFF
	b, j := int64(-1), int64(0)
	for j < int64(n) {
		b = j
		key = key*2862933555777941757 + 1 // wraps mod 2^64
		// IEEE double, in exactly this order, truncated toward zero.
		j = int64(float64(b+1) * (float64(1<<31) / float64((key>>33)+1)))
	}
	return int(b), nil
}

// UnixMs returns the Unix millisecond timestamp of a version 7 UUID; ok is false for any
// other UUID.
func UnixMs(u [16]byte) (ms uint64, ok bool) {
	if u[8]>>6 != 0b10 || u[6]>>4 != 7 {
		return 0, false
	}
	return uint64(u[0])<<40 | uint64(u[1])<<32 | uint64(u[2])<<24 | uint64(u[3])<<16 | uint64(u[4])<<8 | uint64(u[5]), true
}
