-- An offer's default payout: what a conversion pays when its postback sends no payout. Null (every offer
-- until an admin sets one) keeps the old rule: a postback without a payout is refused.
ALTER TABLE "offers" ADD COLUMN "default_payout" numeric(10, 2);