# frozen_string_literal: true

# The installed gem against a live server with the native extension: keys minted by
# UuidShard.uuid7 and by uuid_shard.uuidv7() side by side in one table give the same bucket,
# shard key, tail remainder and partition, time and boundary by both routes; the mask agrees
# with uuid_v7_mask/unmask; bad arguments fail with the extension's messages.
# Env: PGHOST, PGPORT, PGUSER (postgres), UUID_SHARD_MAJOR. Creates (drops first) the database
# pkg_ruby. One `ok`/`FAIL` line per check; exit 1 if any failed.
require 'pg'
require 'securerandom'
require 'uuid_shard'

$failed = 0
def check(name, ok, detail = nil)
  puts "#{ok ? 'ok' : 'FAIL'} live: #{name}#{ok || detail.nil? ? '' : " (#{detail})"}"
  $failed += 1 unless ok
end

conn_args = { host: ENV['PGHOST'], port: ENV['PGPORT'], user: ENV.fetch('PGUSER', 'postgres') }
admin = PG.connect(**conn_args, dbname: 'postgres')
admin.exec('DROP DATABASE IF EXISTS pkg_ruby')
admin.exec("CREATE DATABASE pkg_ruby TEMPLATE template0 ENCODING 'UTF8'")
admin.close
db = PG.connect(**conn_args, dbname: 'pkg_ruby')
db.set_client_encoding('UTF8')
db.exec('SET client_min_messages = warning')
db.exec('CREATE SCHEMA uuid_shard; CREATE EXTENSION uuid_shard SCHEMA uuid_shard')
version = db.exec("SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'").getvalue(0, 0)
native = db.exec("SELECT count(*) FROM pg_opclass WHERE opcname = 'uuid_tail_ops'").getvalue(0, 0).to_i == 1
server = db.exec('SHOW server_version_num').getvalue(0, 0).to_i / 10_000
check("PostgreSQL #{server} (UUID_SHARD_MAJOR=#{ENV['UUID_SHARD_MAJOR']}), extension #{version} native, gem #{UuidShard::VERSION}",
      version == UuidShard::VERSION && native && (ENV['UUID_SHARD_MAJOR'].nil? || ENV['UUID_SHARD_MAJOR'].to_i == server))

# ---- keys from both generators, in turns: ruby, db, ruby, db, ... --------------------------
db.exec('CREATE TABLE keys (seq serial, id uuid NOT NULL, source text NOT NULL)')
clock_ms = -> { Process.clock_gettime(Process::CLOCK_REALTIME, :millisecond) }
turns = []
ruby_keys = []
8.times do
  batch = Array.new(500) { UuidShard.uuid7 }
  after = clock_ms.call
  ruby_keys.concat(batch)
  db.exec_params('INSERT INTO keys (id, source) SELECT unnest($1::uuid[]), $2', [PG::TextEncoder::Array.new.encode(batch), 'ruby'])
  turns << [:ruby, batch, after]
  db_batch = db.exec(
    "INSERT INTO keys (id, source) SELECT uuid_shard.uuidv7(), 'db' FROM generate_series(1, 500) RETURNING id::text"
  ).column_values(0)
  turns << [:db, db_batch, clock_ms.call]
end
# the same burst, made as fast as the generator goes: counter and fraction steps
burst = Array.new(20_000) { UuidShard.uuid7 }
burst_after = clock_ms.call
db.exec_params('INSERT INTO keys (id, source) SELECT unnest($1::uuid[]), $2', [PG::TextEncoder::Array.new.encode(burst), 'ruby'])
ruby_keys.concat(burst)

all = db.exec('SELECT id::text, source FROM keys ORDER BY seq').values
n_ruby = all.count { |_, s| s == 'ruby' }
check("#{all.size} keys in one table, #{n_ruby} from UuidShard.uuid7, #{all.size - n_ruby} from uuid_shard.uuidv7()",
      all.size == 28_000 && n_ruby == 24_000)

versions = db.exec("SELECT source, count(*) FILTER (WHERE uuid_shard.uuid_version(id) = 7 AND substr(id::text, 20, 1) IN ('8', '9', 'a', 'b')), count(*) FROM keys GROUP BY source").values
check('every key of both sources is v7 of the RFC 9562 variant (uuid_version)', versions.all? { |_, v7, n| v7 == n } && versions.size == 2, versions.inspect)
check('UuidShard.uuid7 keys are strictly increasing (bytewise, as uuid orders them)', ruby_keys.each_cons(2).all? { |a, b| a < b })
check('ruby keys of 20,000 in a burst are unique', burst.uniq.size == burst.size)
ahead = turns.reject { |_, batch, after| batch.map { |k| UuidShard.unix_ms(k) }.max <= after }
check('no key of either source is in a later millisecond than the clock read after it', ahead.empty?, ahead.map(&:first).inspect)
check('no burst key is in a later millisecond than the clock read after it', burst.map { |k| UuidShard.unix_ms(k) }.max <= burst_after)
order = turns.each_cons(2).all? { |(_, a, _), (_, b, _)| a.map { |k| UuidShard.unix_ms(k) }.max <= b.map { |k| UuidShard.unix_ms(k) }.min }
check('turns of ruby and db keys follow one clock: each turn ends no later (ms) than the next begins', order)
sorted = db.exec('SELECT id::text FROM keys WHERE source = $1 ORDER BY id', ['ruby']).column_values(0)
check('the server sorts the ruby keys in the order the gem made them', sorted == ruby_keys)

# ---- the same functions by both routes, for every key --------------------------------------
def agree(db, name, sql, args, &mine)
  rows = db.exec_params("SELECT id::text, #{sql} FROM keys ORDER BY seq", args).values
  bad = rows.reject { |id, *theirs| mine.call(id).map { |x| x.nil? ? nil : x.to_s } == theirs }
  check("#{name}: #{rows.size} keys agree", bad.empty? && rows.size == 28_000, bad.first(2).inspect)
end

counts = [1, 2, 3, 16, 1000, 65_536, 2_147_483_647]
agree(db, "uuid_bucket(id, n) = UuidShard.bucket for n in #{counts}",
      counts.map.with_index(1) { |_, i| "uuid_shard.uuid_bucket(id, $#{i}::int)" }.join(', '), counts) do |id|
  counts.map { |n| UuidShard.bucket(id, n) }
end
lens = [1, 4, 8, 15]
agree(db, "uuid_shard_key(id, len) = UuidShard.shard_key for len in #{lens}",
      lens.map.with_index(1) { |_, i| "uuid_shard.uuid_shard_key(id, $#{i}::int)" }.join(', '), lens) do |id|
  lens.map { |l| UuidShard.shard_key(id, l) }
end
mods = [1, 8, 1000, 65_536, 2_147_483_647]
agree(db, "uuid_tail_remainder(id, m) = UuidShard.tail_remainder for m in #{mods}",
      mods.map.with_index(1) { |_, i| "uuid_shard.uuid_tail_remainder(id, $#{i}::int)" }.join(', '), mods) do |id|
  mods.map { |m| UuidShard.tail_remainder(id, m) }
end
agree(db, 'uuid_tail_hash_extended(id, seed) = UuidShard.tail_hash_extended',
      'uuid_shard.uuid_tail_hash_extended(id, 0), uuid_shard.uuid_tail_hash_extended(id, 12345)', []) do |id|
  [UuidShard.tail_hash_extended(id)] * 2
end
epoch_us = ->(expr) { "round(extract(epoch FROM #{expr}) * 1000000)::bigint" }
agree(db, 'uuid_v7_time (ms) and uuid_v7_time_us (us) = UuidShard.unix_ms, unix_us, time',
      "#{epoch_us.call('uuid_shard.uuid_v7_time(id)')} / 1000, #{epoch_us.call('uuid_shard.uuid_v7_time_us(id)')}, " \
      "to_char(uuid_shard.uuid_v7_time_us(id) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')", []) do |id|
  [UuidShard.unix_ms(id), UuidShard.unix_us(id), UuidShard.time(id).strftime('%Y-%m-%d %H:%M:%S.%6N')]
end
agree(db, 'uuid_v7_boundary, uuid_v7_boundary_last of the key\'s time = UuidShard.boundary, boundary_last (us and Time)',
      'uuid_shard.uuid_v7_boundary(uuid_shard.uuid_v7_time_us(id))::text, uuid_shard.uuid_v7_boundary_last(uuid_shard.uuid_v7_time_us(id))::text, ' \
      'uuid_shard.uuid_v7_boundary(uuid_shard.uuid_v7_time(id))::text', []) do |id|
  us = UuidShard.unix_us(id)
  b = UuidShard.boundary(UuidShard.time(id))
  [UuidShard.boundary(us), UuidShard.boundary_last(us), b == UuidShard.boundary(UuidShard.unix_ms(id) * 1000) ? b : 'differs']
end
agree(db, 'uuid_to_ulid, uuid_to_base32hex and back = UuidShard.to_ulid, to_base32hex, from_ulid, from_base32hex',
      'uuid_shard.uuid_to_ulid(id), uuid_shard.uuid_to_base32hex(id), uuid_shard.uuid_from_ulid(uuid_shard.uuid_to_ulid(id))::text', []) do |id|
  [UuidShard.to_ulid(id), UuidShard.to_base32hex(id), UuidShard.from_base32hex(UuidShard.to_base32hex(id))]
end
agree(db, 'uuid_v7_from_name(time_us, name) = UuidShard.from_name (names of ASCII and not)',
      "uuid_shard.uuid_v7_from_name(uuid_shard.uuid_v7_time_us(id), 'order:' || id::text || ':ü€😀')::text", []) do |id|
  [UuidShard.from_name(UuidShard.unix_us(id), "order:#{id}:ü€😀")]
end

# ---- the mask ------------------------------------------------------------------------------
[16, 32, 100].each do |size|
  secret = SecureRandom.random_bytes(size)
  hex = "\\x#{secret.unpack1('H*')}"
  rows = db.exec_params('SELECT id::text, uuid_shard.uuid_v7_mask(id, $1::bytea)::text, ' \
                        'uuid_shard.uuid_v7_unmask(uuid_shard.uuid_v7_mask(id, $1::bytea), $1::bytea)::text FROM keys ORDER BY seq', [hex]).values
  bad = rows.reject do |id, pub, back|
    mine = UuidShard.mask(id, secret)
    mine == pub && back == id && UuidShard.unmask(pub, secret) == id && UuidShard.unmask(mine, secret) == id
  end
  check("uuid_v7_mask/unmask with a #{size}-byte secret = UuidShard.mask/unmask, round trips both ways: #{rows.size} keys",
        bad.empty? && rows.size == 28_000, bad.first(2).inspect)
end

# ---- tail-hash partitions: each row where tail_partition_name says ---------------------------
def partitions_agree(db, parent, moduli_of)
  rows = db.exec("SELECT k.id::text, c.relname::text FROM #{db.quote_ident(parent)} k JOIN pg_class c ON c.oid = k.tableoid").values
  bad = rows.reject { |id, rel| rel == UuidShard.tail_partition_name(parent, id, moduli_of.call(id)) }
  [rows.size, bad]
end

# a plain name, and names of 63 bytes in upper and lower case that need quoting in SQL, cut
# to 57 or 56 bytes: one with ASCII at the cut (57 and 56 bytes differ), one with a 3-byte
# character across it (cut to 55: whole characters)
[['accounts', 8], ["Konto#{'ä' * 24}Xyzw€abc", 16], ["Konto#{'ä' * 24}Xy€abcde", 16]].each do |parent, m|
  raise 'the long name must be 63 bytes' unless parent == 'accounts' || parent.bytesize == 63
  q = db.quote_ident(parent)
  db.exec("CREATE TABLE #{q} (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)")
  ddl = db.exec_params('SELECT * FROM uuid_shard.uuid_tail_partition_ddl($1::regclass, $2)', [q, m]).column_values(0)
  ddl.each { |s| db.exec(s) }
  db.exec("INSERT INTO #{q} SELECT id FROM keys")
  names = db.exec_params('SELECT c.relname::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass', [q]).column_values(0)
  mine = (0...m).map { |r| UuidShard.tail_partition_name(parent, format('00000000-0000-4000-8000-%012x', r), m) }
  check("uuid_tail_partition_ddl(#{parent.bytesize}-byte parent, #{m}) names its #{m} partitions as tail_partition_name does",
        names.sort == mine.sort && mine.uniq.size == m, (names - mine).first(2).inspect)
  n, bad = partitions_agree(db, parent, ->(_) { m })
  check("#{n} rows of #{parent[0, 8]}...#{parent[-8..]}: each is in the partition tail_partition_name(parent, id, #{m}) names", bad.empty? && n == 28_000, bad.first(2).inspect)
  # split (m, 3) into (2m, 3) and (2m, 3 + m): its rows move to the names of the halves
  old = db.exec_params('SELECT partition::text FROM uuid_shard.uuid_tail_partitions($1::regclass) WHERE modulus = $2 AND remainder = 3',
                       [q, m]).getvalue(0, 0)
  db.exec_params('SELECT * FROM uuid_shard.uuid_tail_split_ddl($1::regclass)', [old]).column_values(0).each { |s| db.exec(s) }
  n, bad = partitions_agree(db, parent, ->(id) { UuidShard.tail_remainder(id, m) == 3 ? 2 * m : m })
  check("after uuid_tail_split_ddl(#{old[0, 9]}...#{old[-7..]}): #{n} rows each where tail_partition_name says (modulus #{m} or #{2 * m})",
        bad.empty? && n == 28_000, bad.first(2).inspect)
end

# ---- the same arguments refused, with the same messages -------------------------------------
def sql_error(db, sql, args)
  db.exec_params("SELECT #{sql}", args)
  nil
rescue PG::Error => e
  e.result.error_field(PG::Result::PG_DIAG_MESSAGE_PRIMARY)
end

def ruby_error
  yield
  nil
rescue ArgumentError => e
  e.message
end

k = ruby_keys.first
# integer Unix microseconds as timestamptz text
pg_time = ->(us) { Time.at(us.div(1_000_000), us % 1_000_000, :usec).utc.strftime('%Y-%m-%d %H:%M:%S.%6N+00') }
v4 = '3f1e2d4c-5b6a-4978-8695-a4b3c2d1e0f9'
secret = SecureRandom.random_bytes(16)
cases = [
  ['uuid_shard.uuid_bucket($1::uuid, $2::int)', [k, 0], -> { UuidShard.bucket(k, 0) }],
  ['uuid_shard.uuid_bucket($1::uuid, $2::int)', [k, -2_147_483_648], -> { UuidShard.bucket(k, -2_147_483_648) }],
  ['uuid_shard.uuid_shard_key($1::uuid, $2::int)', [k, 0], -> { UuidShard.shard_key(k, 0) }],
  ['uuid_shard.uuid_shard_key($1::uuid, $2::int)', [k, 16], -> { UuidShard.shard_key(k, 16) }],
  ['uuid_shard.uuid_tail_remainder($1::uuid, $2::int)', [k, 0], -> { UuidShard.tail_remainder(k, 0) }],
  ['uuid_shard.uuid_tail_remainder($1::uuid, $2::int)', [k, -1], -> { UuidShard.tail_remainder(k, -1) }],
  ['uuid_shard.uuid_bucket($1::uuid, 8)', ['00000000-0000-0000-0000-000000000000'], -> { UuidShard.bucket('00000000-0000-0000-0000-000000000000', 8) }],
  ['uuid_shard.uuid_bucket($1::uuid, 8)', ['ffffffff-ffff-ffff-ffff-ffffffffffff'], -> { UuidShard.bucket('ffffffff-ffff-ffff-ffff-ffffffffffff', 8) }],
  ['uuid_shard.uuid_shard_key($1::uuid, 4)', ['c232ab00-9414-11ec-b3c8-9f6bdeced846'], -> { UuidShard.shard_key('c232ab00-9414-11ec-b3c8-9f6bdeced846', 4) }],
  ['uuid_shard.uuid_bucket($1::uuid, 8)', ['017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'], -> { UuidShard.bucket('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f', 8) }],
  ['uuid_shard.uuid_bucket($1::uuid, 8)', ['017f22e2-79b0-7cc3-48c4-dc0c0c07398f'], -> { UuidShard.bucket('017f22e2-79b0-7cc3-48c4-dc0c0c07398f', 8) }],
  ['uuid_shard.uuid_bucket($1::uuid, 8)', ['017f22e2-79b0-7cc3-e8c4-dc0c0c07398f'], -> { UuidShard.bucket('017f22e2-79b0-7cc3-e8c4-dc0c0c07398f', 8) }],
  ['uuid_shard.uuid_v7_mask($1::uuid, $2::bytea)', [v4, "\\x#{secret.unpack1('H*')}"], -> { UuidShard.mask(v4, secret) }],
  ['uuid_shard.uuid_v7_unmask($1::uuid, $2::bytea)', [k, "\\x#{secret.unpack1('H*')}"], -> { UuidShard.unmask(k, secret) }],
  ['uuid_shard.uuid_v7_mask($1::uuid, $2::bytea)', [k, '\\x00010203'], -> { UuidShard.mask(k, "\x00\x01\x02\x03".b) }],
  ['uuid_shard.uuid_v7_mask($1::uuid, $2::bytea)', [k, nil], -> { UuidShard.mask(k, nil) }],
  ['uuid_shard.uuid_from_ulid($1)', ['01ARZ3NDEKTSV4RRFFQ69G5FAU'], -> { UuidShard.from_ulid('01ARZ3NDEKTSV4RRFFQ69G5FAU') }],
  ['uuid_shard.uuid_from_ulid($1)', ['81ARZ3NDEKTSV4RRFFQ69G5FAV'], -> { UuidShard.from_ulid('81ARZ3NDEKTSV4RRFFQ69G5FAV') }],
  ['uuid_shard.uuid_from_ulid($1)', ['01ARZ3NDEK'], -> { UuidShard.from_ulid('01ARZ3NDEK') }],
  ['uuid_shard.uuid_from_ulid($1)', ["01ARZ3NDEK\u00e9"], -> { UuidShard.from_ulid("01ARZ3NDEK\u00e9") }],
  ['uuid_shard.uuid_from_base32hex($1)', ['05B3SELLQFB7CJ31TUSP60LTBC=====x'], -> { UuidShard.from_base32hex('05B3SELLQFB7CJ31TUSP60LTBC=====x') }],
  ['uuid_shard.uuid_from_base32hex($1)', ['05B3SELLQFB7CJ31TUSP60LTBD'], -> { UuidShard.from_base32hex('05B3SELLQFB7CJ31TUSP60LTBD') }],
  ['uuid_shard.uuid_from_base32hex($1)', ['05B3SELLQFB7CJ31TUSP60LTBC='], -> { UuidShard.from_base32hex('05B3SELLQFB7CJ31TUSP60LTBC=') }],
  ['uuid_shard.uuid_v7_boundary($1::timestamptz)', [pg_time.call(-1)], -> { UuidShard.boundary(-1) }],
  ['uuid_shard.uuid_v7_boundary_last($1::timestamptz)', [pg_time.call(UuidShard::MAX_UNIX_US + 1)], -> { UuidShard.boundary_last(UuidShard::MAX_UNIX_US + 1) }],
  ['uuid_shard.uuid_v7_from_name($1::timestamptz, $2)', [pg_time.call(UuidShard::MAX_UNIX_US + 1), 'x'], -> { UuidShard.from_name(UuidShard::MAX_UNIX_US + 1, 'x') }]
]
mismatch = cases.map { |sql, args, f| [sql, args, sql_error(db, sql, args), ruby_error(&f)] }.reject { |_, _, a, b| a && a == b }
check("#{cases.size} bad arguments: the server and the gem refuse each with the same message", mismatch.empty?, mismatch.first(3).inspect)
edge = UuidShard.boundary_last(UuidShard::MAX_UNIX_US) ==
       db.exec_params('SELECT uuid_shard.uuid_v7_boundary_last($1::timestamptz)::text', [pg_time.call(UuidShard::MAX_UNIX_US)]).getvalue(0, 0)
check('the last time of the v7 range (2^48 - 1 ms + 999 us) is accepted by both, with the same boundary_last', edge)

db.close
exit($failed.zero? ? 0 : 1)
