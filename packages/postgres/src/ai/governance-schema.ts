/**
 * The tables of AI governance, created if missing and never dropped: conversations and their messages,
 * the turn ledger, the AI audit trail, approvals, and running chat turns kept for other processes. Ids compare byte by byte (`COLLATE "C"`), so pages
 * come out in the same order as in the in-memory stores.
 */
export const governanceSchema: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS opwire_ai_conversations (
    id text COLLATE "C" PRIMARY KEY,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    title text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS opwire_ai_conversations_owner_idx
    ON opwire_ai_conversations (tenant, principal_id, updated_at DESC, id DESC)`,
  // Lists page by creation, which never moves.
  `CREATE INDEX IF NOT EXISTS opwire_ai_conversations_created_idx
    ON opwire_ai_conversations (tenant, principal_id, created_at DESC, id DESC)`,
  // Deleted conversations' ids, so none is given out again (turns in the ledger keep one owner).
  `CREATE TABLE IF NOT EXISTS opwire_ai_deleted_conversations (
    id text COLLATE "C" PRIMARY KEY,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    deleted_at timestamptz NOT NULL
  )`,
  // Whether the owner may open the id again (a conversation a refused turn made, that no one saw).
  `DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_attribute
        WHERE attrelid = 'opwire_ai_deleted_conversations'::regclass AND attname = 'reopenable' AND NOT attisdropped) THEN
      ALTER TABLE opwire_ai_deleted_conversations ADD COLUMN reopenable boolean NOT NULL DEFAULT false;
    END IF;
  END $$`,
  `CREATE TABLE IF NOT EXISTS opwire_ai_messages (
    conversation_id text COLLATE "C" NOT NULL REFERENCES opwire_ai_conversations (id) ON DELETE CASCADE,
    sequence integer NOT NULL,
    turn_id text,
    at timestamptz NOT NULL,
    message json NOT NULL,
    PRIMARY KEY (conversation_id, sequence)
  )`,
  // How the turn that appended a message ended (kept past a trim of the ledger). Added to tables made before
  // it; checked first, so a start does not take the table's exclusive lock once the columns are there.
  `DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_attribute
        WHERE attrelid = 'opwire_ai_messages'::regclass AND attname = 'turn_outcome' AND NOT attisdropped) THEN
      ALTER TABLE opwire_ai_messages ADD COLUMN turn_outcome text, ADD COLUMN turn_code text;
    END IF;
  END $$`,
  // The sources the turn's answer was given (kept so a reloaded page shows them), added to tables made before.
  `DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_attribute
        WHERE attrelid = 'opwire_ai_messages'::regclass AND attname = 'turn_sources' AND NOT attisdropped) THEN
      ALTER TABLE opwire_ai_messages ADD COLUMN turn_sources json;
    END IF;
  END $$`,
  `CREATE TABLE IF NOT EXISTS opwire_ai_turns (
    turn_id text COLLATE "C" PRIMARY KEY,
    conversation_id text,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    trace_id text,
    provider text,
    requested_model text,
    model text,
    input_tokens bigint NOT NULL,
    output_tokens bigint NOT NULL,
    cost_amount double precision,
    cost_currency text,
    tool_calls jsonb NOT NULL,
    latency_ms double precision NOT NULL,
    outcome text NOT NULL,
    error_code text,
    started_at timestamptz NOT NULL,
    finished_at timestamptz NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS opwire_ai_turns_tenant_idx ON opwire_ai_turns (tenant, started_at DESC, turn_id DESC)',
  'CREATE INDEX IF NOT EXISTS opwire_ai_turns_started_idx ON opwire_ai_turns (started_at)',
  `CREATE TABLE IF NOT EXISTS opwire_ai_events (
    seq bigserial PRIMARY KEY,
    id text NOT NULL UNIQUE,
    turn_id text NOT NULL,
    sequence integer NOT NULL,
    action text NOT NULL,
    at timestamptz NOT NULL,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    conversation_id text,
    trace_id text,
    tool_call_id text,
    tool_name text,
    code text,
    payload json,
    UNIQUE (turn_id, sequence)
  )`,
  'CREATE INDEX IF NOT EXISTS opwire_ai_events_tenant_idx ON opwire_ai_events (tenant, seq DESC)',
  'CREATE INDEX IF NOT EXISTS opwire_ai_events_at_idx ON opwire_ai_events (at)',
  `CREATE TABLE IF NOT EXISTS opwire_ai_approvals (
    approval_id text PRIMARY KEY,
    tool_call_id text NOT NULL,
    tool_name text NOT NULL,
    operation_id text NOT NULL,
    input json NOT NULL,
    input_hash text NOT NULL,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    conversation_id text,
    turn_id text,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    status text NOT NULL,
    settled_at timestamptz
  )`,
  `CREATE INDEX IF NOT EXISTS opwire_ai_approvals_owner_idx
    ON opwire_ai_approvals (tenant, principal_id, status, expires_at)`,
  // Running chat turns kept for readers in other processes (`createPostgresChatStreamStore`), and their chunks.
  `CREATE TABLE IF NOT EXISTS opwire_ai_streams (
    stream_key text COLLATE "C" PRIMARY KEY,
    chat_id text COLLATE "C" NOT NULL,
    owner text NOT NULL,
    opened_at timestamptz NOT NULL,
    beat_at timestamptz NOT NULL,
    ended_at timestamptz,
    stop_asked boolean NOT NULL DEFAULT false,
    read_elsewhere boolean NOT NULL DEFAULT false
  )`,
  'CREATE INDEX IF NOT EXISTS opwire_ai_streams_chat_idx ON opwire_ai_streams (chat_id, owner, opened_at DESC)',
  `CREATE TABLE IF NOT EXISTS opwire_ai_stream_chunks (
    stream_key text COLLATE "C" NOT NULL REFERENCES opwire_ai_streams (stream_key) ON DELETE CASCADE,
    position integer NOT NULL,
    chunk json NOT NULL,
    PRIMARY KEY (stream_key, position)
  )`,
];
