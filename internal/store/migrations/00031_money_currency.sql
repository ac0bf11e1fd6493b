-- +goose Up
-- Issue #19, each country's money: the UK domain pays in pounds, the others
-- in euros. Every ledger row says in which currency its credits were bought
-- or valued, and a purchase row what it cost, so the credit log and the
-- statistics keep pounds and euros apart. Rows written before were all in
-- euros. (payments and premium_invoices have had a currency since 00006
-- and 00020.)
ALTER TABLE credit_log ADD COLUMN currency TEXT NOT NULL DEFAULT 'eur';
ALTER TABLE credit_log ADD COLUMN amount_cents BIGINT NOT NULL DEFAULT 0;

-- A purchase row takes its payment's amount and currency: the row's ref is
-- "payment:" and the processor's intent id.
UPDATE credit_log SET
    amount_cents = COALESCE((SELECT p.amount_cents FROM payments p WHERE 'payment:' || p.intent_id = credit_log.ref), 0),
    currency = COALESCE((SELECT LOWER(p.currency) FROM payments p WHERE 'payment:' || p.intent_id = credit_log.ref), 'eur')
WHERE ref LIKE 'payment:%';

-- +goose Down
ALTER TABLE credit_log DROP COLUMN amount_cents;
ALTER TABLE credit_log DROP COLUMN currency;
