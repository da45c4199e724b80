<?php
// Shard keys and buckets of uuid_shard in plain PHP (7.1+, 64-bit, no extensions). Bit-for-bit
// the same results as the PostgreSQL extension; specified in docs/algorithms.md and checked
// against tests/vectors/vectors.json by check.php. Paste freely into application code.
// A UUID is given as text (8-4-4-4-12 hex digits, any case) or as its 16 raw bytes.

function uuid_shard_bytes(string $uuid): string
{
    if (strlen($uuid) === 16) {
        return $uuid;
    }
    if (!preg_match('/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i', $uuid)) {
        throw new InvalidArgumentException("not a UUID: $uuid");
    }
    return hex2bin(str_replace('-', '', $uuid));
}

/** True if uuid_shard_key and uuid_shard_bucket accept $uuid. */
function uuid_shard_has_random_tail(string $uuid): bool
{
    // RFC 9562 variant (byte 8 = 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
    $b = uuid_shard_bytes($uuid);
    return ord($b[8]) >> 6 === 2 && in_array(ord($b[6]) >> 4, [3, 4, 5, 7], true);
}

/** The first $length (1..15) hex digits of $uuid read backwards, lower case. */
function uuid_shard_key(string $uuid, int $length): string
{
    if ($length < 1 || $length > 15) {
        throw new InvalidArgumentException("shard key length must be between 1 and 15, got $length");
    }
    if (!uuid_shard_has_random_tail($uuid)) {
        throw new InvalidArgumentException('expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)');
    }
    return substr(strrev(bin2hex(uuid_shard_bytes($uuid))), 0, $length);
}

/** The bucket of $uuid among $n (1..2147483647): jump consistent hash of bytes 8..16. */
function uuid_shard_bucket(string $uuid, int $n): int
{
    if ($n < 1 || $n > 2147483647) {
        throw new InvalidArgumentException("bucket count must be between 1 and 2147483647, got $n");
    }
    if (!uuid_shard_has_random_tail($uuid)) {
        throw new InvalidArgumentException('expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)');
    }
    // PHP integers are signed and turn into floats on overflow, so the unsigned 64-bit key is
    // kept as four 16-bit limbs, least significant first, and multiplied limb by limb.
    $b = uuid_shard_bytes($uuid);
    $key = [
        ord($b[14]) << 8 | ord($b[15]),
        ord($b[12]) << 8 | ord($b[13]),
        ord($b[10]) << 8 | ord($b[11]),
        (ord($b[8]) & 0x3F) << 8 | ord($b[9]), // variant bits cleared
    ];
    $mul = [0xB0FD, 0x87B0, 0x2EE6, 0x27BB]; // 2862933555777941757 = 0x27BB2EE687B0B0FD
    $result = -1;
    $j = 0;
    while ($j < $n) {
        $result = $j;
        // key = key * 2862933555777941757 + 1 (mod 2^64); every sum stays below 2^35.
        $carry = 1;
        $next = [];
        for ($i = 0; $i < 4; $i++) {
            $sum = $carry;
            for ($p = 0; $p <= $i; $p++) {
                $sum += $key[$p] * $mul[$i - $p];
            }
            $next[$i] = $sum & 0xFFFF;
            $carry = $sum >> 16;
        }
        $key = $next;
        $top = $key[3] << 15 | $key[2] >> 1; // key >> 33
        // IEEE double, in exactly this order, truncated toward zero.
        $j = (int) (($result + 1) * (2147483648.0 / ($top + 1)));
    }
    return $result;
}

/** PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash. */
const UUID_SHARD_HASH_COMBINE64_CONSTANT = 0x49A0F4DD15E5A8E3;

/** Bytes 8..16 as a big-endian unsigned 64-bit integer, the two variant bits cleared (below 2^62). */
function uuid_shard_bucket_key(string $uuid): int
{
    return unpack('J', substr(uuid_shard_bytes($uuid), 8, 8))[1] & 0x3FFFFFFFFFFFFFFF;
}

