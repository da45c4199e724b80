<?php
// Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in plain PHP (7.1+, hash_hmac from
// the core hash extension). Bit-for-bit the same results as the PostgreSQL extension; specified
// in docs/algorithms.md (section 7) and checked against tests/vectors/vectors.json by
// check_mask.php. Paste freely into application code. A UUID is given as text (8-4-4-4-12 hex
// digits, any case) or as its 16 raw bytes; the secret as a binary string of at least 16
// bytes. Results are lower-case text.

const UUID_MASK_LABEL = 'uuid_shard mask v1';

function uuid_mask_bytes(string $uuid): string
{
    if (strlen($uuid) === 16) {
        return $uuid;
    }
    if (!preg_match('/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i', $uuid)) {
        throw new InvalidArgumentException("not a UUID: $uuid");
    }
    return hex2bin(str_replace('-', '', $uuid));
}

// Checked before the UUID, as the extension does: a missing secret is always an error.
function uuid_mask_check_secret(?string $secret): void
{
    if ($secret === null) {
        throw new InvalidArgumentException('mask secret must not be NULL');
    }
    if (strlen($secret) < 16) {
        throw new InvalidArgumentException('mask secret must be at least 16 bytes, got ' . strlen($secret));
    }
}

// T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
function uuid_mask_apply(string $b, string $secret, int $version): string
{
    $t = hash_hmac('sha256', UUID_MASK_LABEL . substr($b, 8), $secret, true);
    $head = substr($b, 0, 8) ^ substr($t, 0, 8);
    $head[6] = chr(($version << 4) | (ord($head[6]) & 0x0F));
    $h = bin2hex($head . substr($b, 8));
    return substr($h, 0, 8) . '-' . substr($h, 8, 4) . '-' . substr($h, 12, 4) . '-' . substr($h, 16, 4) . '-' . substr($h, 20);
}

/** The public ID (version 4) of a version 7 key. */
function uuid_mask(string $uuid, ?string $secret): string
{
    uuid_mask_check_secret($secret);
    $b = uuid_mask_bytes($uuid);
    if (ord($b[8]) >> 6 !== 2 || ord($b[6]) >> 4 !== 7) {
        throw new InvalidArgumentException('expected a UUID of version 7 (RFC 9562 variant) to mask');
    }
    return uuid_mask_apply($b, $secret, 4);
}

/** The version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID that was never
 *  masked, gives a v7 key with a meaningless time: no error can tell them apart. */
function uuid_unmask(string $uuid, ?string $secret): string
{
    uuid_mask_check_secret($secret);
    $b = uuid_mask_bytes($uuid);
    if (ord($b[8]) >> 6 !== 2 || ord($b[6]) >> 4 !== 4) {
        throw new InvalidArgumentException('expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask');
    }
    return uuid_mask_apply($b, $secret, 7);
}
