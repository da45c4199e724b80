class Event < ApplicationRecord
  # Worker b of n: the same expression as the stored `bucket` column (which holds n = 4).
  scope :in_bucket, ->(n, b) { where("uuid_shard.uuid_bucket(id, ?) = ?", n, b) }
  # Keys minted in [t1, t2): exact bounds, served by the primary key index.
  scope :created_between, ->(t1, t2) {
    where("id >= uuid_shard.uuid_v7_boundary(?) AND id < uuid_shard.uuid_v7_boundary(?)", t1, t2)
  }
end
