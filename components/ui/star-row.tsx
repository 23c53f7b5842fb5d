/**
 * Five stars, `rating` of them gold, for the eye only (`aria-hidden`): the rating is said in words beside it
 * (a visually hidden text, or a link's name). Shared by a shop's reviews, an appointment's page and the history.
 */
export function StarRow({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="tracking-wider text-primary">
      {"★".repeat(rating)}
      <span className="text-line">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
