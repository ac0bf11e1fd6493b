-- +goose Up
-- Gallery photos get the order their owner gives them (drag and drop), kept
-- in images.position, which venue photos already use. Existing photos are
-- numbered by creation, oldest first, so a new photo goes last; ties on the
-- creation time fall back to the id, as the former listing did.
UPDATE images SET position = (
    SELECT COUNT(*) FROM images o
    WHERE o.owner_id = images.owner_id AND o.venue_id IS NULL
      AND (o.created_at < images.created_at OR (o.created_at = images.created_at AND o.id <= images.id))
) WHERE venue_id IS NULL;
CREATE INDEX images_owner_position ON images (owner_id, position);

-- +goose Down
DROP INDEX images_owner_position;
