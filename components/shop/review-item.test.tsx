/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ReviewItem, reviewLabels } from "./review-item";

const t = (key: string, options?: Record<string, unknown>) => (key === "ratings.stars" ? `${String(options?.count)} estrelas` : key);
const attack = "<img src=x onerror=alert(1)></script><script>alert(1)</script>";

describe("ReviewItem", () => {
  it("shows a comment and a name carrying HTML as text, and reads the stars out", () => {
    const { container } = render(
      <ul>
        <ReviewItem review={{ id: 1, rating: 4, comment: attack, client_name: `${attack} Ana`, created_at: "2026-05-01T12:00:00Z", barber_id: 1 }} labels={reviewLabels(t)} lng="pt-BR" servedBy={`Atendido por ${attack}`} />
      </ul>,
    );
    expect(screen.getByText(attack)).toBeInTheDocument();
    expect(screen.getByText(`${attack} Ana`)).toBeInTheDocument();
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByText("4 estrelas")).toBeInTheDocument();
    expect(screen.getByText(`Atendido por ${attack}`)).toBeInTheDocument();
  });
});
