-- A request answered 5xx after its event was handed to the bus may still be worked: the publish may have landed
-- although it was not acknowledged in time, or the worker's reply came after the deadline. Its Idempotency-Key
-- keeps that event (handed_over, JSON) and is released at once for the same request (released), so that a retry
-- sends the same event again, with the same ids, instead of a second piece of work (api/middleware/idempotency.ts).
ALTER TABLE idempotency_keys ADD COLUMN handed_over text, ADD COLUMN released boolean NOT NULL DEFAULT false;
