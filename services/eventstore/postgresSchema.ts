/**
 * The PostgreSQL event store's schema: the log table, its indexes, and the append function that hands out
 * positions and revisions under one lock and notifies the subscribers (docs/eventstore.md). Created on open, under
 * an advisory lock, by `openPostgresEventStore` (postgres.ts).
 */

/** The transaction-scoped lock every append takes: positions are handed out under it, so they follow commit order. */
export const APPEND_LOCK = 0x65_76_73_74; // "evst"

/** The channel every append notifies with the new head position. */
export const CHANNEL = 'es_events';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS es_events (
  position    bigint      PRIMARY KEY,
  id          text        NOT NULL UNIQUE,
  stream      text        NOT NULL,
  revision    bigint      NOT NULL,
  type        text        NOT NULL,
  data        json        NOT NULL,
  metadata    json        NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream, revision)
);

-- The general path, append by append, for batches that touch ids already stored (retries, overlaps) or repeat an
-- id: later appends see the rows of earlier ones, so a retry in the same batch as its original is answered too.
CREATE OR REPLACE FUNCTION es_append_batch_each(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids text[], p_types text[], p_data text[], p_metadata text[], p_recorded_at timestamptz
) RETURNS TABLE (next_revision bigint, last_position bigint, error_code text, error_detail text, error_hint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_head        bigint;
  v_offset      int := 0;
  v_from        int;
  v_to          int;
  v_count       int;
  v_stream      text;
  v_found       int;
  v_in_stream   int;
  v_offsets     int;
  v_last_rev    bigint;
  v_last_pos    bigint;
  v_other_id    text;
  v_other       text;
  v_current     bigint;
  v_current_pos bigint;
  v_notify      bigint := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
  SELECT coalesce(max(position), 0) INTO v_head FROM es_events;

  FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
    v_stream := p_streams[i];
    v_count := p_counts[i];
    v_from := v_offset + 1;
    v_to := v_offset + v_count;
    v_offset := v_to;
    next_revision := NULL;
    last_position := NULL;
    error_code := NULL;
    error_detail := NULL;
    error_hint := NULL;
    v_found := 0;

    IF v_count > 0 THEN
      SELECT count(*), count(*) FILTER (WHERE e.stream = v_stream), count(DISTINCT e.revision - u.ord),
             max(e.revision), max(e.position),
             min(u.id) FILTER (WHERE e.stream <> v_stream), min(e.stream) FILTER (WHERE e.stream <> v_stream)
        INTO v_found, v_in_stream, v_offsets, v_last_rev, v_last_pos, v_other_id, v_other
        FROM unnest(p_ids[v_from:v_to]) WITH ORDINALITY AS u(id, ord)
        JOIN es_events e ON e.id = u.id;
      IF v_found = v_count AND v_in_stream = v_count AND v_offsets = 1 THEN
        -- An exact retry: answer as the first time, whatever the stream looks like now.
        next_revision := v_last_rev;
        last_position := v_last_pos;
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF v_found > v_in_stream THEN
        error_code := 'EV410';
        error_detail := v_other_id;
        error_hint := v_other;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    SELECT revision, position INTO v_current, v_current_pos
      FROM es_events WHERE stream = v_stream ORDER BY revision DESC LIMIT 1;
    IF v_found > 0 OR NOT (CASE p_expected[i]
        WHEN 'any' THEN true
        WHEN 'no_stream' THEN v_current IS NULL
        WHEN 'exists' THEN v_current IS NOT NULL
        ELSE v_current IS NOT DISTINCT FROM p_expected[i]::bigint
      END) THEN
      error_code := 'EV409';
      error_detail := coalesce(v_current::text, 'no_stream');
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF v_count = 0 THEN
      next_revision := coalesce(v_current, -1);
      last_position := coalesce(v_current_pos, 0);
      RETURN NEXT;
      CONTINUE;
    END IF;

    INSERT INTO es_events (position, id, stream, revision, type, data, metadata, recorded_at)
      SELECT v_head + u.ord, u.id, v_stream, coalesce(v_current, -1) + u.ord, u.type, u.data::json, u.metadata::json,
             p_recorded_at
        FROM unnest(p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to])
             WITH ORDINALITY AS u(id, type, data, metadata, ord);
    v_head := v_head + v_count;
    v_notify := v_head;
    next_revision := coalesce(v_current, -1) + v_count;
    last_position := v_head;
    RETURN NEXT;
  END LOOP;

  IF v_notify > 0 THEN
    PERFORM pg_notify('${CHANNEL}', v_notify::text);
  END IF;
