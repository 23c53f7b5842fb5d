// Services, products and review ratings of a demo shop.
import { PRODUCT_CATALOGUE, SERVICE_CATALOGUE } from "./data/names";
import type { Rng } from "./random";

export type ServicePlan = {
  name: string;
  description: string;
  category: string;
  cents: number;
  duration: number;
  isOnline: boolean;
};

/** Rounds a price in reais to whole 5s, or to "x9.90" in shops that price that way. */
function priceCents(reais: number, ninety: boolean): number {
  if (ninety) return Math.max(990, Math.round(reais / 5) * 500 - 10);
  return Math.max(500, Math.round(reais / 5) * 500);
}

export function servicesFor(rng: Rng, tier: number, count: number): ServicePlan[] {
  const ninety = rng.chance(0.25);
  const level = Math.min(1, Math.max(0, (tier - 1) * 0.3 + rng.float() * 0.4));
  const core = SERVICE_CATALOGUE.filter((c) => c.core);
  const others = rng.sample(
    SERVICE_CATALOGUE.filter((c) => !c.core),
    count - core.length,
  );
  const chosen = SERVICE_CATALOGUE.filter((c) => core.includes(c) || others.includes(c));
  const plans = chosen.map((c): ServicePlan => {
    const [lo, hi] = c.price;
    const reais = lo + (hi - lo) * Math.min(1, Math.max(0, level + (rng.float() - 0.5) * 0.2));
    return {
      name: c.name,
      description: c.description,
      category: c.category,
      cents: priceCents(reais, ninety),
      duration: rng.pick(c.durations),
      isOnline: true,
    };
  });
  // The combo costs less than its parts and takes a little less time.
  const byName = new Map(plans.map((p) => [p.name, p]));
  const corte = byName.get("Corte masculino");
  const barba = byName.get("Barba");
  const combo = byName.get("Corte + barba");
  if (corte && barba && combo) {
    combo.cents = priceCents(((corte.cents + barba.cents) * 0.85) / 100, ninety);
    combo.duration = Math.max(30, Math.round((corte.duration + barba.duration - 10) / 5) * 5);
  }
  // A service or two that is only done at the counter (not bookable online).
  const offline = plans.filter((p) => !SERVICE_CATALOGUE.find((c) => c.name === p.name)?.core);
  if (offline.length > 0 && rng.chance(0.55)) {
    const picked = rng.sample(offline, rng.chance(0.25) ? 2 : 1);
    for (const p of picked) p.isOnline = false;
  }
  return plans;
}

export function productsFor(rng: Rng, count: number): { name: string; cents: number }[] {
  return rng.sample(PRODUCT_CATALOGUE, count).map((p) => {
    const reais = p.price[0] + (p.price[1] - p.price[0]) * rng.float();
    const cents = rng.chance(0.5) ? Math.round(reais) * 100 : Math.max(390, Math.round(reais) * 100 - 10);
    return { name: p.name, cents };
  });
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

export function reviewRating(rng: Rng): 1 | 2 | 3 | 4 | 5 {
  return rng.weighted([
    [5, 56],
    [4, 27],
    [3, 10],
    [2, 4],
    [1, 3],
  ] as const);
}
