import { AppError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/handler";

// Any /v3 path that no handler serves answers the contract's error body, not Next's HTML 404.
const notFound = route(async () => {
  throw new AppError("NOT_FOUND", { key: "ROUTE_NOT_FOUND" });
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