END
$fn$;

-- One call writes a batch of appends in one transaction, each checked on its own: a refused append yields an
-- error row and does not stop the others. Positions are handed out under the global lock, so they follow commit
-- order. The common case (all ids new and distinct) is done set-wise: one lookup of the streams' tails, one INSERT.
CREATE OR REPLACE FUNCTION es_append_batch(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids text[], p_types text[], p_data text[], p_metadata text[], p_recorded_at timestamptz
) RETURNS TABLE (next_revision bigint, last_position bigint, error_code text, error_detail text, error_hint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_names   text[];
  v_revs    bigint[];
  v_poss    bigint[];
  v_head    bigint;
  v_offset  int := 0;
  v_count   int;
  v_slot    int;
  v_current bigint;
  v_first   bigint;
  ins_event int[] := '{}';
  ins_pos   bigint[] := '{}';
  ins_rev   bigint[] := '{}';
  ins_strm  text[] := '{}';
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK});

  IF EXISTS (SELECT 1 FROM es_events WHERE id = ANY (p_ids))
     OR (SELECT count(DISTINCT x) FROM unnest(p_ids) AS x) <> coalesce(cardinality(p_ids), 0) THEN
    RETURN QUERY SELECT * FROM es_append_batch_each(p_streams, p_expected, p_counts, p_ids, p_types, p_data, p_metadata,
      p_recorded_at);
    RETURN;
  END IF;

  SELECT array_agg(d.stream), array_agg(t.revision), array_agg(t.position)
    INTO v_names, v_revs, v_poss
    FROM (SELECT DISTINCT unnest(p_streams) AS stream) AS d
    LEFT JOIN LATERAL (
      SELECT e.revision, e.position FROM es_events e WHERE e.stream = d.stream ORDER BY e.revision DESC LIMIT 1
    ) AS t ON true;
  SELECT coalesce(max(position), 0) INTO v_head FROM es_events;

  FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
    v_count := p_counts[i];
    v_slot := array_position(v_names, p_streams[i]);
    v_current := v_revs[v_slot];
    next_revision := NULL;
    last_position := NULL;
    error_code := NULL;
    error_detail := NULL;
    error_hint := NULL;
    IF NOT (CASE p_expected[i]
        WHEN 'any' THEN true
        WHEN 'no_stream' THEN v_current IS NULL
        WHEN 'exists' THEN v_current IS NOT NULL
        ELSE v_current IS NOT DISTINCT FROM p_expected[i]::bigint
      END) THEN
      error_code := 'EV409';
      error_detail := coalesce(v_current::text, 'no_stream');
    ELSIF v_count = 0 THEN
      next_revision := coalesce(v_current, -1);
      last_position := coalesce(v_poss[v_slot], 0);
    ELSE
      v_first := coalesce(v_current, -1) + 1;
      FOR j IN 1 .. v_count LOOP
        ins_event := ins_event || (v_offset + j);
        ins_pos := ins_pos || (v_head + j);
        ins_rev := ins_rev || (v_first + j - 1);
        ins_strm := ins_strm || p_streams[i];
      END LOOP;
      v_head := v_head + v_count;
      v_revs[v_slot] := v_first + v_count - 1;
      v_poss[v_slot] := v_head;
      next_revision := v_revs[v_slot];
      last_position := v_head;
    END IF;
    v_offset := v_offset + v_count;
    RETURN NEXT;
  END LOOP;

  IF cardinality(ins_event) > 0 THEN
    INSERT INTO es_events (position, id, stream, revision, type, data, metadata, recorded_at)
      SELECT r.pos, p_ids[r.event], r.stream, r.rev, p_types[r.event], p_data[r.event]::json, p_metadata[r.event]::json,
             p_recorded_at
        FROM unnest(ins_event, ins_pos, ins_rev, ins_strm) AS r(event, pos, rev, stream);
    PERFORM pg_notify('${CHANNEL}', v_head::text);
  END IF;
END
$fn$;
`;
