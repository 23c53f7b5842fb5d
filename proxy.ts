import { type NextRequest, NextResponse } from "next/server";
import { detectServerLang, LANG_COOKIE, LANG_HEADER, matchLang } from "@/lib/i18n/settings";

// Resolves the page language (?lng=, then the lng cookie, then Accept-Language, then pt-BR)
// and hands it to server components in a request header. A ?lng= choice is remembered.
export function proxy(req: NextRequest) {
  const query = req.nextUrl.searchParams.get("lng");
  const cookie = req.cookies.get(LANG_COOKIE)?.value;
  const lng = detectServerLang({ query, cookie, acceptLanguage: req.headers.get("accept-language") });
  const headers = new Headers(req.headers);
  headers.set(LANG_HEADER, lng);
  const res = NextResponse.next({ request: { headers } });
  if (matchLang(query) && cookie !== lng) {
    res.cookies.set(LANG_COOKIE, lng, { path: "/", maxAge: 365 * 24 * 60 * 60, sameSite: "lax" });
  }
  return res;
}

export const config = {
  // Pages only: not the API (it reads Accept-Language), Next's assets or files with an extension.
  matcher: ["/((?!v3|_next|demo|uploads|favicon|.*\\.[a-z0-9]+$).*)"],
};
