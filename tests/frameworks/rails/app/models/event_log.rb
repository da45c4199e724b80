class EventLog < ApplicationRecord
end
