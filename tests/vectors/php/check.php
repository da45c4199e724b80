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

if ($checks !== $data['checks']) {
    $failures[] = "ran $checks checks, the file has {$data['checks']}";
}
if ($failures) {
    foreach (array_slice($failures, 0, 20) as $f) {
        fwrite(STDERR, "php: FAIL $f\n");
    }
    fwrite(STDERR, 'php: ' . count($failures) . " of $checks vectors FAILED\n");
    exit(1);
}
echo "php: $checks vectors ok\n";
