"use client";
import { lazy, Suspense } from "react";
import { useSession } from "@/lib/api/session";
import { FavoriteMark, type ShopFavoriteProps } from "./shop-favorite-mark";

/** The heart as the server renders it and a visitor sees it: not a favourite. */
function VisitorFavorite({ shopId, labels }: ShopFavoriteProps) {
  return <FavoriteMark shopId={shopId} labels={labels} isFavorite={false} />;
}

// Loaded only for a signed-in browser: a visitor's page (most shared-link visits) carries no SWR. Should
// the chunk not load (a dropped connection), the plain heart stays, as for a visitor.
const SignedInFavorite = lazy(() => import("./shop-favorite-signed-in").catch(() => ({ default: VisitorFavorite })));

/** The shop page's heart and mark: the server cannot know the client, so a signed-in browser asks. */
export function ShopFavorite(props: ShopFavoriteProps) {
  const { token } = useSession();
  if (!token) return <VisitorFavorite {...props} />;
  return (
    <Suspense fallback={<VisitorFavorite {...props} />}>
      <SignedInFavorite {...props} token={token} />
    </Suspense>
  );
}
