// The home page sets its own og:title and description, which would drop the root segment's image:
// the same image, declared again in this segment.
export { alt, contentType, default, size } from "../opengraph-image";
