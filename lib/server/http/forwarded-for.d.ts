import type { IncomingMessage } from "node:http";

export function trustedProxies(value: string | undefined): number;
export function setForwardedFor(req: IncomingMessage, trusted: number): void;
