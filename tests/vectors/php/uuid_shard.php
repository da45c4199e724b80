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

/** The Unix millisecond timestamp of a version 7 UUID, null for any other UUID. */
function uuid_shard_unix_ms(string $uuid): ?int
{
    $b = uuid_shard_bytes($uuid);
    if (ord($b[8]) >> 6 !== 2 || ord($b[6]) >> 4 !== 7) {
        return null;
    }
    return hexdec(bin2hex(substr($b, 0, 6)));
}
