#!/usr/bin/env ruby
# The Rails (ActiveRecord) recipe of docs/frameworks.md, run against the server in PGHOST/PGPORT
# (user PGUSER, a superuser), PostgreSQL UUID_SHARD_MAJOR: once with the native extension, once with
# the SQL edition (UUID_SHARD_EDITION_SQL, a plain-SQL migration file). It creates (dropping first)
# its databases rails_*, runs the tasks through bin/db as `bin/rails db:...` would, prints one line
# per check and exits non-zero on any failure.
#   ruby check.rb            (from this folder; after scripts/setup.sh)
require_relative "config/application"
require "open3"
require "stringio"
require_relative "../../../packages/ruby/lib/uuid_shard" # the gem uuid_shard's bucket and tail remainder: the oracle

Dir.chdir(__dir__)
MAJOR = ENV.fetch("UUID_SHARD_MAJOR")
ENV.fetch("UUID_SHARD_EDITION_SQL")
$stdout.sync = true
ORM = "ActiveRecord #{ActiveRecord.version}"
$failures = 0

class Report
  def initialize(label) = @label = label
  def ok(what, cond, detail = nil)
    if cond then puts "ok   #{@label}: #{what}"
    else $failures += 1; puts "FAIL #{@label}: #{what} (#{detail.to_s[0, 600].gsub(/\s+/, " ")})"
    end
    cond
  end
  def eq(what, got, want) = ok(what, got == want, "got #{got.inspect[0, 280]}, want #{want.inspect[0, 280]}")
  def note(text) = puts("note #{@label}: #{text}")
end

def pg(db) = (@pg ||= {})[db] ||= PG.connect(dbname: db, options: "-c client_min_messages=warning")
def values(db, sql) = pg(db).exec(sql).values
def column(db, sql) = values(db, sql).map(&:first)
def sqlstate(db, sql)
  pg(db).exec(sql)
  nil
rescue PG::Error => e
  e.result&.error_field(PG::PG_DIAG_SQLSTATE)
end

admin = pg("postgres")
# structure.sql: ActiveRecord runs pg_dump and psql from PATH, those of the major under test.
ENV["PATH"] = "#{admin.exec("SELECT setting FROM pg_config WHERE name = 'BINDIR'").getvalue(0, 0)}:#{ENV["PATH"]}"
PG_DUMP = `pg_dump --version`.strip

def recreate(*dbs)
  dbs.each do |db|
    @pg&.delete(db)&.close
    pg("postgres").exec("DROP DATABASE IF EXISTS #{db} WITH (FORCE)")
    pg("postgres").exec("CREATE DATABASE #{db}")
  end
end

# bin/db TASK for environment `variant` against `database`; true/false and the output.
def bin_db(variant, task, database, format: nil, schema: nil, skip_initializer: nil)
  env = { "RAILS_ENV" => variant, "DATABASE_URL" => "postgres:///#{database}" }
  env["SCHEMA_FORMAT"] = format.to_s if format
  env["SCHEMA"] = schema if schema
  env["RECIPE_SKIP_INITIALIZER"] = skip_initializer if skip_initializer
  out, status = Open3.capture2e(env, RbConfig.ruby, "bin/db", task)
  [status.success?, out]
end

# Several bin/db runs at once (each is a Ruby process that loads ActiveRecord): their results in order.
def bin_db_all(*calls) = calls.map { |args, kw| Thread.new { bin_db(*args, **(kw || {})) } }.map(&:value)

def v7?(id) = id.is_a?(String) && id.match?(/\A\h{8}-\h{4}-7\h{3}-[89ab]\h{3}-\h{12}\z/)

# The shape of every table in public: kind, parent, partition key, bound, key default, indexes.
SHAPE = <<~SQL
  SELECT c.relname, c.relkind, coalesce(i.inhparent::regclass::text, ''),
         coalesce(pg_get_partkeydef(c.oid), ''), coalesce(pg_get_expr(c.relpartbound, c.oid), ''),
         coalesce((SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a
                    ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = c.oid AND a.attname = 'id'), ''),
         coalesce((SELECT string_agg(pg_get_indexdef(x.indexrelid), '; ' ORDER BY pg_get_indexdef(x.indexrelid)) FROM pg_index x WHERE x.indrelid = c.oid), '')
    FROM pg_class c LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
   WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
     AND c.relname NOT IN ('schema_migrations', 'ar_internal_metadata')
   ORDER BY c.relname
