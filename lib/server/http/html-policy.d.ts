import type { ServerResponse } from "node:http";

export const FALLBACK_HTML_POLICY: string;
export function keepHtmlPolicy(res: ServerResponse): void;
