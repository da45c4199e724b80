<?php
// Checks uuid_mask.php against the mask section of the test vectors: php check_mask.php [path/to/vectors.json]
require __DIR__ . '/uuid_mask.php';

$file = $argv[1] ?? __DIR__ . '/../vectors.json';
$data = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR)['mask'];

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

if (UUID_MASK_LABEL !== $data['label']) {
    $failures[] = 'label ' . UUID_MASK_LABEL . ', the file has ' . $data['label'];
}
foreach ($data['vectors'] as $v) {
    $s = hex2bin($v['secret']);
    $pub = uuid_mask($v['key'], $s);
    $key = uuid_unmask($v['public'], $s);
    expect($pub === strtolower($v['public']) && $key === $v['key'], "{$v['key']}: mask $pub (expected {$v['public']}), unmask $key");
}
$first = $data['vectors'][0];
foreach ($data['invalid_secret'] as $h) {
    $s = (string) hex2bin($h);
    expect(raises('uuid_mask', $first['key'], $s) && raises('uuid_unmask', $first['public'], $s), "secret \"$h\" must be rejected");
}
$s0 = hex2bin($first['secret']);
foreach ($data['not_v7'] as $u) {
    expect(raises('uuid_mask', $u, $s0), "uuid_mask($u) must be rejected");
}
foreach ($data['not_v4'] as $u) {
    expect(raises('uuid_unmask', $u, $s0), "uuid_unmask($u) must be rejected");
}

if ($checks !== $data['checks']) {
    $failures[] = "ran $checks checks, the file has {$data['checks']}";
}
if ($failures) {
    foreach (array_slice($failures, 0, 20) as $f) {
        fwrite(STDERR, "php mask: FAIL $f\n");
    }
    fwrite(STDERR, 'php mask: ' . count($failures) . " of $checks vectors FAILED\n");
    exit(1);
}
echo "php mask: $checks vectors ok\n";
