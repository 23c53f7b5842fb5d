// Real neighbourhoods of São Paulo, Rio de Janeiro and Belo Horizonte with approximate centre
// coordinates, the first five digits of a plausible CEP and a few real streets of each.
// Used by the demo seed (scripts/seed/) and the benchmark generator.

export type CitySlug = "sao-paulo" | "rio-de-janeiro" | "belo-horizonte";
export type StateCode = "SP" | "RJ" | "MG";

export type City = {
  slug: CitySlug;
  name: string;
  state: StateCode;
  /** Area code for phone numbers (+55 DDD 9XXXX-XXXX). */
  ddd: string;
  latitude: number;
  longitude: number;
  /** Streets used when a neighbourhood lists none of its own. */
  streets: string[];
};

export type Neighborhood = {
  name: string;
  citySlug: CitySlug;
  latitude: number;
  longitude: number;
  /** First five digits of a CEP in the neighbourhood, e.g. "05422" for "05422-010". */
  cep: string;
  /** Real streets of the neighbourhood; the city's list is used when empty. */
  streets: string[];
  /**
   * How far from the centre a shop may be placed (km). Smaller near the sea and lakes so
   * that jittered points stay on land; 1.2 inland.
   */
  spreadKm?: number;
  /** 1 = popular, 3 = upmarket: nudges prices. */
  tier?: 1 | 2 | 3;
};

export const CITIES: Record<CitySlug, City> = {
  "sao-paulo": {
    slug: "sao-paulo",
    name: "São Paulo",
    state: "SP",
    ddd: "11",
    latitude: -23.5505,
    longitude: -46.6333,
    streets: [
      "Avenida Paulista",
      "Rua Augusta",
      "Rua da Consolação",
      "Rua Teodoro Sampaio",
      "Rua Vergueiro",
      "Avenida Rebouças",
      "Rua Oscar Freire",
      "Avenida Brigadeiro Luís Antônio",
      "Rua Domingos de Morais",
      "Avenida Ibirapuera",
      "Rua Frei Caneca",
      "Avenida Santo Amaro",
    ],
  },
  "rio-de-janeiro": {
    slug: "rio-de-janeiro",
    name: "Rio de Janeiro",
    state: "RJ",
    ddd: "21",
    latitude: -22.9068,
    longitude: -43.1729,
    streets: [
      "Avenida Nossa Senhora de Copacabana",
      "Rua Barata Ribeiro",
      "Rua Visconde de Pirajá",
      "Rua Voluntários da Pátria",
      "Rua Conde de Bonfim",
      "Rua do Catete",
      "Rua São Clemente",
      "Avenida das Américas",
      "Rua Haddock Lobo",
      "Rua Jardim Botânico",
    ],
  },
  "belo-horizonte": {
    slug: "belo-horizonte",
    name: "Belo Horizonte",
    state: "MG",
    ddd: "31",
    latitude: -19.9191,
    longitude: -43.9386,
    streets: [
      "Avenida Afonso Pena",
      "Avenida do Contorno",
      "Rua da Bahia",
      "Rua Pernambuco",
      "Avenida Getúlio Vargas",
      "Rua Curitiba",
      "Avenida Amazonas",
      "Rua Rio de Janeiro",
      "Avenida Cristóvão Colombo",
      "Rua Paraíba",
    ],
  },
};

const sp = (name: string, latitude: number, longitude: number, cep: string, streets: string[], extra: Partial<Neighborhood> = {}): Neighborhood => ({
  name,
  citySlug: "sao-paulo",
  latitude,
  longitude,
  cep,
  streets,
  ...extra,
});
const rj = (name: string, latitude: number, longitude: number, cep: string, streets: string[], extra: Partial<Neighborhood> = {}): Neighborhood => ({
  name,
  citySlug: "rio-de-janeiro",
  latitude,
  longitude,
  cep,
  streets,
  ...extra,
});
const bh = (name: string, latitude: number, longitude: number, cep: string, streets: string[], extra: Partial<Neighborhood> = {}): Neighborhood => ({
  name,
  citySlug: "belo-horizonte",
  latitude,
  longitude,
  cep,
  streets,
  ...extra,
});

