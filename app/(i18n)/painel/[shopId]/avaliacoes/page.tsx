import type { Metadata } from "next";
import { ReviewsList } from "@/components/reviews/reviews-list";
import { WithReviewWords } from "@/components/reviews/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("reviews");
  return { title: t("title"), robots: { index: false } };
}

type Props = { params: Promise<{ shopId: string }> };

export default async function ReviewsPage({ params }: Props) {
  const { shopId } = await params;
  const { t } = await getT("reviews");
  return (
    <section className="container-page max-w-3xl py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("intro")}</p>
      <WithReviewWords>
        <ReviewsList shopId={shopId} />
      </WithReviewWords>
    </section>
  );
}
