# frozen_string_literal: true

require_relative 'lib/uuid_shard/version'

Gem::Specification.new do |s|
  s.name = 'uuid_shard'
  s.version = UuidShard::VERSION
  s.summary = "The shard keys, buckets, tail-hash partitions, v7 times and public IDs of the PostgreSQL extension uuid_shard, bit for bit"
  s.description = <<~TEXT
    Computes in the application what the PostgreSQL extension uuid_shard computes in the
    database, with the same bits: shard_key, bucket (jump consistent hash), tail_remainder and
    the partition name of uuid_tail_ops tables, the time of a v7 key, boundaries, ULID and
    base32hex text, keys from names, the mask of public IDs, and uuid7() with the layout of
    uuidv7(). Standard library only.
  TEXT
  s.authors = ['the uuid_shard authors']
  s.license = 'MIT'
  s.required_ruby_version = '>= 2.5'
  s.files = Dir.chdir(__dir__) { Dir['lib/**/*.rb'] + %w[README.md LICENSE uuid_shard.gemspec] }.sort
  s.require_paths = ['lib']
end
