-- +goose Up
-- The feed of revoked sessions (store/tokens.go): every revocation of a
-- refresh-token family also writes the family here, in the same
-- transaction, so every server can refuse that session's access tokens at
-- once instead of up to their 15 minutes of life. A server reads only the
-- rows after the last sequence it saw, a few times a second at most.
--
-- session_revocation_version holds one counter. A transaction that revokes
-- raises it once and writes its families under the new value; the counter's
-- row stays locked until that transaction ends, so the values become
-- visible in the order they were given and a reader that saw value v never
-- misses a row at or below v.
CREATE TABLE session_revocation_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO session_revocation_version (id, version) VALUES (1, 0);
CREATE TABLE session_revocations (
    seq BIGINT NOT NULL,
    family_id TEXT NOT NULL,
    revoked_at TIMESTAMP NOT NULL
);
CREATE INDEX session_revocations_seq ON session_revocations (seq);
CREATE INDEX session_revocations_revoked_at ON session_revocations (revoked_at);

-- +goose Down
DROP TABLE session_revocations;
DROP TABLE session_revocation_version;
