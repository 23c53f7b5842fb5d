/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ReviewItem, reviewLabels } from "./review-item";

const t = (key: string, options?: Record<string, unknown>) => (key === "ratings.stars" ? `${String(options?.count)} estrelas` : key);
const attack = "<img src=x onerror=alert(1)></script><script>alert(1)</script>";

describe("ReviewItem", () => {
  it("shows a comment and a name carrying HTML as text, and reads the stars out", () => {
    const { container } = render(
      <ul>
        <ReviewItem
          review={{
            id: 1,
            rating: 4,
            comment: attack,
            comment_lang: null,
            client_name: `${attack} Ana`,
            created_at: "2026-05-01T12:00:00Z",
            barber_id: 1,
            answer: null,
          }}
          labels={reviewLabels(t)}
          lng="pt-BR"
          servedBy={`Atendido por ${attack}`}
        />
      </ul>,
    );
    expect(screen.getByText(attack)).toBeInTheDocument();
    expect(screen.getByText(`${attack} Ana`)).toBeInTheDocument();
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByText("4 estrelas")).toBeInTheDocument();
    expect(screen.getByText(`Atendido por ${attack}`)).toBeInTheDocument();
    // No language told: the comment has no lang of its own.
    expect(screen.getByText(attack)).not.toHaveAttribute("lang");
  });

  it("marks the comment with the language it was written in", () => {
    render(
      <ul>
        <ReviewItem
          review={{
            id: 2,
            rating: 5,
            comment: "Corte impecável, recomendo.",
            comment_lang: "pt-BR",
            client_name: "Ana",
            created_at: "2026-05-01T12:00:00Z",
            barber_id: 1,
            answer: { text: "Obrigado, Ana! Volte sempre.", at: "2026-05-02T12:00:00Z" },
          }}
          labels={reviewLabels(t)}
          lng="en"
        />
      </ul>,
    );
    expect(screen.getByText("Corte impecável, recomendo.")).toHaveAttribute("lang", "pt-BR");
    // The shop's answer, under the review, with its date.
    expect(screen.getByText("Obrigado, Ana! Volte sempre.")).toBeInTheDocument();
    expect(screen.getByText(t("ratings.answer"))).toBeInTheDocument();
    expect(screen.getByText("Obrigado, Ana! Volte sempre.").parentElement?.querySelector("time")).toHaveAttribute("dateTime", "2026-05-02T12:00:00Z");
  });
});
