// Package uuidshard computes the shard keys and buckets of the uuid_shard PostgreSQL extension,
// bit for bit (standard library only; Go 1.13+). Specified in docs/algorithms.md and checked
// against tests/vectors/vectors.json by uuid_shard_test.go. Paste freely into application
// code. A UUID is a [16]byte, so github.com/google/uuid's UUID can be passed as it is.
package uuidshard

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
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

// bucketKey returns bytes 8..16 as a big-endian unsigned 64-bit integer, the two variant bits cleared.
func bucketKey(u [16]byte) uint64 {
	return binary.BigEndian.Uint64(u[8:]) & 0x3FFF_FFFF_FFFF_FFFF
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
	key := bucketKey(u)
	b, j := int64(-1), int64(0)
	for j < int64(n) {
		b = j
		key = key*2862933555777941757 + 1 // wraps mod 2^64
		// IEEE double, in exactly this order, truncated toward zero.
		j = int64(float64(b+1) * (float64(1<<31) / float64((key>>33)+1)))
	}
	return int(b), nil
}

// HashCombine64Constant is what PostgreSQL's hash_combine64(0, h) adds to a one-column
// partition key's hash.
const HashCombine64Constant = 0x49A0_F4DD_15E5_A8E3

// TailHashExtended returns the hash PostgreSQL's hash partitioning gets from the operator class
// uuid_tail_ops for u (support function 2, seed ignored): the bucket key minus
// HashCombine64Constant, so the row hash is the bucket key itself. Defined for every UUID;
// always negative, as the bucket key is below 2^62.
func TailHashExtended(u [16]byte) int64 {
	return int64(bucketKey(u) - HashCombine64Constant) // wraps mod 2^64
}

// TailRemainder returns the remainder of the hash partition holding u in a table PARTITION BY
// HASH (id uuid_tail_ops) with partitions of this modulus (1..2147483647): the bucket key mod
// modulus. Defined for every UUID, of any version and variant, nil and max.
func TailRemainder(u [16]byte, modulus int) (int, error) {
	if modulus < 1 || int64(modulus) > 2147483647 {
		return 0, fmt.Errorf("modulus must be between 1 and 2147483647, got %d", modulus)
	}
	return int(bucketKey(u) % uint64(modulus)), nil
}

// UnixMs returns the Unix millisecond timestamp of a version 7 UUID; ok is false for any
// other UUID.
func UnixMs(u [16]byte) (ms uint64, ok bool) {
	if u[8]>>6 != 0b10 || u[6]>>4 != 7 {
		return 0, false
	}
	return uint64(u[0])<<40 | uint64(u[1])<<32 | uint64(u[2])<<24 | uint64(u[3])<<16 | uint64(u[4])<<8 | uint64(u[5]), true
}

// ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names --------------
// Times are int64 Unix microseconds (unixUs): from a time.Time, t.UnixMicro() (Go 1.17+; integer
// arithmetic, never float milliseconds, which round wrongly at millisecond edges).

const (
	base32hex = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
	crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	maxUnixUs = ((1<<48)-1)*1000 + 999
)

// ErrTimeRange: a time before 1970-01-01 or after 2^48-1 ms.
var ErrTimeRange = errors.New("timestamp out of range for UUID version 7")

// bits5 returns bits shift..shift+4 of the 128-bit number hi:lo.
func bits5(hi, lo uint64, shift uint) uint64 {
	switch {
	case shift >= 64:
		return hi >> (shift - 64) & 31
	case shift == 0:
		return lo & 31
	default:
		return (lo>>shift | hi<<(64-shift)) & 31
	}
}

// ToUlid returns the ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then 128).
func ToUlid(u [16]byte) string {
	hi, lo := binary.BigEndian.Uint64(u[:8]), binary.BigEndian.Uint64(u[8:])
	out := make([]byte, 26)
	for i := 0; i < 26; i++ {
		out[i] = crockford[bits5(hi, lo, uint(125-5*i))]
	}
	return string(out)
}

// ToBase32hex returns RFC 4648 base32hex of the 16 bytes, upper case, "=" padded.
func ToBase32hex(u [16]byte) string {
	hi, lo := binary.BigEndian.Uint64(u[:8]), binary.BigEndian.Uint64(u[8:])
	out := make([]byte, 26, 32)
	for i := 0; i < 25; i++ {
		out[i] = base32hex[bits5(hi, lo, uint(123-5*i))]
	}
	out[25] = base32hex[(lo&7)<<2] // three bits and two zero bits
	return string(out) + "======"
}