/**
 * The hash PostgreSQL's hash partitioning gets from the operator class uuid_tail_ops for $uuid
 * (support function 2, seed ignored): the bucket key minus UUID_SHARD_HASH_COMBINE64_CONSTANT, so
 * the row hash is the bucket key itself. Defined for every UUID. The bucket key is below 2^62 and
 * the constant below 2^63, so the difference is a negative PHP integer, never a float.
 */
function uuid_shard_tail_hash_extended(string $uuid): int
{
    return uuid_shard_bucket_key($uuid) - UUID_SHARD_HASH_COMBINE64_CONSTANT;
}

/**
 * The remainder of the hash partition holding $uuid in a table PARTITION BY HASH (id
 * uuid_tail_ops) with partitions of this $modulus (1..2147483647): the bucket key mod $modulus.
 * Defined for every UUID, of any version and variant, nil and max.
 */
function uuid_shard_tail_remainder(string $uuid, int $modulus): int
{
    if ($modulus < 1 || $modulus > 2147483647) {
        throw new InvalidArgumentException("modulus must be between 1 and 2147483647, got $modulus");
    }
    return uuid_shard_bucket_key($uuid) % $modulus;
}

/** The Unix millisecond timestamp of a version 7 UUID, null for any other UUID. */
function uuid_shard_unix_ms(string $uuid): ?int
{
    $b = uuid_shard_bytes($uuid);
    if (ord($b[8]) >> 6 !== 2 || ord($b[6]) >> 4 !== 7) {
        return null;
    }
    return hexdec(bin2hex(substr($b, 0, 6)));
}

// ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names --------------
// Times are integer Unix microseconds ($unix_us): from a DateTimeInterface $d,
// (int) $d->format('U') * 1000000 + (int) $d->format('u') (integers, never microtime(true) or
// other float seconds, which round wrongly at millisecond edges).
// The 128 bits are handled as a string of '0' and '1' (PHP integers are signed 64-bit).

const UUID_SHARD_BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
const UUID_SHARD_CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const UUID_SHARD_MAX_UNIX_US = ((1 << 48) - 1) * 1000 + 999;

function uuid_shard_text(string $bytes): string
{
    $h = bin2hex($bytes);
    return substr($h, 0, 8) . '-' . substr($h, 8, 4) . '-' . substr($h, 12, 4) . '-' . substr($h, 16, 4) . '-' . substr($h, 20);
}

function uuid_shard_bits(string $bytes): string
{
    $bits = '';
    foreach (str_split($bytes) as $c) {
        $bits .= str_pad(decbin(ord($c)), 8, '0', STR_PAD_LEFT);
    }
    return $bits;
}

function uuid_shard_from_bits(string $bits): string
{
    $bytes = '';
    foreach (str_split($bits, 8) as $byte) {
        $bytes .= chr(bindec($byte));
    }
    return $bytes;
}

function uuid_shard_digits(string $bits130, string $alphabet): string
{
    $out = '';
    foreach (str_split($bits130, 5) as $chunk) {
        $out .= $alphabet[bindec($chunk)];
    }
    return $out;
}

/** The ULID text of $uuid: 26 upper-case Crockford base32 digits (two zero bits, then 128). */
function uuid_shard_to_ulid(string $uuid): string
{
    return uuid_shard_digits('00' . uuid_shard_bits(uuid_shard_bytes($uuid)), UUID_SHARD_CROCKFORD);
}

/** RFC 4648 base32hex of the 16 bytes, upper case, '=' padded. */
function uuid_shard_to_base32hex(string $uuid): string
{
    return uuid_shard_digits(uuid_shard_bits(uuid_shard_bytes($uuid)) . '00', UUID_SHARD_BASE32HEX) . '======';
}

