class BucketItem < ApplicationRecord
  # A LIST (uuid_bucket(id, n)) table has no primary key (its partition key is an expression), so
  # the model has none: create still reads `id` back (ActiveRecord 7.1+ returns every column with a
  # database default), and insert_all works. With `self.primary_key = "id"`, insert_all and
  # insert_all! raise "No unique index found for id". Update and delete through where(id: ...).
end
