class CreateAccounts < ActiveRecord::Migration[7.2]
  def up
    # Tail-hash partitions: a key's partition is uuid_tail_remainder(id, 8).
    create_table :accounts, id: :uuid, default: -> { "uuid_shard.uuidv7()" },
                            options: "PARTITION BY HASH (id uuid_shard.uuid_tail_ops)" do |t|
      t.string :name, null: false
    end
    select_values("SELECT uuid_shard.uuid_tail_partition_ddl('accounts'::regclass, 8)").each { |ddl| execute ddl }
  end

  def down
    drop_table :accounts
  end
end