function uuid_shard_read_digits(string $s, string $alphabet, string $form): string
{
    if (strlen($s) < 26) {
        throw new InvalidArgumentException("invalid $form text");
    }
    $bits = '';
    for ($i = 0; $i < 26; $i++) {
        $p = strpos($alphabet, strtoupper($s[$i]));
        if ($p === false) {
            throw new InvalidArgumentException("invalid $form text");
        }
        $bits .= str_pad(decbin($p), 5, '0', STR_PAD_LEFT);
    }
    return $bits;
}

/** The UUID text of a ULID text (either case). */
function uuid_shard_from_ulid(string $s): string
{
    $bits = uuid_shard_read_digits($s, UUID_SHARD_CROCKFORD, 'ULID');
    if (strlen($s) !== 26 || substr($bits, 0, 2) !== '00') {
        throw new InvalidArgumentException('invalid ULID text');
    }
    return uuid_shard_text(uuid_shard_from_bits(substr($bits, 2)));
}

/** The UUID text of a base32hex text (either case, with its six '=' or without). */
function uuid_shard_from_base32hex(string $s): string
{
    $bits = uuid_shard_read_digits($s, UUID_SHARD_BASE32HEX, 'base32hex');
    if (!(strlen($s) === 26 || (strlen($s) === 32 && substr($s, 26) === '======')) || substr($bits, 128) !== '00') {
        throw new InvalidArgumentException('invalid base32hex text');
    }
    return uuid_shard_text(uuid_shard_from_bits(substr($bits, 0, 128)));
}

function uuid_shard_v7_head_bytes(int $unix_us, ?int $fraction): string
{
    if ($unix_us < 0 || $unix_us > UUID_SHARD_MAX_UNIX_US) {
        throw new InvalidArgumentException('timestamp out of range for UUID version 7');
    }
    $frac = $fraction ?? intdiv(($unix_us % 1000) * 4096, 1000);
    return pack('J', (intdiv($unix_us, 1000) << 16) | 0x7000 | $frac); // J: 64-bit big-endian
}

/** The smallest v7 UUID of the millisecond holding $unix_us. */
function uuid_shard_boundary(int $unix_us): string
{
    return uuid_shard_text(uuid_shard_v7_head_bytes($unix_us, 0) . "\x80" . str_repeat("\0", 7));
}

/** The largest v7 UUID of the millisecond holding $unix_us: the inclusive upper bound. */
function uuid_shard_boundary_last(int $unix_us): string
{
    return uuid_shard_text(uuid_shard_v7_head_bytes($unix_us, 0xFFF) . "\xbf" . str_repeat("\xff", 7));
}

/** Bytes 0..7 of a v7 UUID for $unix_us (8 raw bytes): milliseconds, version, 12-bit fraction. */
function uuid_shard_v7_head(int $unix_us): string
{
    return uuid_shard_v7_head_bytes($unix_us, null);
}

/** The time of a version 7 UUID in integer Unix microseconds, null for any other UUID. */
function uuid_shard_unix_us(string $uuid): ?int
{
    $ms = uuid_shard_unix_ms($uuid);
    if ($ms === null) {
        return null;
    }
    $b = uuid_shard_bytes($uuid);
    $frac = ((ord($b[6]) & 0x0F) << 8) | ord($b[7]);
    return $ms * 1000 + min(999, intdiv($frac * 1000 + 4095, 4096));
}

/** The v7 UUID of a time and a name: the head of uuid_shard_v7_head, the tail from
 *  SHA-256("uuid_shard v7 from name\0" . name in UTF-8), variant bits set. */
function uuid_shard_from_name(int $unix_us, string $name_utf8): string
{
    $tail = substr(hash('sha256', "uuid_shard v7 from name\0" . $name_utf8, true), 0, 8);
    $tail[0] = chr(0x80 | (ord($tail[0]) & 0x3F));
    return uuid_shard_text(uuid_shard_v7_head($unix_us) . $tail);
}
