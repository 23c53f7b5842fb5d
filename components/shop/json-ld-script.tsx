import { serializeJsonLd } from "./seo";

/** A `<script type="application/ld+json">` whose JSON cannot close the element (see serializeJsonLd). */
export function JsonLdScript({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