export const NEIGHBORHOODS: Neighborhood[] = [
  // São Paulo
  sp("Pinheiros", -23.5667, -46.6919, "05422", ["Rua Teodoro Sampaio", "Rua dos Pinheiros", "Rua Fradique Coutinho", "Rua Cardeal Arcoverde"], { tier: 3 }),
  sp("Vila Madalena", -23.5536, -46.6913, "05433", ["Rua Aspicuelta", "Rua Harmonia", "Rua Fidalga", "Rua Wisard"], { tier: 3 }),
  sp("Alto de Pinheiros", -23.5514, -46.7112, "05447", ["Rua Cerro Corá", "Avenida Pedroso de Morais", "Praça Panamericana"], { tier: 3 }),
  sp("Itaim Bibi", -23.5846, -46.6792, "04531", ["Rua Joaquim Floriano", "Rua Bandeira Paulista", "Avenida Brigadeiro Faria Lima", "Rua Tabapuã"], { tier: 3 }),
  sp("Vila Olímpia", -23.5955, -46.6861, "04547", ["Rua Funchal", "Rua Gomes de Carvalho", "Avenida Doutor Cardoso de Melo"], { tier: 3 }),
  sp("Jardim Paulista", -23.5713, -46.6608, "01415", ["Rua Oscar Freire", "Alameda Lorena", "Rua Haddock Lobo", "Alameda Santos"], { tier: 3 }),
  sp("Consolação", -23.5535, -46.658, "01301", ["Rua da Consolação", "Rua Augusta", "Rua Bela Cintra", "Rua Frei Caneca"], { tier: 2 }),
  sp("Bela Vista", -23.558, -46.644, "01317", ["Rua Treze de Maio", "Rua Rui Barbosa", "Avenida Brigadeiro Luís Antônio"], { tier: 2 }),
  sp("República", -23.544, -46.642, "01045", ["Rua Sete de Abril", "Avenida Ipiranga", "Rua Barão de Itapetininga"], { tier: 1 }),
  sp("Santa Cecília", -23.538, -46.651, "01227", ["Rua Jaguaribe", "Rua Sebastião Pereira", "Rua das Palmeiras"], { tier: 2 }),
  sp("Higienópolis", -23.5455, -46.6555, "01238", ["Avenida Higienópolis", "Rua Maranhão", "Rua Pará"], { tier: 3 }),
  sp("Liberdade", -23.5587, -46.634, "01503", ["Rua Galvão Bueno", "Rua dos Estudantes", "Rua da Glória"], { tier: 1 }),
  sp("Bom Retiro", -23.527, -46.64, "01124", ["Rua José Paulino", "Rua Ribeiro de Lima", "Rua Três Rios"], { tier: 1 }),
  sp("Barra Funda", -23.526, -46.666, "01139", ["Rua Barra Funda", "Avenida Marquês de São Vicente", "Rua Lopes Chaves"], { tier: 2 }),
  sp("Perdizes", -23.537, -46.678, "05015", ["Rua Cardoso de Almeida", "Rua Monte Alegre", "Avenida Sumaré"], { tier: 2 }),
  sp("Pompeia", -23.528, -46.686, "05024", ["Rua Clélia", "Avenida Pompéia", "Rua Tavares Bastos"], { tier: 2 }),
  sp("Lapa", -23.5225, -46.704, "05073", ["Rua Doze de Outubro", "Rua Guaicurus", "Rua Catão"], { tier: 1 }),
  sp("Vila Leopoldina", -23.531, -46.731, "05311", ["Rua Schilling", "Avenida Imperatriz Leopoldina", "Rua Carlos Weber"], { tier: 2 }),
  sp("Butantã", -23.5716, -46.7079, "05503", ["Avenida Vital Brasil", "Rua Alvarenga", "Avenida Corifeu de Azevedo Marques"], { tier: 1 }),
  sp("Morumbi", -23.598, -46.721, "05650", ["Avenida Giovanni Gronchi", "Rua Doutor Alberto Seabra", "Avenida Morumbi"], { tier: 3 }),
  sp("Moema", -23.6003, -46.6653, "04077", ["Avenida Ibirapuera", "Alameda dos Maracatins", "Avenida Moaci", "Alameda dos Nhambiquaras"], { tier: 3 }),
  sp("Vila Mariana", -23.589, -46.6345, "04101", ["Rua Domingos de Morais", "Rua Joaquim Távora", "Rua França Pinto", "Rua Vergueiro"], { tier: 2 }),
  sp("Paraíso", -23.576, -46.642, "04004", ["Rua Tutóia", "Rua Abílio Soares", "Rua Curitiba"], { tier: 2 }),
  sp("Aclimação", -23.572, -46.633, "01531", ["Rua Muniz de Sousa", "Avenida Aclimação", "Rua Pires da Mota"], { tier: 2 }),
  sp("Cambuci", -23.568, -46.622, "01521", ["Rua Lavapés", "Avenida Lins de Vasconcelos", "Rua Independência"], { tier: 1 }),
  sp("Brooklin", -23.613, -46.693, "04571", ["Rua Barão do Triunfo", "Avenida Roque Petroni Júnior", "Rua Princesa Isabel"], { tier: 3 }),
  sp("Campo Belo", -23.6225, -46.671, "04617", ["Avenida Vereador José Diniz", "Rua Vieira de Morais", "Rua Doutor Jesuíno Maciel"], { tier: 2 }),
  sp("Santo Amaro", -23.653, -46.71, "04742", ["Avenida Adolfo Pinheiro", "Largo Treze de Maio", "Rua Padre José de Anchieta"], { tier: 1 }),
  sp("Saúde", -23.618, -46.638, "04141", ["Avenida Jabaquara", "Rua Loefgren", "Rua Carneiro da Cunha"], { tier: 2 }),
  sp("Jabaquara", -23.645, -46.641, "04321", ["Avenida Engenheiro Armando de Arruda Pereira", "Rua Nelson Fernandes"], { tier: 1 }),
  sp("Ipiranga", -23.588, -46.608, "04202", ["Rua Silva Bueno", "Rua Bom Pastor", "Avenida Nazaré"], { tier: 1 }),
  sp("Mooca", -23.558, -46.599, "03103", ["Rua da Mooca", "Rua Juventus", "Rua Taquari", "Rua Javari"], { tier: 2 }),
  sp("Brás", -23.543, -46.616, "03011", ["Rua Oriente", "Avenida Rangel Pestana", "Rua Maria Marcolina"], { tier: 1 }),
  sp("Belém", -23.539, -46.596, "03054", ["Avenida Celso Garcia", "Rua Siqueira Bueno", "Rua Catumbi"], { tier: 1 }),
  sp("Tatuapé", -23.54, -46.576, "03306", ["Rua Tuiuti", "Rua Itapura", "Avenida Celso Garcia", "Rua Serra de Botucatu"], { tier: 2 }),
  sp("Vila Prudente", -23.585, -46.58, "03132", ["Avenida Paes de Barros", "Rua Ibitirama", "Avenida do Oratório"], { tier: 1 }),
  sp("Penha", -23.524, -46.543, "03602", ["Rua Padre João", "Avenida Penha de França", "Rua Doutor João Ribeiro"], { tier: 1 }),
  sp("Santana", -23.502, -46.625, "02012", ["Rua Voluntários da Pátria", "Rua Doutor César", "Avenida Cruzeiro do Sul"], { tier: 2 }),
  sp("Tucuruvi", -23.48, -46.604, "02306", ["Avenida Tucuruvi", "Rua Paulo Franco", "Avenida Mazzei"], { tier: 1 }),
  sp("Vila Guilherme", -23.51, -46.606, "02063", ["Avenida Guilherme", "Rua Chico Pontes", "Avenida Morvan Dias de Figueiredo"], { tier: 1 }),
  sp("Casa Verde", -23.509, -46.656, "02510", ["Avenida Casa Verde", "Rua Zilda", "Avenida Brás Leme"], { tier: 1 }),
  sp("Freguesia do Ó", -23.499, -46.696, "02912", ["Avenida Itaberaba", "Largo da Matriz de Nossa Senhora do Ó", "Rua Sampaio Correa"], { tier: 1 }),

  // Rio de Janeiro (smaller spread by the sea and the lagoon)
  rj("Copacabana", -22.969, -43.186, "22020", ["Avenida Nossa Senhora de Copacabana", "Rua Barata Ribeiro", "Rua Siqueira Campos", "Rua Santa Clara"], {
    spreadKm: 0.5,
    tier: 2,
  }),
  rj("Ipanema", -22.9827, -43.2048, "22410", ["Rua Visconde de Pirajá", "Rua Farme de Amoedo", "Rua Garcia d'Ávila", "Rua Teixeira de Melo"], {
    spreadKm: 0.35,
    tier: 3,
  }),
  rj("Leblon", -22.9833, -43.223, "22430", ["Avenida Ataulfo de Paiva", "Rua Dias Ferreira", "Rua General Urquiza"], { spreadKm: 0.35, tier: 3 }),
  rj("Botafogo", -22.951, -43.187, "22250", ["Rua Voluntários da Pátria", "Rua São Clemente", "Rua Real Grandeza", "Rua Arnaldo Quintela"], {
    spreadKm: 0.7,
    tier: 2,
  }),
  rj("Humaitá", -22.956, -43.198, "22261", ["Rua Humaitá", "Rua Visconde de Caravelas", "Rua Capitão Salomão"], { spreadKm: 0.5, tier: 2 }),
  rj("Flamengo", -22.933, -43.1775, "22210", ["Rua Marquês de Abrantes", "Rua Senador Vergueiro", "Rua Paissandu"], { spreadKm: 0.4, tier: 2 }),
  rj("Laranjeiras", -22.935, -43.187, "22240", ["Rua das Laranjeiras", "Rua General Glicério", "Rua Pinheiro Machado"], { spreadKm: 0.6, tier: 2 }),
  rj("Catete", -22.926, -43.1775, "22220", ["Rua do Catete", "Rua Bento Lisboa", "Rua Correia Dutra"], { spreadKm: 0.4, tier: 1 }),
  rj("Glória", -22.9205, -43.1765, "22211", ["Rua da Glória", "Rua Cândido Mendes", "Rua do Russel"], { spreadKm: 0.35, tier: 1 }),
  rj("Lapa", -22.9133, -43.18, "20230", ["Rua do Lavradio", "Rua Mem de Sá", "Rua Riachuelo"], { spreadKm: 0.4, tier: 1 }),
  rj("Centro", -22.906, -43.182, "20040", ["Rua da Assembleia", "Avenida Rio Branco", "Rua do Ouvidor", "Rua Sete de Setembro"], { spreadKm: 0.5, tier: 2 }),
  rj("Santa Teresa", -22.92, -43.188, "20241", ["Rua Almirante Alexandrino", "Rua Paschoal Carlos Magno", "Rua Monte Alegre"], { spreadKm: 0.6, tier: 2 }),
  rj("Tijuca", -22.925, -43.233, "20520", ["Rua Conde de Bonfim", "Rua Haddock Lobo", "Rua Uruguai", "Rua Desembargador Isidro"], { tier: 2 }),
  rj("Maracanã", -22.912, -43.23, "20271", ["Rua São Francisco Xavier", "Rua Professor Eurico Rabelo", "Rua Dona Zulmira"], { tier: 1 }),
  rj("Vila Isabel", -22.916, -43.247, "20550", ["Boulevard 28 de Setembro", "Rua Teodoro da Silva", "Rua Torres Homem"], { tier: 1 }),
  rj("Grajaú", -22.923, -43.263, "20560", ["Rua Barão do Bom Retiro", "Rua Borda do Mato", "Rua José Vicente"], { spreadKm: 0.8, tier: 1 }),
  rj("Andaraí", -22.926, -43.249, "20541", ["Rua Barão de Mesquita", "Rua Leopoldo", "Rua Maxwell"], { spreadKm: 0.8, tier: 1 }),
  rj("Méier", -22.902, -43.278, "20720", ["Rua Dias da Cruz", "Rua Silva Rabelo", "Rua Carolina Méier"], { tier: 1 }),
  rj("São Cristóvão", -22.899, -43.222, "20921", ["Rua São Luiz Gonzaga", "Rua Figueira de Melo", "Rua General Bruce"], { spreadKm: 0.8, tier: 1 }),
  rj("Gávea", -22.979, -43.233, "22451", ["Rua Marquês de São Vicente", "Praça Santos Dumont", "Rua dos Oitis"], { spreadKm: 0.5, tier: 3 }),
  rj("Jardim Botânico", -22.966, -43.223, "22460", ["Rua Jardim Botânico", "Rua Pacheco Leão", "Rua Lopes Quintas"], { spreadKm: 0.5, tier: 3 }),
  rj(
    "Barra da Tijuca",
    -23.0,
    -43.365,
    "22631",
    ["Avenida das Américas", "Avenida Armando Lombardi", "Avenida Olegário Maciel", "Rua Jornalista Ricardo Marinho"],
    { spreadKm: 0.9, tier: 3 },
  ),
  rj("Recreio dos Bandeirantes", -23.017, -43.463, "22790", ["Avenida Genaro de Carvalho", "Avenida das Américas", "Rua Glaucio Gil"], {
    spreadKm: 0.7,
    tier: 2,
  }),
  rj("Freguesia (Jacarepaguá)", -22.938, -43.343, "22750", ["Estrada dos Três Rios", "Avenida Geremário Dantas", "Rua Araguaia"], { tier: 2 }),
  rj("Madureira", -22.872, -43.338, "21351", ["Estrada do Portela", "Avenida Ministro Edgard Romero", "Rua Carolina Machado"], { tier: 1 }),
  rj("Penha", -22.84, -43.278, "21020", ["Avenida Brás de Pina", "Rua Nossa Senhora da Penha", "Rua Montevidéu"], { tier: 1 }),
  rj("Campo Grande", -22.902, -43.56, "23050", ["Rua Coronel Agostinho", "Estrada do Monteiro", "Avenida Cesário de Melo"], { tier: 1 }),

  // Belo Horizonte
  bh("Savassi", -19.938, -43.934, "30140", ["Rua Antônio de Albuquerque", "Rua Fernandes Tourinho", "Rua Tomé de Souza", "Avenida Getúlio Vargas"], {
    tier: 3,
  }),
  bh("Funcionários", -19.933, -43.93, "30130", ["Rua Paraíba", "Rua Sergipe", "Rua Gonçalves Dias", "Avenida Brasil"], { tier: 3 }),
  bh("Lourdes", -19.933, -43.943, "30170", ["Rua Santa Catarina", "Rua Marília de Dirceu", "Rua Curitiba", "Rua da Bahia"], { tier: 3 }),
  bh("Centro", -19.9191, -43.9386, "30120", ["Avenida Afonso Pena", "Rua Rio de Janeiro", "Rua dos Tupis", "Avenida Amazonas"], { tier: 1 }),
  bh("Santo Agostinho", -19.928, -43.95, "30190", ["Rua Rio Grande do Norte", "Avenida Olegário Maciel", "Rua Mato Grosso"], { tier: 2 }),
  bh("Barro Preto", -19.924, -43.952, "30180", ["Rua dos Guajajaras", "Avenida Augusto de Lima", "Rua Araguari"], { tier: 1 }),
  bh("Sion", -19.953, -43.938, "30315", ["Rua Grão Mogol", "Avenida Nossa Senhora do Carmo", "Rua Montevidéu"], { tier: 3 }),
  bh("Anchieta", -19.949, -43.928, "30310", ["Rua Francisco Deslandes", "Rua Flórida", "Rua Carangola"], { tier: 2 }),
  bh("Cruzeiro", -19.944, -43.929, "30310", ["Rua Ouro Fino", "Rua Doutor Sette Câmara"], { tier: 2 }),
  bh("Serra", -19.94, -43.92, "30220", ["Rua do Ouro", "Rua Palmira", "Avenida do Contorno"], { tier: 2 }),
  bh("Mangabeiras", -19.95, -43.915, "30210", ["Avenida Bandeirantes", "Avenida José do Patrocínio Pontes"], { tier: 3 }),
  bh("Santa Efigênia", -19.925, -43.922, "30260", ["Avenida Brasil", "Rua Domingos Vieira", "Rua Padre Rolim"], { tier: 1 }),
  bh("Santa Tereza", -19.915, -43.915, "31010", ["Rua Mármore", "Rua Pouso Alegre", "Rua Quimberlita"], { tier: 1 }),
  bh("Floresta", -19.913, -43.929, "30150", ["Rua Pouso Alegre", "Rua Itajubá", "Avenida do Contorno"], { tier: 2 }),
  bh("Cidade Nova", -19.899, -43.926, "31170", ["Avenida Cristiano Machado", "Rua Jacuí", "Rua Itamarandiba"], { tier: 2 }),
  bh("Pampulha", -19.864, -43.969, "31270", ["Avenida Otacílio Negrão de Lima", "Avenida Antônio Carlos", "Rua Dirce Drumond"], { spreadKm: 0.6, tier: 2 }),
  bh("Castelo", -19.885, -44.003, "31330", ["Avenida dos Engenheiros", "Rua Castelo de Lisboa", "Rua Castelo de Alcobaça"], { tier: 2 }),
  bh("Caiçara", -19.899, -43.963, "30770", ["Avenida Abílio Machado", "Rua Itaparica", "Rua Conceição do Pará"], { tier: 1 }),
  bh("Padre Eustáquio", -19.909, -43.976, "30720", ["Rua Pará de Minas", "Rua Padre Eustáquio", "Rua Pitangui"], { tier: 1 }),
  bh("Carlos Prates", -19.914, -43.956, "30710", ["Avenida Nossa Senhora de Fátima", "Rua Padre Eustáquio", "Rua Itapecerica"], { tier: 1 }),
  bh("Prado", -19.927, -43.965, "30411", ["Rua Platina", "Avenida Francisco Sá", "Rua Ouro Preto"], { tier: 2 }),
  bh("Gutierrez", -19.937, -43.962, "30441", ["Avenida Silva Lobo", "Rua Professor Antônio Aleixo", "Rua Tenente Brito Melo"], { tier: 2 }),
  bh("São Pedro", -19.946, -43.941, "30330", ["Rua Major Lopes", "Rua Cristina", "Avenida Uruguai"], { tier: 3 }),
  bh("Buritis", -19.976, -43.969, "30575", ["Avenida Professor Mário Werneck", "Rua Henrique Badaró Portugal", "Rua Engenheiro Alberto Pontes"], { tier: 2 }),
  bh("Belvedere", -19.975, -43.944, "30320", ["Rua Jornalista Djalma Andrade", "Avenida Luiz Paulo Franco", "Rua Juiz de Fora"], { tier: 3 }),
];

/** The neighbourhoods of a city. */
export function neighborhoodsOf(citySlug: CitySlug): Neighborhood[] {
  return NEIGHBORHOODS.filter((n) => n.citySlug === citySlug);
}

/** Streets to pick an address from in a neighbourhood. */
export function streetsOf(n: Neighborhood): string[] {
  return n.streets.length > 0 ? n.streets : CITIES[n.citySlug].streets;
}

/** Every city and neighbourhood as a row of the places table (the location suggestions). */
export function placeRows() {
  return [
    ...Object.values(CITIES).map((c) => ({
      kind: "city",
      name: c.name,
      city: c.name,
      citySlug: c.slug,
      state: c.state,
      latitude: c.latitude,
      longitude: c.longitude,
    })),
    ...NEIGHBORHOODS.map((n) => ({
      kind: "neighborhood",
      name: n.name,
      city: CITIES[n.citySlug].name,
      citySlug: n.citySlug,
      state: CITIES[n.citySlug].state,
      latitude: n.latitude,
      longitude: n.longitude,
    })),
  ];
}
