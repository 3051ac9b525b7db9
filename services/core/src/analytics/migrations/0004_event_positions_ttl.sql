-- event_positions (0003) only has to remember an event long enough to recognise a second copy of it: a
-- publish retried after its answer was lost lands seconds later, never weeks. Each row now records
-- when it was stored and is dropped 30 days later (at a background merge), so the table stops growing
-- with every click ever made. Rows stored before this migration count from the first merge after it.
ALTER TABLE event_positions ADD COLUMN IF NOT EXISTS stored_at DateTime('UTC') DEFAULT now();

ALTER TABLE event_positions MODIFY TTL stored_at + INTERVAL 30 DAY;
