// Package uuidshard computes what the uuid_shard PostgreSQL extension computes from a UUID, bit
// for bit, without asking the database: shard keys and buckets (uuid_shard_key, uuid_bucket),
// tail-hash partitions (uuid_tail_remainder and the partition names uuid_tail_partition_ddl
// gives), the time of a v7 key (uuid_v7_time, uuid_v7_time_us), the bounds of a millisecond
// (uuid_v7_boundary, uuid_v7_boundary_last), the ULID and base32hex text forms, keys from names
// (uuid_v7_from_name), public IDs (uuid_v7_mask, uuid_v7_unmask) and v7 keys laid out as
// uuid_shard.uuidv7() lays them out (UUID7).
//
// Every function is specified in docs/algorithms.md of the uuid_shard repository and checked
// against its tests/vectors/vectors.json, which the extension's Rust core writes. The outputs
// are frozen: data has been placed by them, so they never change between releases.
//
// A UUID is a [UUID], an alias of [16]byte in the order of the text form, so a
// github.com/google/uuid UUID (type UUID [16]byte) is passed as it is, and a result is
// assigned to one as it is. Standard library only.
package uuidshard

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Version is the version of the uuid_shard extension whose functions this package computes.
const Version = "0.5.0"

// UUID is 16 bytes in the order of the text form (byte 0 is its first two hex digits), as
// PostgreSQL's uuid stores them. It is an alias of [16]byte: github.com/google/uuid's UUID and
// any other [16]byte type convert to it, and from it, without a conversion.
type UUID = [16]byte

// ErrNoRandomTail is returned by ShardKey and Bucket for a UUID that is not of version 3, 4, 5
// or 7 of the RFC 9562 variant (uuid_shard_key and uuid_bucket raise SQLSTATE 22023).
var ErrNoRandomTail = errors.New("expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)")

// Parse reads the text form of a UUID: 8-4-4-4-12 hex digits, either case.
func Parse(s string) (UUID, error) {
	var u UUID
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, errNotUUID(s)
	}
	for i, j := range textOffsets {
		hi, lo := hexValue[s[j]], hexValue[s[j+1]]
		if hi|lo > 0x0f {
			return UUID{}, errNotUUID(s)
		}
		u[i] = hi<<4 | lo
	}
	return u, nil
}

func errNotUUID(s string) error { return fmt.Errorf("not a UUID: %q", s) }

// textOffsets are where the 16 bytes' hex digits start in the text form.
var textOffsets = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// hexValue is the value of each hex digit, either case, and 0xff for any other byte.
var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
	}
	for i, c := range "ABCDEF" {
		t[c] = byte(10 + i)
	}
	return t
}()

// Format returns the text form of u: 8-4-4-4-12 lower-case hex digits, as PostgreSQL prints it.
func Format(u UUID) string {
	var b [36]byte
	hex.Encode(b[0:8], u[0:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:36], u[10:16])
	return string(b[:])
}

// bucketKey returns bytes 8..16 as a big-endian unsigned 64-bit integer, the two variant bits cleared.
func bucketKey(u UUID) uint64 {
	return binary.BigEndian.Uint64(u[8:]) & 0x3FFF_FFFF_FFFF_FFFF
}

// HasRandomTail reports whether ShardKey and Bucket accept u: RFC 9562 variant (byte 8 =
// 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
func HasRandomTail(u UUID) bool {
	v := u[6] >> 4
	return u[8]>>6 == 0b10 && (v == 3 || v == 4 || v == 5 || v == 7)
}

// ShardKey returns the first length (1..15) hex digits of u read backwards, lower case
// (uuid_shard_key). It refuses a length outside 1..15, then a UUID without a random tail
// (ErrNoRandomTail).
func ShardKey(u UUID, length int) (string, error) {
	if length < 1 || length > 15 {
		return "", fmt.Errorf("shard key length must be between 1 and 15, got %d", length)
	}
	if !HasRandomTail(u) {
		return "", ErrNoRandomTail
	}
	const digits = "0123456789abcdef"
	var key [15]byte
	for i := 0; i < length; i++ {
		b := u[15-i/2]
		if i%2 == 0 {
			key[i] = digits[b&0x0f]
		} else {
			key[i] = digits[b>>4]
		}
	}
	return string(key[:length]), nil
}

