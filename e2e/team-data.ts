// The shop and owner of the team journey (e2e/team.spec.ts), seeded by scripts/seed/e2e-team.ts after the demo seed:
// a shop in a city of its own, with no service (so no booking journey meets it), and its owner's account.
export const TEAM_E2E = {
  slug: "equipe-e2e",
  shopName: "Barbearia Equipe E2E",
  city: "Cidade Equipe",
  citySlug: "cidade-equipe",
  // In the sea off Santa Catarina: no demo shop or e2e address is near.
  latitude: -27.9,
  longitude: -47.1,
  owner: { name: "Dona Equipe", email: "dono-equipe@navalha.test", phone: "+5511900000049", password: "equipe1234" },
} as const;
