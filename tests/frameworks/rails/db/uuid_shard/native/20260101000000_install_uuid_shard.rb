class InstallUuidShard < ActiveRecord::Migration[7.2]
  def change
    create_schema "uuid_shard", if_not_exists: true
    enable_extension "uuid_shard.uuid_shard" # CREATE EXTENSION IF NOT EXISTS "uuid_shard" SCHEMA uuid_shard
  end
end
