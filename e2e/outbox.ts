// The key that scripts/e2e-server.sh gives /dev/outbox (DEV_OUTBOX_KEY); keep the two in step.
export const E2E_OUTBOX_KEY = process.env.DEV_OUTBOX_KEY || "e2e-outbox-key-not-a-secret";

export const outboxPath = () => `/dev/outbox?key=${encodeURIComponent(E2E_OUTBOX_KEY)}`;