// Bucket returns the bucket of u among n (1..2147483647), from 0 to n-1: jump consistent hash
// of bytes 8..16 (uuid_bucket). It refuses an n outside 1..2147483647, then a UUID without a
// random tail (ErrNoRandomTail).
func Bucket(u UUID, n int) (int, error) {
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
func TailHashExtended(u UUID) int64 {
	return int64(bucketKey(u) - HashCombine64Constant) // wraps mod 2^64
}

// TailRemainder returns the remainder of the hash partition holding u in a table PARTITION BY
// HASH (id uuid_tail_ops) with partitions of this modulus (1..2147483647): the bucket key mod
// modulus (uuid_tail_remainder). Defined for every UUID, of any version and variant, nil and max.
func TailRemainder(u UUID, modulus int) (int, error) {
	if modulus < 1 || int64(modulus) > 2147483647 {
		return 0, fmt.Errorf("modulus must be between 1 and 2147483647, got %d", modulus)
	}
	return int(bucketKey(u) % uint64(modulus)), nil
}

// MaxIdentifierLength is the longest table name PostgreSQL keeps, in bytes (NAMEDATALEN - 1 of
// a default build; SHOW max_identifier_length).
const MaxIdentifierLength = 63

// TailPartitionName returns the name of the partition holding u among the partitions of this
// modulus (1..2147483647) of the tail-hash table parent, as uuid_tail_partition_ddl and
// uuid_tail_split_ddl name it: parent + "_h<modulus>_<remainder>", parent cut by whole
// characters to fit MaxIdentifierLength bytes. parent is the table's name as PostgreSQL stores
// it (pg_class.relname: no schema, no quotes, UTF-8; for a time x tail table, the time
// partition's name), and so is the result: quote it (pgx.Identifier, %I) to put it in SQL.
func TailPartitionName(parent string, u UUID, modulus int) (string, error) {
	r, err := TailRemainder(u, modulus)
	if err != nil {
		return "", err
	}
	if parent == "" || !utf8.ValidString(parent) || strings.IndexByte(parent, 0) >= 0 {
		return "", fmt.Errorf("not a table name: %q", parent)
	}
	suffix := fmt.Sprintf("_h%d_%d", modulus, r)
	for len(parent) > MaxIdentifierLength-len(suffix) {
		_, size := utf8.DecodeLastRuneInString(parent)
		parent = parent[:len(parent)-size]
	}
	return parent + suffix, nil
}

// UnixMs returns the Unix millisecond timestamp of a version 7 UUID of the RFC 9562 variant
// (uuid_v7_time); ok is false for any other UUID.
func UnixMs(u UUID) (ms uint64, ok bool) {
	if u[8]>>6 != 0b10 || u[6]>>4 != 7 {
		return 0, false
	}
	return uint64(u[0])<<40 | uint64(u[1])<<32 | uint64(u[2])<<24 | uint64(u[3])<<16 | uint64(u[4])<<8 | uint64(u[5]), true
}

// ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names --------------
// Times are int64 Unix microseconds (unixUs): from a time.Time, t.UnixMicro() (integer
// arithmetic, never float milliseconds, which round wrongly at millisecond edges); or pass the
// time.Time to the functions whose names end in Time.

const (
	base32hex = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
	crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
)

// MaxUnixUs is the last microsecond a v7 key can hold: (2^48 - 1) ms + 999 us, in year 10889.
const MaxUnixUs = ((1<<48)-1)*1000 + 999

// ErrTimeRange is returned for a time before 1970-01-01 00:00:00 UTC or after MaxUnixUs
// (the extension raises SQLSTATE 22008 with this message).
var ErrTimeRange = errors.New("timestamp out of range for UUID version 7")

// ErrText is returned by FromUlid and FromBase32hex for a text that is not one (the extension
// raises SQLSTATE 22P02).
var ErrText = errors.New("invalid text for a UUID")

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

// ToUlid returns the ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then
// 128), as uuid_to_ulid does.
func ToUlid(u UUID) string {
	hi, lo := binary.BigEndian.Uint64(u[:8]), binary.BigEndian.Uint64(u[8:])
	var out [26]byte
	for i := 0; i < 26; i++ {
		out[i] = crockford[bits5(hi, lo, uint(125-5*i))]
	}
	return string(out[:])
}

// ToBase32hex returns RFC 4648 base32hex of the 16 bytes, upper case, "=" padded, as
// uuid_to_base32hex does.
func ToBase32hex(u UUID) string {
	hi, lo := binary.BigEndian.Uint64(u[:8]), binary.BigEndian.Uint64(u[8:])
	out := [32]byte{26: '=', 27: '=', 28: '=', 29: '=', 30: '=', 31: '='}
	for i := 0; i < 25; i++ {
		out[i] = base32hex[bits5(hi, lo, uint(123-5*i))]
	}
	out[25] = base32hex[(lo&7)<<2] // three bits and two zero bits
	return string(out[:])
}

// readDigits reads the first 26 characters of s as digits of alphabet, either case.
func readDigits(s, alphabet string) ([26]uint64, bool) {
	var d [26]uint64
	if len(s) < 26 {
		return d, false
	}
	for i := 0; i < 26; i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		x := strings.IndexByte(alphabet, c)
		if x < 0 {
			return d, false
		}
		d[i] = uint64(x)
	}
	return d, true
}

// shiftIn returns (hi:lo << n) | x for the 128-bit number hi:lo.
func shiftIn(hi, lo uint64, n uint, x uint64) (uint64, uint64) {
	return hi<<n | lo>>(64-n), lo<<n | x
}

// FromUlid returns the UUID of a ULID text (26 Crockford base32 digits, either case, the first
// at most 7), as uuid_from_ulid does; anything else is ErrText (wrapped).
func FromUlid(s string) (UUID, error) {
	d, ok := readDigits(s, crockford)
	if !ok || len(s) != 26 || d[0] > 7 {
		return UUID{}, fmt.Errorf("%w: not a ULID: %q", ErrText, s)
	}
	var hi, lo uint64
	for _, x := range d {
		hi, lo = shiftIn(hi, lo, 5, x)
	}
	return fromHalves(hi, lo), nil
}

