// The demo client's login, which the seed creates and the README, e2e and scripts use.

export const DEMO_EMAIL = "demo@navalha.app";
export const DEMO_PASSWORD = "demo1234";
export const DEMO_PHONE = "+5511987654321";
export const DEMO_NAME = "Cliente Demo";
