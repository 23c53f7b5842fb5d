// Words and catalogues for the demo data: shop names, people, services, products, reviews.
// Everything is in Brazilian Portuguese, as a user of the app would see it.

// ---------------------------------------------------------------------------------------------
// Shop names
// ---------------------------------------------------------------------------------------------

/** Complete names that stand on their own. */
export const SHOP_NAMES = [
  "Navalha de Ouro",
  "Corte & Cia",
  "Dom Bigode",
  "Old School Barber",
  "Seu Zé Barbearia",
  "Tesoura Afiada",
  "Pente Fino",
  "Cadeira de Ouro",
  "Barba Negra",
  "Bigode Grosso",
  "Los Hermanos Barbearia",
  "Navalha Dourada",
  "Barbearia Vintage",
  "Barbearia Imperial",
  "Barbearia Tradição",
  "Barbearia do Bairro",
  "Barbearia Família",
  "Barbearia Brasil",
  "Dom Navalha",
  "Mestre da Navalha",
  "Barbearia Retrô",
  "Clube do Bigode",
  "Barba & Bigode",
  "Cabelo & Barba Co.",
  "Barbearia Central",
  "Studio Barba Rica",
  "Barbearia Real",
  "Casa do Barbeiro",
  "Barbearia Dois Irmãos",
  "Barbearia Boa Vista",
  "Navalha Preta",
  "Barbearia Cavalheiro",
  "O Barbeiro",
  "Barbearia Sete Navalhas",
  "Barbearia Cangaço",
  "Barbearia Estilo",
  "Barbearia Raiz",
  "Zero Oito Barbearia",
  "Barbearia Tio Patinhas",
  "Barbearia do Português",
  "Navalha & Tesoura",
  "Barbearia Bossa Nova",
  "Garagem Barber Shop",
  "Barbearia Cartel",
  "Barbearia Jequitibá",
  "Barbearia Boteco",
  "Barbearia do Vovô",
  "Barbearia Sr. Bigode",
];

/** "Barbearia do Zé", "Barbearia Seu Jorge"... combined with a person below. */
export const SHOP_NAME_OWNER_PATTERNS = [
  "Barbearia do {name}",
  "Barbearia Seu {name}",
  "{name} Barber Shop",
  "Espaço {name}",
  "Studio {name}",
  "Dom {name} Barbearia",
  "{name} Cortes",
];

export const SHOP_OWNER_NAMES = [
  "Zé",
  "Tonho",
  "Jorge",
  "Nonato",
  "Chico",
  "Neném",
  "Juca",
  "Tião",
  "Dedé",
  "Biel",
  "Rafa",
  "Léo",
  "Marquinhos",
  "Careca",
  "Baiano",
  "Mineiro",
  "Paulinho",
  "Fabinho",
  "Bené",
  "Joca",
];

/** "Barbearia Pinheiros", "Navalha Savassi"... combined with the neighbourhood name. */
export const SHOP_NAME_PLACE_PATTERNS = ["Barbearia {place}", "Navalha {place}", "{place} Barber Club", "Corte {place}", "Barbearia Raízes {place}"];

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

/** Barbers as they appear in the app: first name or nickname. */
export const BARBER_NAMES = [
  "Rafael",
  "Bruno",
  "Thiago",
  "Lucas",
  "Matheus",
  "Gabriel",
  "Felipe",
  "Diego",
  "Anderson",
  "Wesley",
  "Jefferson",
  "Kauã",
  "Davi",
  "Igor",
  "Caio",
  "Renan",
  "Vinícius",
  "Henrique",
  "Leandro",
  "Márcio",
  "Edson",
  "Cláudio",
  "Robson",
  "Washington",
  "Maicon",
  "Pedro",
  "João",
  "Fernanda",
  "Juliana",
  "Camila",
  "Paty",
  "Jô",
  "Neguinho",
  "Pretinho",
  "Alemão",
  "Japa",
  "Baixinho",
  "Magrão",
  "Cabeça",
  "Dudu",
  "Guga",
  "Tuca",
  "Binho",
  "Nando",
  "Zezinho",
  "Mestre Toninho",
  "Seu Valdir",
  "Seu Orlando",
];

export const CLIENT_FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carlos",
  "Daniel",
  "Eduardo",
  "Fernando",
  "Gustavo",
  "Henrique",
  "Igor",
  "João",
  "Leonardo",
  "Marcelo",
  "Nicolas",
  "Otávio",
  "Paulo",
  "Rafael",
  "Sérgio",
  "Tiago",
  "Vitor",
  "Wagner",
  "André",
  "Ricardo",
  "Rodrigo",
  "Fábio",
  "Luiz",
  "Miguel",
  "Arthur",
  "Heitor",
  "Bernardo",
  "Samuel",
  "Mariana",
  "Beatriz",
  "Luana",
  "Guilherme",
  "Murilo",
  "Enzo",
  "Lorenzo",
  "Antônio",
  "Francisco",
  "Raimundo",
];

