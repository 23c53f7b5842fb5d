"use client";
import { lazy, Suspense } from "react";
import { useSession } from "@/lib/api/session";
import { FavoriteMark, type ShopFavoriteProps } from "./shop-favorite-mark";

// Loaded only for a signed-in browser: a visitor's page (most shared-link visits) carries no SWR. Should
// the chunk not load (a dropped connection), the plain heart stays, as for a visitor.
const SignedInFavorite = lazy(() =>
  import("./shop-favorite-signed-in").catch(() => ({ default: (props: ShopFavoriteProps) => <FavoriteMark shopId={props.shopId} labels={props.labels} isFavorite={false} /> })),
);

/** The shop page's heart and mark: the server cannot know the client, so a signed-in browser asks. */
export function ShopFavorite(props: ShopFavoriteProps) {
  const { token } = useSession();
  const visitor = <FavoriteMark shopId={props.shopId} labels={props.labels} isFavorite={false} />;
  if (!token) return visitor;
  return (
    <Suspense fallback={visitor}>
      <SignedInFavorite {...props} token={token} />
    </Suspense>
  );
}
