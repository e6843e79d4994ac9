-- Up Migration

-- An advertiser's brand profile, written in the same transaction as the `BrandProfileUpdated` event of the user's
-- `advertiser-brand-<userId>` stream (inline read model: the fold of that stream, current after every save).
CREATE TABLE advertiser_brand_profiles (
  user_id text PRIMARY KEY,
  brand_name text NOT NULL,
  brand_description text,
  brand_website text,
  brand_email text,
  brand_phone text,
  brand_logo_url text,
  updated_at timestamptz NOT NULL
);