SQL
COUNTS = "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM event_logs), (SELECT count(*) FROM accounts), (SELECT count(*) FROM bucket_items)"
PARTITION_COUNT = "SELECT count(*) FROM pg_class WHERE relispartition AND relkind IN ('r', 'p')"
PARENTS = %w[accounts bucket_items event_logs].freeze
strip_restrict = ->(s) { s.lines.reject { |l| l.start_with?("\\restrict ", "\\unrestrict ") }.join }

%w[native edition].each do |variant|
  r = Report.new("#{ORM} [PG#{MAJOR} #{variant}]")
  native = variant == "native"
  main = "rails_#{variant}"
  rb_plain, rb_load, sql_load, scratch = %w[rbplain rb sql scratch].map { |x| "#{main}_#{x}" } # throwaway databases
  recreate(main, rb_plain, rb_load, sql_load, scratch)
  dir = "tmp/pg#{MAJOR}-#{ENV.fetch("PGPORT", "5432")}/#{variant}" # majors may run side by side
  FileUtils.rm_rf(dir)
  FileUtils.mkdir_p(dir)

  # 1. The extension, by the first migration.
  paths = ActiveRecord::Base.configurations.configs_for(env_name: variant).first.migrations_paths
  files = paths.flat_map { |p| Dir["#{p}/*.rb"] }.map { |f| File.basename(f)[/\A\d+/] }.sort
  (ok, out), scratch_migrated = bin_db_all([[variant, "db:migrate", main]], [[variant, "db:migrate", scratch]])
  r.eq("db:migrate runs the #{files.size} migrations of #{paths.join(" + ")}", ok && column(main, "SELECT version FROM schema_migrations ORDER BY 1"), files) || puts(out)
  if native
    r.eq("the first migration installs extension uuid_shard in schema uuid_shard (create_schema + enable_extension \"uuid_shard.uuid_shard\")",
         column(main, "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid_shard'"), ["uuid_shard"])
  else
    r.eq("the first migration runs the edition file: uuid_shard.uuidv7() in PL/pgSQL, no extension",
         values(main, "SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard'),
                              (SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
                                WHERE p.oid = to_regprocedure('uuid_shard.uuidv7()'))"), [%w[0 plpgsql]])
  end
  ok, out = bin_db(variant, "db:migrate", main)
  r.ok("db:migrate again: nothing pending, nothing run", ok && out.strip.empty?, out)

  # 2. The key's default, as written in the migration.
  r.eq("events.id DEFAULT is uuid_shard.uuidv7(), uuid_shard's function",
       values(main, "SELECT pg_get_expr(d.adbin, d.adrelid), p.pronamespace::regnamespace::text
                       FROM pg_attrdef d JOIN pg_proc p ON p.oid = (regexp_match(d.adbin, ':funcid (\\d+)'))[1]::oid
                      WHERE d.adrelid = 'events'::regclass AND d.adnum = 1"), [%w[uuid_shard.uuidv7() uuid_shard]])

  ActiveRecord::Base.establish_connection(variant.to_sym)
  [Event, EventLog, Account, BucketItem].each(&:reset_column_information)
  conn = Event.connection
  r.eq("the model reads the default back: Event.columns_hash[\"id\"].default_function", Event.columns_hash["id"].default_function, "uuid_shard.uuidv7()")

  # 3. Keys read back.
  inserts = 0
  counter = ActiveSupport::Notifications.subscribe("sql.active_record") { |*, p| inserts += 1 if p[:sql].start_with?("INSERT") }
  first = Event.create!(ref: "single")
  r.ok("create reads the key back: a v7 UUID", v7?(first.id), first.id.inspect)
  r.ok("create reads back the generated bucket too (every column with a database default comes back through RETURNING)",
       first.bucket == UuidShard.bucket(first.id, 4), first.attributes)
  refs = Array.new(500) { |i| "r#{i}" }
  inserts = 0
  res = Event.insert_all(refs.map { |ref| { ref: ref } }, returning: %w[id ref])
  r.eq("insert_all(500 rows, returning: %w[id ref]) is one INSERT", inserts, 1)
  ActiveSupport::Notifications.unsubscribe(counter)
  r.eq("insert_all returns the 500 rows in insert order", res.rows.map(&:last), refs)
  ids = res.rows.map(&:first)
  r.ok("the returned keys are v7, increase in insert order, after the single key", ids.all? { |i| v7?(i) } && ids.each_cons(2).all? { |a, b| a < b } && ids.first > first.id)
  r.eq("the returned keys are the stored ones", Event.where(ref: refs).pluck(:ref, :id).sort, res.rows.map(&:reverse).sort)

  # 4. Bucket and time-range queries.
  all = Event.pluck(:id)
  want = all.select { |i| UuidShard.bucket(i, 4) == 2 }.sort
  got = Event.in_bucket(4, 2).pluck(:id).sort
  r.eq("where(\"uuid_shard.uuid_bucket(id, ?) = ?\", 4, 2) selects exactly bucket 2 of the #{all.size} rows", got, want)
  r.ok("bucket 2 is neither empty nor everything", !want.empty? && want.size < all.size)
  r.eq("where(bucket: 2), on the stored generated column, selects the same rows", Event.where(bucket: 2).pluck(:id).sort, want)
  # A batch between two clock readings, each taken 2 ms after the rows before it were inserted.
  clock = -> { conn.select_value("SELECT clock_timestamp() FROM pg_sleep(0.002)") }
  t1 = clock.call
  batch = Event.insert_all(Array.new(50) { |i| { ref: "b#{i}" } }, returning: %w[id]).rows.flatten
  t2 = clock.call
  Event.insert_all(Array.new(20) { |i| { ref: "c#{i}" } })
  r.eq("Event.created_between(t1, t2) (where with uuid_v7_boundary) selects exactly the 50 rows inserted in [t1, t2)",
       Event.created_between(t1, t2).order(:id).pluck(:id), batch.sort)
  id = Event.arel_table[:id]
  boundary = ->(t) { Arel::Nodes::NamedFunction.new("uuid_shard.uuid_v7_boundary", [Arel::Nodes.build_quoted(t)]) }
  r.eq("the same with Arel: id.gteq(NamedFunction uuid_shard.uuid_v7_boundary).and(id.lt(...))",
       Event.where(id.gteq(boundary.(t1)).and(id.lt(boundary.(t2)))).order(:id).pluck(:id), batch.sort)
  plans = Event.transaction do
    conn.execute("SET LOCAL enable_seqscan = off")
    [Event.created_between(t1, t2).explain.inspect, Event.where(bucket: 2).explain.inspect]
  end
  r.ok("the time range can use events_pkey, where(bucket: 2) index_events_on_bucket (enable_seqscan off)",
       plans[0].include?("events_pkey") && plans[1].include?("index_events_on_bucket"), plans.join(" | "))

  # 5. Rows in the partitioned tables the migrations made.
  now_part = conn.select_value("SELECT partition::text FROM uuid_shard.uuid_v7_partitions('event_logs') WHERE now() >= from_time AND now() < to_time")
  logs = EventLog.insert_all(Array.new(30) { |i| { kind: "k#{i}" } }, returning: %w[id kind])
  r.eq("EventLog.insert_all returns 30 v7 keys in insert order", [logs.rows.map(&:last), logs.rows.all? { |i, _| v7?(i) }], [Array.new(30) { |i| "k#{i}" }, true])
  r.eq("the 30 event_logs rows are in this month's partition",
       conn.select_values("SELECT DISTINCT tableoid::regclass::text FROM event_logs"), [now_part])
  acct = [Account.create!(name: "a").id] + Account.insert_all(Array.new(63) { |i| { name: "a#{i}" } }, returning: %w[id]).rows.flatten
  where_acct = conn.select_rows("SELECT id, tableoid::regclass::text FROM accounts").to_h
  if native
    r.ok("64 accounts rows, each in accounts_h8_<uuid_tail_remainder(id, 8)>", acct.size == 64 && where_acct.size == 64 &&
         acct.all? { |i| where_acct[i] == "accounts_h8_#{UuidShard.tail_remainder(i, 8)}" }, where_acct.first(3))
  else
    r.ok("64 accounts rows in the 8 core HASH (id) partitions", acct.size == 64 && where_acct.size == 64 && where_acct.values.all? { |p| p.match?(/\Aaccounts_h8_[0-7]\z/) })
    r.eq("the edition has no uuid_tail_ops: uuid_tail_partition_ddl stops with 42704, as does PARTITION BY HASH (id uuid_shard.uuid_tail_ops)",
         [sqlstate(main, "SELECT uuid_shard.uuid_tail_partition_ddl('accounts'::regclass, 16)"),
          sqlstate(main, "CREATE TABLE t (id uuid) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)")], %w[42704 42704])
  end
  item = BucketItem.create!(payload: "p")
  keyed = Class.new(ApplicationRecord) do
    self.table_name = "bucket_items"
    self.primary_key = "id"
    def self.name = "KeyedBucketItem"
  end
  err = begin
    keyed.insert_all!([{ payload: "q" }])
    nil
  rescue ArgumentError => e
    e.message
  end
  r.eq("with self.primary_key = \"id\" on a table with no unique index on id, insert_all! raises", err, "No unique index found for id")
  items = [item.id] + BucketItem.insert_all(Array.new(39) { |i| { payload: "p#{i}" } }, returning: %w[id]).rows.flatten
  r.eq("BucketItem.where(id: key).update_all changes that row", BucketItem.where(id: item.id).update_all(payload: "u"), 1)
  where_item = conn.select_rows("SELECT id, tableoid::regclass::text FROM bucket_items").to_h
  r.ok("40 bucket_items rows, keys read back by create (no primary key) and insert_all, each in bucket_items_b<uuid_bucket(id, 4)>",
       v7?(item.id) && where_item.size == 40 && items.all? { |i| where_item[i] == "bucket_items_b#{UuidShard.bucket(i, 4)}" }, where_item.first(3))
  before = values(main, COUNTS)
  parts = column(main, "SELECT relname FROM pg_class WHERE relispartition AND relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY 1")
  shape = values(main, SHAPE)
  if native
    r.ok("the tail-hash parent's partition key names the operator class", shape.any? { |t| t[0] == "accounts" && t[3] == "HASH (id uuid_shard.uuid_tail_ops)" }, shape.assoc("accounts"))
  end

  # 6. schema.rb (config.active_record.schema_format = :ruby, Rails' default).
  rb = "#{dir}/schema.rb"
  plain = "#{dir}/schema_plain.rb"
  (ok, out), (ok2, out2), plain_dump = bin_db_all(
    [[variant, "db:schema:dump", main], { format: :ruby, schema: rb }],
    [[variant, "db:schema:dump", main], { format: :ruby, schema: "#{dir}/schema2.rb" }],
    [[variant, "db:schema:dump", main], { format: :ruby, schema: plain, skip_initializer: "uuid_shard_schema_dump" }])
  a = ok && File.read(rb)
  r.ok("schema.rb: a second dump equals the first (no drift)", ok && ok2 && a == File.read("#{dir}/schema2.rb"), out + out2)
  a ||= ""
  r.ok("schema.rb writes the key: create_table \"events\", id: :uuid, default: -> { \"uuid_shard.uuidv7()\" }",
       a.include?(%(create_table "events", id: :uuid, default: -> { "uuid_shard.uuidv7()" }, force: :cascade do |t|)), a)
  r.ok("schema.rb writes every partition (#{parts.size}) as a plain create_table, and no PARTITION BY",
       parts.all? { |p| a.include?(%(create_table "#{p}",)) } && PARENTS.all? { |p| a.include?(%(create_table "#{p}",)) } && !a.include?("PARTITION"))
  if native
    ok, out = plain_dump
    p_rb = ok ? File.read(plain) : ""
    r.ok("without the initializer, schema.rb has create_schema \"uuid_shard\" and enable_extension \"uuid_shard\": no schema named",
         p_rb.include?(%(create_schema "uuid_shard")) && p_rb.include?(%(enable_extension "uuid_shard"\n)), out)
    (ok, out), loaded_rb = bin_db_all([[variant, "db:schema:load", rb_plain], { format: :ruby, schema: plain }],
                                      [[variant, "db:schema:load", rb_load], { format: :ruby, schema: rb }])
    r.ok("...and db:schema:load of it into a new database fails: function uuid_shard.uuidv7() does not exist", !ok && out.include?("function uuid_shard.uuidv7() does not exist"), out)
    r.eq("...having created the extension in schema public", column(rb_plain, "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid_shard'"), ["public"])
    r.ok("with config/initializers/uuid_shard_schema_dump.rb: enable_extension \"uuid_shard.uuid_shard\" after create_schema \"uuid_shard\"",
         a.index(%(create_schema "uuid_shard")).to_i < a.index(%(enable_extension "uuid_shard.uuid_shard")).to_i)
    ok, out = loaded_rb
    r.ok("db:schema:load of that schema.rb into a new database succeeds", ok, out)
    r.eq("...events.id DEFAULT uuid_shard.uuidv7() there too", values(rb_load, "SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'events'::regclass AND adnum = 1"), [["uuid_shard.uuidv7()"]])
    ok, out = bin_db(variant, "db:schema:dump", rb_load, format: :ruby, schema: "#{dir}/schema_loaded.rb")
    r.ok("schema.rb dumped from the loaded database equals the original: schema.rb cannot see what the load lost", ok && File.read("#{dir}/schema_loaded.rb") == a, out)
    loaded = values(rb_load, SHAPE)
    r.eq("after the load, event_logs, accounts and bucket_items are plain tables (relkind r), not partitioned",
         PARENTS.map { |p| loaded.assoc(p)&.[](1) }, %w[r r r])
    r.eq("...the #{parts.size} partitions are plain tables attached to nothing; no partition key, no uuid_tail_ops",
         [parts.map { |p| loaded.assoc(p)&.values_at(1, 2) }.uniq, column(rb_load, "SELECT count(*) FROM pg_partitioned_table"),
          loaded.flatten.grep(/uuid_tail_ops/)], [[["r", ""]], ["0"], []])
    column(rb_load, "INSERT INTO event_logs (kind) VALUES ('new') RETURNING id")
    r.eq("...a new event_logs row stays in the parent: no partition takes it", column(rb_load, "SELECT tableoid::regclass::text FROM event_logs"), ["event_logs"])
  else
    ok, out = bin_db(variant, "db:schema:load", rb_load, format: :ruby, schema: rb)
    r.ok("db:schema:load of schema.rb into a new database fails: schema.rb has create_schema \"uuid_shard\" but not the edition's functions (function uuid_shard.uuidv7() does not exist)",
         !ok && out.include?("function uuid_shard.uuidv7() does not exist") && a.include?(%(create_schema "uuid_shard")), out)
  end
  # SchemaDumper.ignore_tables: leaves the partitions out, still writes the parents as plain tables.
  ActiveRecord::SchemaDumper.ignore_tables = parts
  ignored = ActiveRecord::SchemaDumper.dump(Event.connection_pool, StringIO.new).string
  ActiveRecord::SchemaDumper.ignore_tables = []
  r.ok("SchemaDumper.ignore_tables = the partitions: schema.rb leaves them out and still writes the parents as plain tables",
       parts.none? { |p| ignored.include?(%("#{p}")) } && PARENTS.all? { |p| ignored.include?(%(create_table "#{p}",)) } && !ignored.include?("PARTITION"))
  # A throwaway copy of the database, with rows: what db:schema:load of schema.rb does to it.
  r.ok("the scratch database is migrated too", scratch_migrated[0], scratch_migrated[1])
  values(scratch, "INSERT INTO events (ref) SELECT 'x' || i FROM generate_series(1, 10) i;
                   INSERT INTO event_logs (kind) SELECT 'x' FROM generate_series(1, 10);
                   INSERT INTO accounts (name) SELECT 'x' FROM generate_series(1, 10);
                   INSERT INTO bucket_items (payload) SELECT 'x' FROM generate_series(1, 10)")
  ok, out = bin_db(variant, "db:schema:load", scratch, format: :ruby, schema: rb)
  r.ok("db:schema:load of schema.rb into a migrated database with rows stops at its first line (schema \"uuid_shard\" already exists)",
       !ok && out.include?(%(schema "uuid_shard" already exists)), out)
  r.eq("...before force: :cascade drops a table: the scratch database keeps its 40 rows and #{parts.size} partitions",
       [values(scratch, COUNTS), column(scratch, PARTITION_COUNT)], [[%w[10 10 10 10]], [parts.size.to_s]])

  # 7. structure.sql (config.active_record.schema_format = :sql: this recipe's setting).
  sql = "#{dir}/structure.sql"
  (ok, out), (ok2, out2) = bin_db_all([[variant, "db:schema:dump", main], { schema: sql }],
                                      [[variant, "db:schema:dump", main], { schema: "#{dir}/structure2.sql" }])
  s = ok ? File.read(sql) : ""
  r.ok("structure.sql (#{PG_DUMP}): a second dump equals the first#{s.include?("\\restrict ") ? ", apart from pg_dump's \\restrict lines" : ""}",
       ok && ok2 && strip_restrict.(s) == strip_restrict.(File.read("#{dir}/structure2.sql")), out + out2)
  r.note("#{PG_DUMP} writes \\restrict <random key> lines into structure.sql: every dump differs in them, ActiveRecord #{ActiveRecord.version} keeps them") if s.include?("\\restrict ")
  keys = ["CREATE TABLE public.event_logs (", "PARTITION BY RANGE (id);", "PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4));",
          native ? "PARTITION BY HASH (id uuid_shard.uuid_tail_ops);" : "PARTITION BY HASH (id);",
          native ? "CREATE EXTENSION IF NOT EXISTS uuid_shard WITH SCHEMA uuid_shard;" : "CREATE FUNCTION uuid_shard.uuidv7() RETURNS uuid",
          "DEFAULT uuid_shard.uuidv7() NOT NULL"]
  r.ok("structure.sql keeps #{keys[1..4].join(" ").gsub(";", "")} and an ATTACH PARTITION for each of the #{parts.size} partitions",
       keys.all? { |k| s.include?(k) } && parts.all? { |p| s.include?("ATTACH PARTITION public.#{p} ") }, keys.reject { |k| s.include?(k) })
  ok, out = bin_db(variant, "db:schema:load", sql_load, schema: sql)
  r.ok("db:schema:load of structure.sql into a new database succeeds", ok, out)
  r.eq("...the same tables: parents partitioned, partitions attached with the same bounds, #{native ? "uuid_tail_ops kept, " : ""}same defaults and indexes",
       values(sql_load, SHAPE), shape)
  if native
    routed = values(sql_load, "INSERT INTO accounts (name) SELECT 'n' FROM generate_series(1, 16) RETURNING id, tableoid::regclass::text")
    r.ok("...new accounts rows there go to accounts_h8_<uuid_tail_remainder(id, 8)>", routed.size == 16 && routed.all? { |i, p| p == "accounts_h8_#{UuidShard.tail_remainder(i, 8)}" }, routed.first(2))
  end
  ok, out = bin_db(variant, "db:schema:dump", sql_load, schema: "#{dir}/structure_loaded.sql")
  r.ok("structure.sql dumped from the loaded database equals the original", ok && strip_restrict.(File.read("#{dir}/structure_loaded.sql")) == strip_restrict.(s), out)
  ok, out = bin_db(variant, "db:schema:load", scratch, schema: sql)
  r.ok("db:schema:load of structure.sql into the migrated scratch database stops (psql ON_ERROR_STOP: already exists), its rows kept",
       !ok && out.include?("already exists") && values(scratch, COUNTS) == [%w[10 10 10 10]], out)
  r.eq("the main database keeps all its rows through every dump (events, event_logs, accounts, bucket_items)", values(main, COUNTS), before)
  r.eq("...and its #{parts.size} partitions", column(main, PARTITION_COUNT), [parts.size.to_s])
  ActiveRecord::Base.connection_handler.clear_all_connections!
end

exit($failures.zero? ? 0 : 1)