// FromBase32hex returns the UUID of a base32hex text (either case, with its six "=" or
// without), as uuid_from_base32hex does; anything else is ErrText (wrapped).
func FromBase32hex(s string) (UUID, error) {
	d, ok := readDigits(s, base32hex)
	if !ok || !(len(s) == 26 || (len(s) == 32 && s[26:] == "======")) || d[25]&3 != 0 {
		return UUID{}, fmt.Errorf("%w: not base32hex of 16 bytes: %q", ErrText, s)
	}
	var hi, lo uint64
	for _, x := range d[:25] {
		hi, lo = shiftIn(hi, lo, 5, x)
	}
	hi, lo = shiftIn(hi, lo, 3, d[25]>>2)
	return fromHalves(hi, lo), nil
}

func v7Head(unixUs int64, fraction int64) (uint64, error) {
	if unixUs < 0 || unixUs > MaxUnixUs {
		return 0, ErrTimeRange
	}
	if fraction < 0 {
		fraction = unixUs % 1000 * 4096 / 1000
	}
	return uint64(unixUs/1000)<<16 | 0x7000 | uint64(fraction), nil
}

func fromHalves(hi, lo uint64) UUID {
	var u UUID
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u
}

// Boundary returns the smallest v7 UUID of the millisecond holding unixUs (uuid_v7_boundary):
// id >= Boundary(t1) AND id < Boundary(t2) selects the keys of [t1, t2) to the millisecond.
func Boundary(unixUs int64) (UUID, error) {
	h, err := v7Head(unixUs, 0)
	if err != nil {
		return UUID{}, err
	}
	return fromHalves(h, 0x8000_0000_0000_0000), nil
}

// BoundaryLast returns the largest v7 UUID of the millisecond holding unixUs: the inclusive
// upper bound (uuid_v7_boundary_last).
func BoundaryLast(unixUs int64) (UUID, error) {
	h, err := v7Head(unixUs, 0xFFF)
	if err != nil {
		return UUID{}, err
	}
	return fromHalves(h, 0xBFFF_FFFF_FFFF_FFFF), nil
}

// unixMicro returns t as Unix microseconds (its nanoseconds dropped, as PostgreSQL's
// timestamptz holds microseconds), or ErrTimeRange outside the v7 range.
func unixMicro(t time.Time) (int64, error) {
	if s := t.Unix(); s < 0 || s > MaxUnixUs/1_000_000 {
		return 0, ErrTimeRange // before UnixMicro, which overflows about 292,000 years out
	}
	if us := t.UnixMicro(); us <= MaxUnixUs {
		return us, nil
	}
	return 0, ErrTimeRange
}

// BoundaryTime is Boundary of t's microsecond.
func BoundaryTime(t time.Time) (UUID, error) {
	us, err := unixMicro(t)
	if err != nil {
		return UUID{}, err
	}
	return Boundary(us)
}

// BoundaryLastTime is BoundaryLast of t's microsecond.
func BoundaryLastTime(t time.Time) (UUID, error) {
	us, err := unixMicro(t)
	if err != nil {
		return UUID{}, err
	}
	return BoundaryLast(us)
}

// V7Head returns bytes 0..7 of a v7 UUID for unixUs: milliseconds, version, 12-bit fraction
// (the head of uuid_v7_at and uuid_v7_from_name).
func V7Head(unixUs int64) (uint64, error) {
	return v7Head(unixUs, -1)
}

// UnixUs returns the time of a version 7 UUID in Unix microseconds (uuid_v7_time_us): its
// milliseconds plus min(999, ceil(fraction * 1000 / 4096)); ok is false for any other UUID.
func UnixUs(u UUID) (us int64, ok bool) {
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

// Time returns the time of a version 7 UUID to the microsecond, in UTC (uuid_v7_time_us; its
// Truncate(time.Millisecond) is uuid_v7_time); ok is false for any other UUID.
func Time(u UUID) (t time.Time, ok bool) {
	us, ok := UnixUs(u)
	if !ok {
		return time.Time{}, false
	}
	return time.UnixMicro(us).UTC(), true
}

// FromName returns the v7 UUID of a time and a name (uuid_v7_from_name): the head of
// V7Head(unixUs), the tail from SHA-256("uuid_shard v7 from name\x00" + name), variant bits set.
// The name is hashed as its bytes: UTF-8, as the extension hashes it.
func FromName(unixUs int64, name string) (UUID, error) {
	h, err := V7Head(unixUs)
	if err != nil {
		return UUID{}, err
	}
	sum := sha256.Sum256(append([]byte("uuid_shard v7 from name\x00"), name...))
	tail := binary.BigEndian.Uint64(sum[:8])&0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
	return fromHalves(h, tail), nil
}

// FromNameTime is FromName of t's microsecond.
func FromNameTime(t time.Time, name string) (UUID, error) {
	us, err := unixMicro(t)
	if err != nil {
		return UUID{}, err
	}
	return FromName(us, name)
}