export const CLIENT_LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Teixeira",
  "Araújo",
  "Cavalcanti",
  "Monteiro",
];

// ---------------------------------------------------------------------------------------------
// Services and products
// ---------------------------------------------------------------------------------------------

export type ServiceCategory = "hair" | "beard" | "combo" | "care" | "color";

export type CatalogueService = {
  name: string;
  description: string;
  category: ServiceCategory;
  /** Price range in whole reais. */
  price: [number, number];
  /** Possible durations in minutes (multiples of 5). */
  durations: number[];
  /** Offered by every shop. */
  core?: boolean;
};

export const SERVICE_CATALOGUE: CatalogueService[] = [
  {
    name: "Corte masculino",
    description: "Corte na máquina e tesoura, com lavagem e finalização.",
    category: "hair",
    price: [35, 80],
    durations: [30, 40, 45],
    core: true,
  },
  {
    name: "Barba",
    description: "Barba modelada na navalha com toalha quente e balm.",
    category: "beard",
    price: [25, 60],
    durations: [20, 30, 40],
    core: true,
  },
  {
    name: "Corte + barba",
    description: "O combo completo: corte, barba na navalha e toalha quente.",
    category: "combo",
    price: [55, 130],
    durations: [60, 70, 75],
    core: true,
  },
  {
    name: "Degradê",
    description: "Fade do zero ou navalhado, transição bem feita e acabamento no pezinho.",
    category: "hair",
    price: [40, 85],
    durations: [40, 45, 50],
  },
  {
    name: "Corte social",
    description: "Corte clássico na tesoura, ideal para o dia a dia no trabalho.",
    category: "hair",
    price: [35, 70],
    durations: [30, 35, 40],
  },
  {
    name: "Corte na tesoura",
    description: "Corte inteiro na tesoura para cabelos médios e longos.",
    category: "hair",
    price: [45, 95],
    durations: [45, 50, 60],
  },
  {
    name: "Navalhado",
    description: "Cabelo raspado na navalha com acabamento liso e hidratação do couro cabeludo.",
    category: "hair",
    price: [35, 70],
    durations: [30, 40],
  },
  { name: "Corte infantil", description: "Corte para crianças até 12 anos, com paciência e carinho.", category: "hair", price: [30, 60], durations: [30, 35] },
  { name: "Pezinho", description: "Acabamento do contorno e da nuca entre um corte e outro.", category: "hair", price: [10, 25], durations: [10, 15] },
  {
    name: "Barboterapia",
    description: "Barba com esfoliação, vapor de ozônio, toalha quente e massagem facial.",
    category: "beard",
    price: [45, 90],
    durations: [40, 45, 50],
  },
  {
    name: "Design de barba",
    description: "Desenho e alinhamento da barba com navalha, sem perder o volume.",
    category: "beard",
    price: [30, 55],
    durations: [25, 30],
  },
  {
    name: "Pigmentação",
    description: "Pigmentação de barba ou cabelo para disfarçar falhas e dar definição.",
    category: "color",
    price: [30, 70],
    durations: [20, 30],
  },
  {
    name: "Platinado",
    description: "Descoloração global com matização para o loiro platinado.",
    category: "color",
    price: [120, 250],
    durations: [120, 150, 180],
  },
  { name: "Luzes", description: "Luzes ou reflexos na touca ou no papel, com matização.", category: "color", price: [90, 200], durations: [90, 120] },
  {
    name: "Coloração de barba",
    description: "Tintura para cobrir os fios brancos da barba com aspecto natural.",
    category: "color",
    price: [35, 70],
    durations: [30, 40],
  },
  { name: "Sobrancelha", description: "Limpeza e alinhamento da sobrancelha na navalha ou na pinça.", category: "care", price: [15, 30], durations: [10, 15] },
  { name: "Hidratação", description: "Hidratação profunda para cabelo ou barba ressecados.", category: "care", price: [30, 70], durations: [20, 30] },
  {
    name: "Relaxamento",
    description: "Relaxamento capilar para reduzir o volume e facilitar o penteado.",
    category: "care",
    price: [60, 130],
    durations: [60, 75, 90],
  },
  {
    name: "Selagem",
    description: "Selagem térmica que alinha os fios e tira o frizz por semanas.",
    category: "care",
    price: [90, 180],
    durations: [75, 90, 120],
  },
  {
    name: "Limpeza de pele",
    description: "Limpeza facial com esfoliação, extração e máscara calmante.",
    category: "care",
    price: [60, 120],
    durations: [45, 60],
  },
  { name: "Depilação de nariz e orelha", description: "Depilação com cera rápida e sem sofrimento.", category: "care", price: [15, 30], durations: [10, 15] },
  {
    name: "Combo pai e filho",
    description: "Corte para o pai e para o filho na mesma cadeira, um depois do outro.",
    category: "combo",
    price: [70, 130],
    durations: [60, 70],
  },
  { name: "Corte + sobrancelha", description: "Corte masculino com acabamento da sobrancelha.", category: "combo", price: [45, 95], durations: [40, 45, 50] },
  {
    name: "Dia do noivo",
    description: "Corte, barba, limpeza de pele e hidratação antes do grande dia.",
    category: "combo",
    price: [180, 350],
    durations: [120, 150],
  },
];

