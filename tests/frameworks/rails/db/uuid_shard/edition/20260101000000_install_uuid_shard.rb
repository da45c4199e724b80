class InstallUuidShard < ActiveRecord::Migration[7.2]
  def up
    # The SQL edition's plain-SQL migration file (uuid_shard-<version>.migration.sql): one DO
    # statement that installs schema uuid_shard and its functions; safe to run again.
    execute File.read(ENV.fetch("UUID_SHARD_EDITION_SQL"))
  end

  def down
    raise ActiveRecord::IrreversibleMigration, "defaults, indexes and partitions use uuid_shard's functions"
  end
end
