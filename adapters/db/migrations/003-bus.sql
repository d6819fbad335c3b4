-- The embedded event bus: Kafka's topic/partition/offset model kept in the embedded database, so that work
-- accepted before a crash is still there after a restart.

CREATE TABLE bus_topics (
  name         text PRIMARY KEY,
  partitions   integer NOT NULL CHECK (partitions > 0),
  retention_ms bigint
);

CREATE TABLE bus_partitions (
  topic       text NOT NULL REFERENCES bus_topics (name),
  partition   integer NOT NULL,
  next_offset bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (topic, partition)
);

CREATE TABLE bus_messages (
  topic      text NOT NULL,
  partition  integer NOT NULL,
  "offset"   bigint NOT NULL,
  key        text NOT NULL,
  value      text NOT NULL,
  headers    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, partition, "offset")
);
CREATE INDEX bus_messages_created_at ON bus_messages (created_at);

-- The next offset each consumer group will read, per partition: everything before it was handled.
CREATE TABLE bus_offsets (
  group_id    text NOT NULL,
  topic       text NOT NULL,
  partition   integer NOT NULL,
  next_offset bigint NOT NULL,
  PRIMARY KEY (group_id, topic, partition)
);
