<?php
// Checks uuid_shard.php against the test vectors: php check.php [path/to/vectors.json]
require __DIR__ . '/uuid_shard.php';

$file = $argv[1] ?? __DIR__ . '/../vectors.json';
$data = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);

$checks = 0;
$failures = [];
function expect(bool $ok, string $what): void
{
    global $checks, $failures;
    $checks++;
    if (!$ok) {
        $failures[] = $what;
    }
}
function raises(callable $f, ...$args): bool
{
    try {
        $f(...$args);
    } catch (InvalidArgumentException $e) {
        return true;
    }
    return false;
}

foreach ($data['accepted'] as $v) {
    $u = $v['uuid'];
    expect(uuid_shard_has_random_tail($u) && uuid_shard_unix_ms($u) === $v['unix_ms'],
        "$u: accepted, unix_ms " . var_export($v['unix_ms'], true));
    foreach ($v['shard_key'] as [$len, $key]) {
        $got = uuid_shard_key($u, $len);
        expect($got === $key, "$u: uuid_shard_key($len) = $got, expected $key");
    }
    foreach ($v['bucket'] as [$n, $bucket]) {
        $got = uuid_shard_bucket($u, $n);
        expect($got === $bucket, "$u: uuid_shard_bucket($n) = $got, expected $bucket");
    }
}
foreach ($data['rejected'] as $v) {
    $u = $v['uuid'];
    expect(!uuid_shard_has_random_tail($u) && uuid_shard_unix_ms($u) === null
        && raises('uuid_shard_key', $u, 1) && raises('uuid_shard_bucket', $u, 1),
        "$u: must be rejected ({$v['reason']})");
}
$first = $data['accepted'][0]['uuid'];
foreach ($data['invalid_len'] as $len) {
    expect(raises('uuid_shard_key', $first, $len), "shard key length $len must be rejected");
}
foreach ($data['invalid_n'] as $n) {
    expect(raises('uuid_shard_bucket', $first, $n), "bucket count $n must be rejected");
}

// 0.3.0: text forms, bounds, the time to the microsecond, keys from names
foreach ($data['text_forms'] as $v) {
    expect(uuid_shard_to_ulid($v['uuid']) === $v['ulid'] && uuid_shard_to_base32hex($v['uuid']) === $v['base32hex']
        && uuid_shard_from_ulid(strtolower($v['ulid'])) === $v['uuid'] && uuid_shard_from_base32hex($v['base32hex']) === $v['uuid']
        && uuid_shard_from_base32hex(strtolower(substr($v['base32hex'], 0, 26))) === $v['uuid'],
        "{$v['uuid']}: ulid {$v['ulid']}, base32hex {$v['base32hex']}");
}
foreach ($data['bad_text'] as $v) {
    expect(raises($v['form'] === 'ulid' ? 'uuid_shard_from_ulid' : 'uuid_shard_from_base32hex', $v['text']),
        "{$v['form']} {$v['text']} must be refused");
}
foreach ($data['times'] as $v) {
    $t = $v['unix_ms'] * 1000 + $v['us'];
    $key = uuid_shard_text(uuid_shard_v7_head($t) . "\x80" . str_repeat("\0", 7));
    expect(uuid_shard_boundary($t) === $v['boundary'] && uuid_shard_boundary_last($t) === $v['boundary_last']
        && substr($key, 0, 18) === $v['head'] && uuid_shard_unix_us($key) === $t, "time $t: boundary, boundary_last, head");
}
foreach ($data['time_us'] as $v) {
    $want = $v['unix_ms'] === null ? null : $v['unix_ms'] * 1000 + $v['us'];
    expect(uuid_shard_unix_us($v['uuid']) === $want, "{$v['uuid']}: unix_us");
}
foreach ($data['from_name'] as $v) {
    $got = uuid_shard_from_name($v['unix_ms'] * 1000 + $v['us'], $v['name']);
    expect($got === $v['uuid'], "from_name({$v['name']}) = $got, expected {$v['uuid']}");
}
foreach ($data['invalid_times'] as [$ms, $us]) {
    $t = $ms * 1000 + $us;
    expect(raises('uuid_shard_boundary', $t) && raises('uuid_shard_boundary_last', $t) && raises('uuid_shard_from_name', $t, 'x'),
        "time $t must be refused");
}

if ($checks !== $data['checks']) {
    $failures[] = "ran $checks checks, the file has {$data['checks']}";
}
$main_checks = $checks;
$checks = 0;

// Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column key
// by hash_combine64(0, h) = h + UUID_SHARD_HASH_COMBINE64_CONSTANT (mod 2^64): the bucket key.
$tail = $data['tail_remainder'];
foreach ($tail['vectors'] as $v) {
    $u = $v['uuid'];
    $h = uuid_shard_tail_hash_extended($u);
    $row_hash = sprintf('0x%016x', $h + UUID_SHARD_HASH_COMBINE64_CONSTANT);
    expect((string) $h === $v['tail_hash_extended'] && $row_hash === $v['bucket_key'],
        "$u: uuid_shard_tail_hash_extended $h, row hash $row_hash, expected {$v['tail_hash_extended']}, {$v['bucket_key']}");
    foreach ($v['remainder'] as [$m, $r]) {
        $got = uuid_shard_tail_remainder($u, $m);
        expect($got === $r, "$u: uuid_shard_tail_remainder($m) = $got, expected $r");
    }
}
$first = $tail['vectors'][0]['uuid'];
foreach ($tail['invalid_modulus'] as $m) {
    expect(raises('uuid_shard_tail_remainder', $first, $m), "modulus $m must be rejected");
}
if ($checks !== $tail['checks']) {
    $failures[] = "tail remainder: ran $checks checks, the file has {$tail['checks']}";
}

if ($failures) {
    foreach (array_slice($failures, 0, 20) as $f) {
        fwrite(STDERR, "php: FAIL $f\n");
    }
    fwrite(STDERR, 'php: ' . count($failures) . ' of ' . ($main_checks + $checks) . " vectors FAILED\n");
    exit(1);
}
echo "php: $main_checks vectors ok\n";
echo "php tail remainder: $checks vectors ok\n";
