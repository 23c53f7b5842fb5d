/** @jest-environment jsdom */
import { waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { logout } from "./account";
import { api, call } from "./client";
import { DEFAULT_ERROR_MESSAGE, errorMessage } from "./errors";
import { clearSession, restoreSession, saveSession } from "./session";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const user = { id: 7, type: "client" as const, name: "Ana Souza", email: "ana@exemplo.com.br", phone: "+5511912345678", birth_date: null, avatar_url: null };
const t = (key: string) => `t(${key})`;

function failWith(status: number, data: unknown) {
  return Object.assign(new Error("Request failed"), { isAxiosError: true, response: { status, data } });
}

describe("errorMessage (the spec's rule)", () => {
  it("uses the server's error string", () => {
    expect(errorMessage(failWith(401, { error: "Login failed", code: "LOGIN_FAILED" }))).toBe("Login failed");
  });
  it("falls back to the Portuguese message when error is an object or missing", () => {
    expect(errorMessage(failWith(500, { error: { detail: "x" } }))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(failWith(500, {}))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(new Error("Network Error"))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(DEFAULT_ERROR_MESSAGE).toMatch(/^Ocorreu um erro ao realizar esta ação/);
  });
});

describe("call()", () => {
  beforeEach(() => jest.clearAllMocks());

  it("shows an error toast titled by the error key with the server's message, and calls onError", async () => {
    const onError = jest.fn();
    const result = await call(() => Promise.reject(failWith(500, { error: "Banco fora do ar" })), { t, errorKey: "LOAD_SERVICES_ERROR", onError });
    expect(result).toBeUndefined();
    expect(onError).toHaveBeenCalledWith("Banco fora do ar", expect.anything());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("t(errors:LOAD_SERVICES_ERROR)", { description: "Banco fora do ar" }));
  });

  it("does not repeat the title as the text when the server says the same (a failed login)", async () => {
    const same = (key: string) => (key === "errors:LOGIN_FAILED" ? "Falha no login" : key);
    await call(() => Promise.reject(failWith(401, { error: "Falha no login", code: "LOGIN_FAILED" })), { t: same, errorKey: "LOGIN_FAILED" });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Falha no login", undefined));
  });

  it("shows no toast without an error key", async () => {
    await call(() => Promise.reject(failWith(400, { error: "x" })), { t });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows a translated success toast and returns the data", async () => {
    const result = await call(() => Promise.resolve({ data: { ok: 1 } }), { t, successKey: "success.dataUpdated" });
    expect(result).toEqual({ ok: 1 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("t(success.dataUpdated)", undefined));
  });
});

describe("session store", () => {
  beforeEach(() => {
    localStorage.clear();
    clearSession();
  });

  it("saves token, user, user data and type, and sets the bearer header", async () => {
    saveSession("tok-123", user);
    expect(localStorage.getItem("token")).toBe("tok-123");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(user);
    expect(JSON.parse(localStorage.getItem("userData")!)).toEqual(user);
    expect(localStorage.getItem("userType")).toBe("client");
    expect(api.defaults.headers.common.Authorization).toBe("Bearer tok-123");

    let sent: unknown;
    await api.get("/anything", {
      adapter: async (config) => {
        sent = config.headers.Authorization;
        return { data: {}, status: 200, statusText: "OK", headers: {}, config };
      },
    });
    expect(sent).toBe("Bearer tok-123");
  });

  it("restores the session and the header on load", () => {
    localStorage.setItem("token", "tok-9");
    localStorage.setItem("user", JSON.stringify(user));
    localStorage.setItem("userType", "client");
    const session = restoreSession();
    expect(session.token).toBe("tok-9");
    expect(session.user?.name).toBe("Ana Souza");
    expect(api.defaults.headers.common.Authorization).toBe("Bearer tok-9");
  });

  it("sets everything to null on logout and sends no token afterwards", async () => {
    saveSession("tok-123", user);
    clearSession();
    for (const key of ["token", "user", "userData", "userType"]) expect(localStorage.getItem(key)).toBe("null");
    expect(restoreSession().token).toBeNull();
    let sent: unknown = "unset";
    await api.get("/anything", {
      adapter: async (config) => {
        sent = config.headers.Authorization;
        return { data: {}, status: 200, statusText: "OK", headers: {}, config };
      },
    });
    expect(sent).toBeUndefined();
  });

  it("logout asks the server to revoke the token, then forgets it even when the server fails", async () => {
    saveSession("tok-456", user);
    const calls: { url?: string; method?: string; auth: unknown }[] = [];
    const original = api.defaults.adapter;
    api.defaults.adapter = async (config) => {
      calls.push({ url: config.url, method: config.method, auth: config.headers.Authorization });
      throw failWith(503, {});
    };
    try {
      await logout();
    } finally {
      api.defaults.adapter = original;
    }
    expect(calls).toEqual([{ url: "/logout", method: "post", auth: "Bearer tok-456" }]);
    expect(restoreSession().token).toBeNull();
  });
});
