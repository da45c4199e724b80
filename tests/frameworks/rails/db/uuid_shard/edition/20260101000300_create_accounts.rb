class CreateAccounts < ActiveRecord::Migration[7.2]
  def up
    # The SQL edition has no operator class uuid_tail_ops: core HASH (id) keeps the primary key and
    # pruning by id, but routes by a seeded hash no application computes.
    create_table :accounts, id: :uuid, default: -> { "uuid_shard.uuidv7()" },
                            options: "PARTITION BY HASH (id)" do |t|
      t.string :name, null: false
    end
    8.times do |r|
      execute "CREATE TABLE accounts_h8_#{r} PARTITION OF accounts FOR VALUES WITH (MODULUS 8, REMAINDER #{r})"
    end
  end

  def down
    drop_table :accounts
  end
end
