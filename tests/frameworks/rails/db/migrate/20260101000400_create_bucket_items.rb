class CreateBucketItems < ActiveRecord::Migration[7.2]
  def up
    # Bucket partitions: no primary key on the parent (the partition key is an expression).
    create_table :bucket_items, id: false, options: "PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4))" do |t|
      t.uuid :id, null: false, default: -> { "uuid_shard.uuidv7()" }
      t.string :payload, null: false
      t.index :id
    end
    select_values("SELECT uuid_shard.uuid_bucket_partition_ddl('bucket_items'::regclass)").each { |ddl| execute ddl }
  end

  def down
    drop_table :bucket_items
  end
end
