"use client";

/** The axios instance, fetched with the first request rather than with the page (the shop page's budget). */
export async function http() {
  return (await import("./client")).api;
}
