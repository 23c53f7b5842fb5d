// Texts that would run script if a page ever rendered them as HTML. Each alert carries a number so a
// failing test names the field that leaked. Shared by scripts/seed/hostile.ts and the hostile spec.
const attack = (n: number, text: string) => `<img src=x onerror=alert(${n})> ${text} </script><script>alert(${n})</script>`;

export const HOSTILE = {
  slug: "teste-hostil",
  /** The shop's slug before it was renamed (scripts/seed/hostile.ts): its old links lead to its page. */
  renamedFrom: "teste-hostil-antiga",
  shopName: attack(1, "Hostil"),
  description: `${attack(2, "Descrição")} <a href="javascript:alert(2)">link</a>`,
  barberName: `<b onmouseover=alert(3)>Barbeiro</b> Hostil`,
  serviceName: `<svg onload=alert(4)>Corte Hostil`,
  review: `${attack(5, "Ótimo corte")} & "aspas" 'simples'`,
  neighborhood: "<i>Bairro</i> Hostil",
  city: "<u>Cidade</u> Hostil",
  citySlug: "cidade-hostil",
  // In the sea off São Paulo's coast: no demo shop or e2e address is near.
  latitude: -24.6,
  longitude: -45.2,
  /** A shop that has left Navalha (not active), near the hostile one: its old links say so. */
  // Its id is fixed (far above the serial's), so a spec can open its old /barbearia/id/<id> link.
  closed: {
    id: 2_000_000_007,
    slug: "teste-fechada",
    renamedFrom: "teste-fechada-antiga",
    name: `${attack(7, "Fechada")} & Cia`,
    neighborhood: "<i>Bairro</i> Antigo",
  },
  client: {
    name: attack(6, "Cliente"),
    email: "hostil@navalha.test",
    phone: "+5511900000006",
    password: "hostil1234",
  },
} as const;

/** A name for clients registered by the spec itself. */
export const hostileName = (n: number) => attack(n, "Pessoa");
