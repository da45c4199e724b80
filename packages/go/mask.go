package uuidshard

// Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask), standard library only. Bit-for-bit
// the same results as the PostgreSQL extension; specified in docs/algorithms.md (section 7) and
// checked against tests/vectors/vectors.json by mask_test.go.

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
)

// MaskLabel is hashed before the tail: domain separation for the secret.
const MaskLabel = "uuid_shard mask v1"

// ErrNotV7 is returned by Mask for a UUID that is not a v7 key of the RFC 9562 variant.
var ErrNotV7 = errors.New("expected a UUID of version 7 (RFC 9562 variant) to mask")

// ErrNotV4 is returned by Unmask for a UUID that is not a public ID (version 4, RFC 9562 variant).
var ErrNotV4 = errors.New("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask")

// checkSecret is called before the UUID is looked at, as the extension does: a missing secret
// (nil, SQL NULL) or one shorter than 16 bytes is always an error.
func checkSecret(secret []byte) error {
	if secret == nil {
		return errors.New("mask secret must not be NULL")
	}
	if len(secret) < 16 {
		return fmt.Errorf("mask secret must be at least 16 bytes, got %d", len(secret))
	}
	return nil
}

// applyMask: T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
func applyMask(u UUID, secret []byte, version byte) UUID {
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

// Mask returns the public ID (version 4) of a version 7 key (uuid_v7_mask). The secret is at
// least 16 bytes; the same secret gives the same public ID for a key, and public IDs share
// their key's shard key, bucket and tail remainder. It refuses a nil or short secret, then a
// UUID that is not a v7 key (ErrNotV7).
func Mask(u UUID, secret []byte) (UUID, error) {
	if err := checkSecret(secret); err != nil {
		return UUID{}, err
	}
	if u[8]>>6 != 0b10 || u[6]>>4 != 7 {
		return UUID{}, ErrNotV7
	}
	return applyMask(u, secret, 4), nil
}

// Unmask returns the version 7 key of a public ID (version 4), as uuid_v7_unmask does. A wrong
// secret, or a v4 UUID that was never masked, gives a v7 key with a meaningless time: no error
// can tell them apart. It refuses a nil or short secret, then a UUID that is not version 4
// (ErrNotV4).
func Unmask(u UUID, secret []byte) (UUID, error) {
	if err := checkSecret(secret); err != nil {
		return UUID{}, err
	}
	if u[8]>>6 != 0b10 || u[6]>>4 != 4 {
		return UUID{}, ErrNotV4
	}
	return applyMask(u, secret, 7), nil
}
