class CreateEventLogs < ActiveRecord::Migration[7.2]
  def up
    create_table :event_logs, id: :uuid, default: -> { "uuid_shard.uuidv7()" },
                              options: "PARTITION BY RANGE (id)" do |t|
      t.string :kind, limit: 20, null: false
    end
    # This month's partition, the next two and a default one; later ones come from a nightly job.
    select_values(<<~SQL).each { |ddl| execute ddl }
      SELECT uuid_shard.uuid_v7_partition_ddl('event_logs'::regclass, date_trunc('month', now(), 'UTC'),
                                              date_trunc('month', now(), 'UTC') + interval '3 months',
                                              interval '1 month', with_default => true)
    SQL
  end

  def down
    drop_table :event_logs # and its partitions
  end
end