export type CatalogueProduct = { name: string; price: [number, number] };

export const PRODUCT_CATALOGUE: CatalogueProduct[] = [
  { name: "Pomada modeladora", price: [35, 70] },
  { name: "Pomada efeito seco", price: [35, 70] },
  { name: "Óleo para barba", price: [30, 65] },
  { name: "Balm para barba", price: [30, 60] },
  { name: "Shampoo para barba", price: [25, 55] },
  { name: "Shampoo anticaspa", price: [25, 50] },
  { name: "Minoxidil 5%", price: [50, 95] },
  { name: "Pente de madeira", price: [15, 35] },
  { name: "Cerveja artesanal", price: [15, 28] },
  { name: "Chope", price: [12, 22] },
  { name: "Café espresso", price: [6, 12] },
  { name: "Refrigerante lata", price: [6, 9] },
  { name: "Água com gás", price: [4, 8] },
  { name: "Dose de whisky", price: [20, 45] },
  { name: "Pós-barba", price: [30, 60] },
  { name: "Cera capilar", price: [30, 60] },
];

// ---------------------------------------------------------------------------------------------
// Shop and barber texts
// ---------------------------------------------------------------------------------------------

/** {place} and {city} are replaced by the neighbourhood and the city. */
export const SHOP_DESCRIPTIONS = [
  "Barbearia clássica no coração de {place}, com atendimento sem pressa, toalha quente e aquele cafezinho enquanto você espera.",
  "Ambiente descontraído, música boa e barbeiros especializados em degradê e barba na navalha. Aqui em {place} o papo é bom e o corte é melhor ainda.",
  "Tradição de família desde os anos 90: corte na tesoura, barba bem feita e o atendimento de sempre, agora com agendamento online.",
  "Espaço inspirado nas barbearias old school, com cadeiras de época, cerveja gelada e sinuca para quem chega cedo.",
  "Especialistas em cortes modernos, freestyle e platinado. Traga sua referência que a gente chega lá.",
  "Barbearia de bairro, preço justo e profissionais experientes. Atendemos adultos e crianças em {place}.",
  "Do social ao moderno, cuidamos do seu visual com produtos de qualidade e técnica apurada. Estacionamento conveniado na rua ao lado.",
  "Um refúgio masculino em {city}: barba, cabelo, limpeza de pele e um bom whisky para fechar.",
  "Atendimento pontual, ambiente climatizado e barbeiros premiados em campeonatos. Agende pelo app e não pegue fila.",
  "Aqui o cliente é tratado pelo nome. Barbearia raiz, com navalha, espuma quente e conversa sobre futebol.",
  "Ambiente acolhedor e inclusivo, com cortes para todos os estilos e tipos de cabelo, inclusive crespos e cacheados.",
  "Fazemos do corte um ritual: lavagem com massagem, finalização caprichada e dicas para manter o estilo em casa.",
  "Pertinho do metrô, ideal para cortar o cabelo no horário do almoço ou depois do expediente.",
  "Barbearia e tabacaria, com cervejas artesanais locais e um clima de boteco chique em {place}.",
];

export const BARBER_BIOS = [
  "Barbeiro há {years} anos, especialista em degradê e navalhado.",
  "Apaixonado por barba: do desenho clássico ao lenhador, com toalha quente sempre.",
  "Começou cortando o cabelo dos amigos no quintal e hoje tem {years} anos de profissão.",
  "Especialista em cortes na tesoura e visagismo. Gosta de entender o estilo de cada cliente.",
  "Fera no freestyle e nos desenhos. Campeão regional de barbearia.",
  "Colorista da casa: platinado, luzes e pigmentação são com ele.",
  "Atende crianças com toda a paciência do mundo. Os pequenos saem felizes.",
  "{years} anos de navalha. Corte social e barba clássica como antigamente.",
  "Especialista em cabelos crespos e cacheados, do corte à finalização.",
  "Formado pela escola de barbeiros do Senac, sempre se atualizando nas novas tendências.",
  "Conversa boa, mão leve e pontualidade. Cliente de primeira viagem vira cliente fiel.",
  "Trabalha com barba terapia e limpeza de pele. Tira o estresse de qualquer um.",
];

