-- Stored previews: one array per row instead of one object (server/domain/imports/stored-preview.ts).
-- No schema change; the rows of previews stored before are rewritten in the new layout, in the order
-- of PREVIEW_FIELDS: row, date, amount, currency_code, description, counterparty, external_id,
-- category_id, state, duplicate_of, problems.
UPDATE "import_jobs" j
   SET "preview" = (
     SELECT coalesce(jsonb_agg(jsonb_build_array(
              e.v -> 'row', e.v -> 'date', e.v -> 'amount', e.v -> 'currency_code', e.v -> 'description',
              e.v -> 'counterparty', e.v -> 'external_id', e.v -> 'category_id', e.v -> 'state',
              e.v -> 'duplicate_of', coalesce(e.v -> 'problems', '[]'::jsonb)
            ) ORDER BY e.n), '[]'::jsonb)
       FROM jsonb_array_elements(j."preview") WITH ORDINALITY AS e(v, n))
 WHERE jsonb_typeof(j."preview") = 'array'
   AND jsonb_typeof(j."preview" -> 0) = 'object';
