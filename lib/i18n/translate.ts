/**
 * A translate function as both sides have one: a server component's getT and a client component's
 * useT. Components that render on either side take it as a prop instead of calling a hook.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