// readDigits reads the first 26 characters of s as digits of alphabet, either case.
func readDigits(s, alphabet string) ([]uint64, bool) {
	if len(s) < 26 {
		return nil, false
	}
	d := make([]uint64, 26)
	for i := 0; i < 26; i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		x := strings.IndexByte(alphabet, c)
		if x < 0 {
			return nil, false
		}
		d[i] = uint64(x)
	}
	return d, true
}

// shiftIn returns (hi:lo << n) | x for the 128-bit number hi:lo.
func shiftIn(hi, lo uint64, n uint, x uint64) (uint64, uint64) {
	return hi<<n | lo>>(64-n), lo<<n | x
}

// FromUlid returns the UUID of a ULID text (either case).
func FromUlid(s string) ([16]byte, error) {
	var u [16]byte
	d, ok := readDigits(s, crockford)
	if !ok || len(s) != 26 || d[0] > 7 {
		return u, errors.New("invalid ULID text")
	}
	var hi, lo uint64
	for _, x := range d {
		hi, lo = shiftIn(hi, lo, 5, x)
	}
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u, nil
}

// FromBase32hex returns the UUID of a base32hex text (either case, with its six "=" or without).
func FromBase32hex(s string) ([16]byte, error) {
	var u [16]byte
	d, ok := readDigits(s, base32hex)
	if !ok || !(len(s) == 26 || (len(s) == 32 && s[26:] == "======")) || d[25]&3 != 0 {
		return u, errors.New("invalid base32hex text")
	}
	var hi, lo uint64
	for _, x := range d[:25] {
		hi, lo = shiftIn(hi, lo, 5, x)
	}
	hi, lo = shiftIn(hi, lo, 3, d[25]>>2)
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u, nil
}

func v7Head(unixUs int64, fraction int64) (uint64, error) {
	if unixUs < 0 || unixUs > maxUnixUs {
		return 0, ErrTimeRange
	}
	if fraction < 0 {
		fraction = unixUs % 1000 * 4096 / 1000
	}
	return uint64(unixUs/1000)<<16 | 0x7000 | uint64(fraction), nil
}

func fromHalves(hi, lo uint64) [16]byte {
	var u [16]byte
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u
}

// Boundary returns the smallest v7 UUID of the millisecond holding unixUs.
func Boundary(unixUs int64) ([16]byte, error) {
	h, err := v7Head(unixUs, 0)
	return fromHalves(h, 0x8000_0000_0000_0000), err
}

// BoundaryLast returns the largest v7 UUID of the millisecond holding unixUs: the inclusive upper bound.
func BoundaryLast(unixUs int64) ([16]byte, error) {
	h, err := v7Head(unixUs, 0xFFF)
	return fromHalves(h, 0xBFFF_FFFF_FFFF_FFFF), err
}

// V7Head returns bytes 0..7 of a v7 UUID for unixUs: milliseconds, version, 12-bit fraction.
func V7Head(unixUs int64) (uint64, error) {
	return v7Head(unixUs, -1)
}

// UnixUs returns the time of a version 7 UUID in Unix microseconds; ok is false for any other UUID.
func UnixUs(u [16]byte) (us int64, ok bool) {
	ms, ok := UnixMs(u)
	if !ok {
		return 0, false
	}
	frac := int64(u[6]&0x0F)<<8 | int64(u[7])
	sub := (frac*1000 + 4095) / 4096
	if sub > 999 {
		sub = 999
	}
	return int64(ms)*1000 + sub, true
}

// FromName returns the v7 UUID of a time and a name: the head of V7Head(unixUs), the tail from
// SHA-256("uuid_shard v7 from name\x00" + name), variant bits set.
func FromName(unixUs int64, name string) ([16]byte, error) {
	h, err := V7Head(unixUs)
	if err != nil {
		return [16]byte{}, err
	}
	sum := sha256.Sum256(append([]byte("uuid_shard v7 from name\x00"), name...))
	tail := binary.BigEndian.Uint64(sum[:8])&0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
	return fromHalves(h, tail), nil
}
