/** @jest-environment jsdom */
import { getSession, SESSION_KEYS, savedSession } from "./session";

it("reads the saved session from storage when an action comes before the restorer has run", () => {
  const user = { id: 3, type: "client", name: "Ana Lima", email: "ana@example.com", phone: "+5511912345678", birth_date: null, avatar_url: null };
  localStorage.setItem(SESSION_KEYS.token, "saved-token");
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  // Nothing restored yet (the restorer is an effect after hydration): the store alone says signed out.
  expect(getSession().token).toBeNull();
  expect(savedSession()).toMatchObject({ token: "saved-token", user: { name: "Ana Lima" } });
  expect(getSession().token).toBe("saved-token");
});

it("stays signed out when nothing is saved", () => {
  localStorage.clear();
  jest.isolateModules(() => {
    const fresh = jest.requireActual<typeof import("./session")>("./session");
    expect(fresh.savedSession().token).toBeNull();
  });
});
