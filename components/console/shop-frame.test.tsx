import type { TStaffRole } from "@/lib/contract/staff";
import { permissionsOf } from "@/lib/server/staff/permissions";
import { pagesFor } from "./shop-frame";

// The console's navigation follows the permission matrix: each role sees the pages its permissions open.
const pages = (roles: TStaffRole[]) => pagesFor(permissionsOf(roles)).map((p) => p.key);

describe("the shop console's pages per role", () => {
  it("gives the owner every page, the history and the page editor with it", () => {
    expect(pages(["owner"])).toEqual(["home", "agenda", "page", "team", "services", "hours", "reviews", "reports", "history", "alerts"]);
  });

  it("gives a manager team, services, hours, reviews and reports but not the page or the history", () => {
    expect(pages(["manager"])).toEqual(["home", "agenda", "team", "services", "hours", "reviews", "reports", "alerts"]);
  });

  it("gives the front desk the agenda, the team and the reviews to read, not the reports", () => {
    expect(pages(["front_desk"])).toEqual(["home", "agenda", "team", "reviews", "alerts"]);
  });

  it("gives a barber his agenda and his own hours", () => {
    expect(pages(["barber"])).toEqual(["home", "agenda", "team", "hours", "reviews", "alerts"]);
  });

  it("adds roles up: a front desk who also cuts hair has the hours too", () => {
    expect(pages(["front_desk", "barber"])).toEqual(["home", "agenda", "team", "hours", "reviews", "alerts"]);
  });
});
