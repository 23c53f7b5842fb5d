"use client";
import { createContext, useContext } from "react";

/** The error page's words, translated by the root layout: an error boundary cannot wait for them. */
export type PageErrorText = { title: string; body: string; retry: string; home: string };

const Context = createContext<PageErrorText>({ title: "Something went wrong", body: "", retry: "Try again", home: "Home" });

export const PageErrorTextProvider = Context.Provider;

export function usePageErrorText(): PageErrorText {
  return useContext(Context);
}