export const AMENITIES = [
  "Wi-Fi",
  "Ar-condicionado",
  "Estacionamento",
  "Aceita cartão",
  "Pix",
  "Cerveja gelada",
  "Café cortesia",
  "Acessível",
  "Atende crianças",
  "Sinuca",
  "Videogame",
  "TV com futebol",
  "Pet friendly",
];

/** Every shop has these two; the others are drawn at random. */
export const BASIC_AMENITIES = ["Aceita cartão", "Pix"];

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

export const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    "Melhor barbearia da região! Atendimento impecável e o corte ficou exatamente como eu queria.",
    "O degradê ficou perfeito, nem precisei explicar duas vezes. Já marquei o próximo.",
    "Ambiente top, cerveja gelada e barbeiro que sabe o que faz. Recomendo demais.",
    "Barba na navalha com toalha quente, saí outro homem. Vale cada centavo.",
    "Levei meu filho pela primeira vez e o barbeiro teve uma paciência enorme. Voltaremos!",
    "Pontualidade britânica: cheguei no horário e fui atendido na hora. Corte nota 10.",
    "Frequento há anos e nunca me decepcionou. Atendimento de primeira.",
    "Fiz o platinado e ficou sensacional, sem estragar o cabelo. Profissional muito cuidadoso.",
    "Lugar muito agradável, café fresquinho e um papo ótimo. O corte ficou excelente.",
    "Agendei pelo app em dois minutos e foi tudo certinho. Barbearia nota mil.",
    "O melhor acabamento de barba que já fiz. Muito caprichoso.",
    "Cortei para o casamento de um amigo e recebi elogio a noite inteira.",
    "Atendimento humano, preço justo e resultado impecável. Virei cliente.",
    "Finalmente achei um barbeiro que sabe cortar cabelo cacheado! Ficou lindo.",
    "Muito bom, lugar limpo, organizado e com profissionais de verdade.",
  ],
  4: [
    "Corte muito bom, só atrasou uns 10 minutinhos para começar.",
    "Gostei bastante do resultado. O preço é um pouco salgado, mas a qualidade compensa.",
    "Barbeiro atencioso e ambiente bacana. Só achei a música um pouco alta.",
    "Ficou ótimo, só faltou passar uma pomada no final. No geral, recomendo.",
    "Bom atendimento e corte bem feito. Estacionamento na região é que é complicado.",
    "A barba ficou muito boa. Da próxima vez quero testar a hidratação.",
    "Lugar aconchegante e barbeiro gente boa. O corte ficou bom, voltarei.",
    "Serviço caprichado, só demorou um pouco mais do que o previsto.",
    "Gostei do degradê, bem feito. Só o café que estava frio.",
    "Bom custo-benefício para o bairro. Atendimento simpático.",
    "O corte ficou bem legal, mas poderiam ter mais horários no sábado.",
    "Profissional competente, mas o ar-condicionado estava fraco no dia.",
  ],
  3: [
    "Corte ok, nada de especial. Esperava um pouco mais pelo preço.",
    "Atendimento simpático, mas o degradê ficou meio irregular atrás.",
    "Foi razoável. Tive que esperar 20 minutos mesmo com horário marcado.",
    "O resultado ficou bom, mas o barbeiro estava com pressa.",
    "Ambiente legal, porém o corte não ficou como na foto que mostrei.",
    "Nada de errado, mas também nada que me faça voltar correndo.",
    "A barba ficou boa, o cabelo nem tanto. Vou dar mais uma chance.",
  ],
  2: [
    "Esperei mais de 30 minutos além do horário marcado e ninguém avisou.",
    "O corte ficou torto na lateral, tive que voltar para arrumar.",
    "Cobraram a hidratação que eu não pedi. Resolveram, mas foi chato.",
    "Ambiente bonito, mas o atendimento foi frio e apressado.",
  ],
  1: [
    "Cheguei no horário e a barbearia estava fechada. Ninguém avisou pelo WhatsApp.",
    "Pedi só para aparar e passaram a máquina bem curta. Não gostei nada.",
    "Me cortaram com a navalha e nem pediram desculpa. Não volto.",
  ],
};

export const APPOINTMENT_NOTES = [
  "Quero manter o comprimento em cima.",
  "Degradê baixo, por favor.",
  "Levo uma foto de referência.",
  "Primeira vez na barbearia.",
  "Tenho pele sensível na barba.",
  "Pode ser com a máquina 2 nas laterais.",
];
