package uuidshard

// Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in Go, standard library only.
// Bit-for-bit the same results as the PostgreSQL extension; specified in docs/algorithms.md
// (section 7) and checked against tests/vectors/vectors.json by mask_test.go. Paste freely
// into application code; a UUID is a [16]byte (so github.com/google/uuid's UUID fits).

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
)

// MaskLabel is hashed before the tail: domain separation for the secret.
const MaskLabel = "uuid_shard mask v1"

var (
	ErrNotV7 = errors.New("expected a UUID of version 7 (RFC 9562 variant) to mask")
	ErrNotV4 = errors.New("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask")
)

// Checked before the UUID, as the extension does: a missing secret is always an error.
func checkSecret(secret []byte) error {
	if secret == nil {
		return errors.New("mask secret must not be NULL")
	}
	if len(secret) < 16 {
		return fmt.Errorf("mask secret must be at least 16 bytes, got %d", len(secret))
	}
	return nil
}

// T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
func applyMask(u [16]byte, secret []byte, version byte) [16]byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(MaskLabel))
	m.Write(u[8:])
	t := m.Sum(nil)
	for i := 0; i < 8; i++ {
		u[i] ^= t[i]
	}
	u[6] = version<<4 | u[6]&0x0F
	return u
}

// Mask returns the public ID (version 4) of a version 7 key.
func Mask(u [16]byte, secret []byte) ([16]byte, error) {
	if err := checkSecret(secret); err != nil {
		return [16]byte{}, err
	}
	if u[8]>>6 != 0b10 || u[6]>>4 != 7 {
		return [16]byte{}, ErrNotV7
	}
	return applyMask(u, secret, 4), nil
}

// Unmask returns the version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID
// that was never masked, gives a v7 key with a meaningless time: no error can tell them apart.
func Unmask(u [16]byte, secret []byte) ([16]byte, error) {
	if err := checkSecret(secret); err != nil {
		return [16]byte{}, err
	}
	if u[8]>>6 != 0b10 || u[6]>>4 != 4 {
		return [16]byte{}, ErrNotV4
	}
	return applyMask(u, secret, 7), nil
}
